#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// A video that cannot be made fails with one line that says why, and
/// leaves nothing behind: no MP4, no temporary file.
@Suite struct VideoFailureTests {
    static let size = PixelSize(width: 64, height: 48)

    static func isOneLine(_ error: ImagingError) -> Bool {
        let text = error.description
        return !text.isEmpty && !text.contains("\n") && text.count < 200
    }

    @Test func anUnwritableFolderFailsBeforeEncoding() throws {
        #expect {
            try VideoEncoder(path: "/nonexistent-filmroll-folder/out.mp4", size: Self.size)
        } throws: { error in
            guard let error = error as? ImagingError, Self.isOneLine(error) else { return false }
            return error == .fileSystem(.failed(.create, path: "/nonexistent-filmroll-folder/out.mp4", .system(errno: ENOENT)))
                && error.description == "cannot create /nonexistent-filmroll-folder/out.mp4: no such file or directory"
        }
    }

    @Test func zeroFramesWriteNothing() throws {
        let folder = try VideoScratch()
        let encoder = try VideoEncoder(path: folder.file("empty.mp4"), size: Self.size)
        #expect(VideoFixtures.names(in: folder.path).count == 1, "the temporary file while encoding")
        #expect(throws: ImagingError.videoEncodingFailed("a video needs at least one frame")) { try encoder.finish() }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
        #expect(throws: ImagingError.self) { try encoder.add(VideoFixtures.frame(0, size: Self.size)) }
    }

    /// Sizes no H.264 encoder takes are refused before any file exists.
    @Test(arguments: [PixelSize(width: 1, height: 1), PixelSize(width: 0, height: 100), PixelSize(width: -2, height: 8),
                      PixelSize(width: 100_000, height: 100_000), PixelSize(width: 16_386, height: 2),
                      PixelSize(width: 8192, height: 8192), PixelSize(width: Int.max, height: Int.max)])
    func hostileSizesAreRefused(size: PixelSize) throws {
        let folder = try VideoScratch()
        #expect {
            try VideoEncoder(path: folder.file("huge.mp4"), size: size)
        } throws: { error in
            guard let error = error as? ImagingError, Self.isOneLine(error) else { return false }
            switch error {
            case .imageTooLarge, .videoEncodingFailed: return true
            default: return false
            }
        }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    @Test func theFrameSizeLimitComesFromDecodeLimits() throws {
        let folder = try VideoScratch()
        var options = VideoOptions()
        options.limits = DecodeLimits(maxPixelsPerFrame: 64 * 48 - 1)
        #expect(throws: ImagingError.imageTooLarge(Self.size)) {
            try VideoEncoder(path: folder.file("limited.mp4"), size: Self.size, options: options)
        }
        options.limits = DecodeLimits(maxPixelsPerFrame: 64 * 48)
        _ = try VideoEncoder(path: folder.file("limited.mp4"), size: Self.size, options: options)
    }

    @Test func aFrameOfAnotherSizeAbandonsTheVideo() throws {
        let folder = try VideoScratch()
        let encoder = try VideoEncoder(path: folder.file("out.mp4"), size: Self.size)
        try encoder.add(VideoFixtures.frame(0, size: Self.size))
        #expect(throws: ImagingError.videoEncodingFailed("a frame is 65×48, the video 64×48")) {
            try encoder.add(VideoFixtures.frame(1, size: PixelSize(width: 65, height: 48)))
        }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
        #expect(throws: ImagingError.self) { try encoder.finish() }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    @Test func theFrameLimitStopsALongVideo() throws {
        let folder = try VideoScratch()
        var options = VideoOptions()
        options.maxFrames = 3
        let encoder = try VideoEncoder(path: folder.file("long.mp4"), size: Self.size, options: options)
        for index in 0..<3 { try encoder.add(VideoFixtures.frame(index, size: Self.size)) }
        #expect(throws: ImagingError.limitExceeded(.videoFrames(maximum: 3))) {
            try encoder.add(VideoFixtures.frame(3, size: Self.size))
        }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    @Test(arguments: [-1.0, 52, .nan, .infinity])
    func anInvalidCRFIsRefused(crf: Double) throws {
        let folder = try VideoScratch()
        #expect {
            try VideoEncoder(path: folder.file("bad.mp4"), size: Self.size, options: VideoOptions(crf: crf))
        } throws: { error in
            guard let error = error as? ImagingError, case .videoEncodingFailed(let reason) = error else { return false }
            return reason.hasPrefix("crf ") && Self.isOneLine(error)
        }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    @Test func aMillisecondFrameNeedsAPositiveDuration() throws {
        let folder = try VideoScratch()
        let encoder = try VideoEncoder(path: folder.file("delays.mp4"), size: Self.size,
                                       options: VideoOptions(timing: .delays([100, 0])))
        try encoder.add(VideoFixtures.frame(0, size: Self.size), duration: 100)
        #expect(throws: ImagingError.videoEncodingFailed("a frame lasts at least one tick, not 0")) {
            try encoder.add(VideoFixtures.frame(1, size: Self.size), duration: 0)
        }
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }

    /// While encoding, the only file is a temporary that `TemporaryFiles`
    /// knows (a Ctrl-C removes it, a later run sweeps it); an encoder
    /// dropped unfinished removes it; an older file is replaced only by a
    /// finished video.
    @Test func theVideoAppearsWholeOrNotAtAll() throws {
        let folder = try VideoScratch()
        let path = folder.file("movie.mp4")
        try AtomicFile.write(Array("old".utf8), to: path)
        do {
            let encoder = try VideoEncoder(path: path, size: Self.size)
            for index in 0..<5 { try encoder.add(VideoFixtures.frame(index, size: Self.size)) }
            let names = VideoFixtures.names(in: folder.path)
            #expect(names.count == 2 && names.contains("movie.mp4"))
            let temporary = try #require(names.first { $0 != "movie.mp4" })
            #expect(temporary.hasPrefix(".movie.mp4.filmroll-\(getpid())-") && temporary.hasSuffix(".tmp"))
            #expect(try FileBytes.read(path) == Array("old".utf8))
        }
        #expect(VideoFixtures.names(in: folder.path) == ["movie.mp4"])
        #expect(try FileBytes.read(path) == Array("old".utf8))

        let encoder = try VideoEncoder(path: path, size: Self.size)
        try encoder.add(VideoFixtures.frame(0, size: Self.size))
        encoder.cancel()
        #expect(VideoFixtures.names(in: folder.path) == ["movie.mp4"])
        #expect(try FileBytes.read(path) == Array("old".utf8))

        try VideoEncoderTests.encode(path, count: 2, size: Self.size)
        #expect(VideoFixtures.names(in: folder.path) == ["movie.mp4"])
        #expect(try FileBytes.read(path).count > 100)
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func aFullDiskFailsWithOneLineAndLeavesNothing() throws {
        let disk = try #require(ScratchMount.tmpfs(bytes: 64 << 10))
        defer { disk.unmount() }
        let size = PixelSize(width: 320, height: 240)
        let encoder = try VideoEncoder(path: disk.file("full.mp4"), size: size, options: VideoOptions(crf: 0))
        var noise = SystemRandomNumberGenerator()
        #expect {
            for _ in 0..<20 {
                let pixels = (0..<size.pixelCount * 3).map { _ in UInt8.random(in: 0...255, using: &noise) }
                try encoder.add(Image(width: size.width, height: size.height, format: .rgb8, pixels: pixels))
            }
            try encoder.finish()
        } throws: { error in
            (error as? ImagingError) == .videoEncodingFailed("no space left on device")
        }
        #expect(VideoFixtures.names(in: disk.path).isEmpty)
    }
}
