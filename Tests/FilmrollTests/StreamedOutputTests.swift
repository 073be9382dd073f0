#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Testing
import TestSupport

/// `gif` and `video` outputs are planned outputs run by the one executor:
/// recorded with their recipe's key, which names their photos by content
/// and every setting that changes their bytes.
@Suite struct StreamedOutputTests {
    /// The key the catalog of `folder` records for the output at `path`.
    static func key(of path: String, in folder: WorkflowFolder) throws -> String? {
        let catalog = try Catalog(folder: folder.path, access: .read)
        return try catalog.ledger().first { $0.path == AbsolutePath.of(path) }?.key
    }

    static func gif(_ folder: WorkflowFolder, _ photos: [String], delay: Int = 100, output: String) throws -> AnimationOutput {
        try AnimationMaker(frames: AnimationFrames(sizing: .width(32)), timing: .delay(milliseconds: Double(delay)), lineage: LineageRecorder())
            .make(InputWalker.expand(photos).files, output: output)
    }

    @Test func anAnimationIsRecordedWithAKeyThatFollowsItsPhotosAndSettings() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)
        let output = folder.file("roll.gif")

        let made = try Self.gif(folder, folder.photos(1, 2, 3), output: output)
        #expect(made.recordingError == nil && made.animation.frameCount == 3)
        let first = try #require(try Self.key(of: output, in: folder))
        #expect(first.count == 32)

        // Asked again with the same photos and settings: the same recipe, found in the
        // catalog's record and left as it is, not encoded again.
        var before = stat(), after = stat()
        #expect(stat(output, &before) == 0)
        let again = try Self.gif(folder, folder.photos(1, 2, 3), output: output)
        #expect(!again.wasMade && made.wasMade)
        #expect(again.animation.frameCount == 3 && again.animation.canvas == made.animation.canvas)
        #expect(stat(output, &after) == 0 && after.st_ino == before.st_ino && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        #expect(try Self.key(of: output, in: folder) == first)
        // A setting that changes the bytes, another photo, and the same photos in another order: each a new recipe.
        _ = try Self.gif(folder, folder.photos(1, 2, 3), delay: 200, output: output)
        let slower = try #require(try Self.key(of: output, in: folder))
        _ = try Self.gif(folder, folder.photos(1, 2, 4), output: output)
        let other = try #require(try Self.key(of: output, in: folder))
        #expect(Set([first, slower, other]).count == 3)
    }

    @Test func aVideoIsRecordedWithItsKeyAndPhotos() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)
        let output = folder.file("roll.mp4")
        func make(fps: Int) throws -> VideoOutput {
            try VideoMaker(source: .frames(FrameRate(numerator: fps, denominator: 1)!), frames: AnimationFrames(sizing: .width(64)),
                           lineage: LineageRecorder())
                .make(InputWalker.expand(folder.photos(1, 5)).files, output: output)
        }

        let video = try make(fps: 2)
        #expect(video.recordingError == nil && video.frameCount == 2 && video.wasMade)
        let first = try #require(try Self.key(of: output, in: folder))
        let again = try make(fps: 2)   // found in the record: not encoded again
        #expect(!again.wasMade && again.frameCount == 2 && again.size == video.size && again.byteCount == video.byteCount)
        _ = try make(fps: 4)
        #expect(try Self.key(of: output, in: folder) != first)
        #expect(try LineageRecorderTests.outputs(of: "IMG_0005.jpg", in: folder) == ["video \(AbsolutePath.of(output))"])
    }

    @Test func aFrameThatCannotBeReadIsNamedAndNothingIsWritten() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "jpeg/truncated.jpg")
        let output = folder.file("roll.gif")
        #expect {
            _ = try AnimationMaker(frames: AnimationFrames(sizing: .width(32)))
                .make(InputWalker.expand([folder.file("broken.jpg"), folder.file("IMG_0001.jpg")]).files, output: output)
        } throws: { error in
            guard case .frame(let path, _) = error as? AnimationError else { return false }
            return path.hasSuffix("broken.jpg")
        }
        #expect(!FileBytes.exists(output))
    }
}
