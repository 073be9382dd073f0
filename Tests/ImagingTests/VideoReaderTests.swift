#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// The reader on good files, hostile ones and over its limits: every
/// failure is one `ImagingError` line, never a crash or a message on stderr.
@Suite struct VideoReaderTests {
    static let size = PixelSize(width: 96, height: 64)

    /// A valid 8-frame MP4's bytes.
    static let clip: [UInt8] = {
        let folder = try! VideoScratch()
        let path = folder.file("clip.mp4")
        try! VideoEncoderTests.encode(path, count: 8, size: size, options: VideoOptions(timing: .frameRate(10)))
        return try! FileBytes.read(path)
    }()

    static func write(_ bytes: [UInt8], in folder: VideoScratch, as name: String = "video.mp4") throws -> String {
        let path = folder.file(name)
        try AtomicFile.write(bytes, to: path)
        return path
    }

    /// Opens and decodes every frame; the frames decoded, or the error.
    static func readAll(_ path: String, limits: DecodeLimits = .default) -> Result<Int, ImagingError> {
        Result { () throws(ImagingError) -> Int in
            let reader = try VideoReader(path: path, limits: limits)
            var count = 0
            while try reader.nextFrame() != nil { count += 1 }
            return count
        }
    }

    static func failsWithOneLine(_ result: Result<Int, ImagingError>, _ check: (ImagingError) -> Bool = { _ in true }) -> Bool {
        guard case .failure(let error) = result else { return false }
        return !error.description.contains("\n") && !error.description.isEmpty && check(error)
    }

    @Test func aValidClipDecodesEveryFrameWithItsTimes() throws {
        let folder = try VideoScratch()
        let reader = try VideoReader(path: try Self.write(Self.clip, in: folder))
        #expect(reader.info.frameCount == 8)
        #expect(reader.info.frameRate == 10)
        #expect(abs(reader.info.durationSeconds - 0.8) < 1e-9)
        var times: [Int64] = []
        while let frame = try reader.nextFrame() {
            #expect(frame.image.size == Self.size && frame.image.format == .rgb8)
            times.append(frame.timeTicks)
        }
        #expect(times == (0..<8).map { Int64($0 * 1024) })
        #expect(try reader.nextFrame() == nil)
    }

    /// Files other programs write (Tests/Videos/, made by ffmpeg): untagged
    /// BT.601, full range, 4:4:4. Each block comes back its colour: a wrong
    /// matrix would shift the colours, a wrong range the greys.
    @Test(arguments: ["untagged-bt601.mp4", "full-range.mp4", "yuv444.mp4"])
    func otherProgramsVideosDecodeToTheirColours(name: String) throws {
        let reader = try VideoReader(path: Fixtures.root + "/Tests/Videos/" + name)
        #expect(reader.info.size == PixelSize(width: 128, height: 96))
        #expect(reader.info.frameCount == 3)
        #expect(reader.info.color.matrix == 2, "untagged")
        #expect(reader.info.color.fullRange == (name == "full-range.mp4"))
        let blocks: [(Int, Int, [UInt8])] = [(32, 16, [255, 0, 0]), (96, 16, [0, 255, 0]), (32, 48, [0, 0, 255]),
                                             (96, 48, [255, 255, 0]), (32, 80, [220, 220, 220]), (96, 80, [40, 40, 40])]
        var frames = 0
        while let frame = try reader.nextFrame() {
            for (x, y, colour) in blocks {
                #expect(PixelMatch.near(frame.image.pixel(x: x, y: y), colour, tolerance: 6),
                        "\(name) frame \(frames) at (\(x), \(y)): \(frame.image.pixel(x: x, y: y)), not \(colour)")
            }
            frames += 1
        }
        #expect(frames == 3)
    }

    @Test func planesAreFor420Only() throws {
        let reader = try VideoReader(path: Fixtures.root + "/Tests/Videos/yuv444.mp4")
        #expect(!reader.info.isYUV420)
        #expect(throws: ImagingError.videoDecodingFailed("the video is not 8-bit 4:2:0")) { try reader.nextPlanes() }
        // Full range 4:2:0: the planes as coded, grey 220 at full range is Y 220.
        let full = try VideoReader(path: Fixtures.root + "/Tests/Videos/full-range.mp4")
        let planes = try #require(try full.nextPlanes())
        #expect(abs(Int(planes.sample(x: 32, y: 80).y) - 220) <= 3)
        #expect(abs(Int(planes.sample(x: 96, y: 80).y) - 40) <= 3)
    }

    @Test(arguments: [
        ("empty", [UInt8]()),
        ("text", Array("this is not a video, just some text that goes on for a while".utf8)),
        ("ftyp only", Array(clip.prefix(32))),
        ("noise", (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }),
    ])
    func notAVideoFailsWithOneLine(name: String, bytes: [UInt8]) throws {
        let folder = try VideoScratch()
        let result = Self.readAll(try Self.write(bytes, in: folder))
        #expect(Self.failsWithOneLine(result) { error in
            if case .videoDecodingFailed = error { return true }
            return false
        }, "\(name): \(result)")
    }

    @Test func aPhotoIsNotAVideo() throws {
        let result = Self.readAll(Fixtures.path("png/rgba.png"))
        #expect(Self.failsWithOneLine(result), "\(result)")
    }

    @Test func aMissingFileSaysSo() throws {
        let result = Self.readAll("/nonexistent-filmroll-folder/missing.mp4")
        #expect(Self.failsWithOneLine(result) { $0 == .videoDecodingFailed("no such file or directory") }, "\(result)")
    }

    /// The index lists 8 frames, the data ends before them: an error, not
    /// a short video passed off as whole.
    @Test(arguments: [0.2, 0.5, 0.9, 0.99])
    func aTruncatedClipFails(keeping fraction: Double) throws {
        let folder = try VideoScratch()
        let path = try Self.write(Array(Self.clip.prefix(Int(Double(Self.clip.count) * fraction))), in: folder)
        let result = Self.readAll(path)
        #expect(Self.failsWithOneLine(result), "\(result)")
    }

    /// Bytes changed all over a valid clip (a fixed pseudo-random pattern):
    /// each gives frames or one error line, never a crash.
    @Test func damagedClipsNeverCrash() throws {
        let folder = try VideoScratch()
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var outcomes: [String: Int] = [:]
        for round in 0..<40 {
            var bytes = Self.clip
            for _ in 0..<(1 + round % 8) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let at = Int(state >> 33) % bytes.count
                bytes[at] ^= UInt8(truncatingIfNeeded: state >> 17) | 1
            }
            switch Self.readAll(try Self.write(bytes, in: folder, as: "damaged-\(round).mp4")) {
            case .success: outcomes["decoded", default: 0] += 1
            case .failure(let error):
                #expect(!error.description.contains("\n"), "round \(round): \(error)")
                outcomes["failed", default: 0] += 1
            }
        }
        #expect(outcomes["decoded", default: 0] > 0 && outcomes["failed", default: 0] > 0, "\(outcomes)")
    }

    @Test func theLimitsApplyBeforeDecoding() throws {
        let folder = try VideoScratch()
        let path = try Self.write(Self.clip, in: folder)
        #expect(throws: ImagingError.imageTooLarge(Self.size)) {
            try VideoReader(path: path, limits: DecodeLimits(maxPixelsPerFrame: Self.size.pixelCount - 1))
        }
        #expect(throws: ImagingError.limitExceeded(.frames(count: 8, maximum: 7))) {
            try VideoReader(path: path, limits: DecodeLimits(maxFrames: 7))
        }
        #expect(Self.readAll(path, limits: DecodeLimits(maxFrames: 8)) == .success(8))
    }
}
