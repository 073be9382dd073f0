import Filmroll
import Testing
import TestSupport

/// Animated GIFs through the library alone, decoded back to check them.
@Suite struct AnimationMakerTests {
    @Test func aGIFOfAFolderHasAFramePerPhoto() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let output = folder.file("roll.gif")

        let made = try AnimationMaker(frames: AnimationFrames(sizing: .longestEdge(64)), timing: .fps(5))
            .make(InputWalker.expand([folder.path]).files, output: output)

        #expect(made.animation.frameCount == 6)
        #expect(made.animation.canvas == PixelSize(width: 64, height: 48))
        let decoded = try ImageDecoder.decode(contentsOf: output, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 6)
        #expect(decoded.image.size == PixelSize(width: 64, height: 48))
        #expect(decoded.frames.map(\.delayCentiseconds) == Array(repeating: 20, count: 6))
        #expect(OutputMark.read(contentsOf: output) == .gif)
    }

    @Test func anAnimatedInputGivesItsFramesAndDelays() throws {
        let input = Fixtures.path("gif/animated.gif")
        let source = try ImageDecoder.decode(contentsOf: input, options: DecodeOptions(frames: .all))

        let animation = try AnimationMaker().animate(InputWalker.expand([input]).files)

        #expect(animation.frameCount == 4)
        #expect(animation.canvas == PixelSize(width: 48, height: 32))
        let decoded = try ImageDecoder.decode(try #require(animation.bytes), options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 4)
        #expect(decoded.frames.map(\.delayCentiseconds) == source.frames.map(\.delayCentiseconds))
    }

    @Test func bouncePlaysForwardThenBack() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let files = InputWalker.expand(folder.photos(1, 2, 3)).files
        let animation = try AnimationMaker(frames: AnimationFrames(sizing: .width(32)), bounce: true).animate(files)
        #expect(animation.frameCount == 4)     // 1 2 3 2
        #expect(try ImageDecoder.decode(try #require(animation.bytes), options: DecodeOptions(frames: .all)).frames.count == 4)
    }

    @Test func anInputThatCannotBeDecodedIsNamed() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "bad/not-an-image.jpg")
        #expect {
            try AnimationMaker().animate(InputWalker.expand(folder.photos(1) + [folder.file("broken.jpg")]).files)
        } throws: { error in
            guard case let .frame(path, _)? = error as? AnimationError else { return false }
            return path == folder.file("broken.jpg")
        }
    }
}
