import Foundation
import Imaging
import Testing
import TestSupport

/// H.264 MP4s as VideoEncoder writes them, checked in their boxes (parsed
/// here) and decoded back with libavcodec.
@Suite struct VideoEncoderTests {
    static let size = PixelSize(width: 160, height: 120)

    /// Encodes `count` fixture frames; each lasts `durations[i]` ticks (1 by default).
    @discardableResult
    static func encode(_ path: String, count: Int, size: PixelSize = size, options: VideoOptions = VideoOptions(),
                       durations: [Int]? = nil) throws -> VideoEncoder {
        let encoder = try VideoEncoder(path: path, size: size, options: options)
        for index in 0..<count {
            try encoder.add(VideoFixtures.frame(index, size: size), duration: durations?[index] ?? 1)
        }
        try encoder.finish()
        return encoder
    }

    @Test func moovComesBeforeMdatAndTheColourIsTaggedBT709() throws {
        let folder = try VideoScratch()
        let path = folder.file("clip.mp4")
        try Self.encode(path, count: 12, options: VideoOptions(timing: .frameRate(10)))

        let file = MP4Boxes(try FileBytes.read(path))
        let top = try file.boxes().map(\.type)
        #expect(top.first == "ftyp")
        let moov = try #require(top.firstIndex(of: "moov")), mdat = try #require(top.firstIndex(of: "mdat"))
        #expect(moov < mdat, "+faststart puts moov first: \(top)")
        let entry = try file.sampleEntryBoxes()
        #expect(entry.entry == "avc1")
        #expect(entry.width == 160 && entry.height == 120)
        #expect(entry.children.contains { $0.type == "avcC" })
        #expect(try file.colour() == CICP(primaries: 1, transfer: 1, matrix: 1, fullRange: false))

        let reader = try VideoReader(path: path)
        #expect(reader.info.codec == "h264")
        #expect(reader.info.size == Self.size)
        #expect(reader.info.color == CICP(primaries: 1, transfer: 1, matrix: 1, fullRange: false))
        #expect(reader.info.isYUV420)
        #expect(VideoFixtures.names(in: folder.path) == ["clip.mp4"], "no temporary left beside it")
    }

    /// (timing, frames, durations in ticks, track timescale, each frame's duration in it, total seconds)
    static let timings: [(VideoTiming, [Int], Int, [Int], Double)] = [
        (.frameRate(10), Array(repeating: 1, count: 24), 10_240, Array(repeating: 1024, count: 24), 2.4),
        (.frameRate(FrameRate(numerator: 30_000, denominator: 1001)!), Array(repeating: 1, count: 30), 30_000,
         Array(repeating: 1001, count: 30), 1.001),
        // --delays: each frame its own milliseconds; the clock is 1/1000 s (16,000 in the file).
        (.delays([100, 250, 40, 1000, 70, 120, 100, 100, 500, 33]), [100, 250, 40, 1000, 70, 120, 100, 100, 500, 33], 16_000,
         [100, 250, 40, 1000, 70, 120, 100, 100, 500, 33].map { $0 * 16 }, 2.313),
    ]

    @Test(arguments: 0..<timings.count)
    func frameCountAndDurationsAreExact(case index: Int) throws {
        let (timing, ticks, timescale, durations, seconds) = Self.timings[index]
        let folder = try VideoScratch()
        let path = folder.file("timed.mp4")
        let encoder = try Self.encode(path, count: ticks.count, options: VideoOptions(timing: timing), durations: ticks)
        #expect(encoder.frameCount == ticks.count)

        let file = MP4Boxes(try FileBytes.read(path))
        #expect(try file.sampleCount() == ticks.count)
        #expect(try file.timeToSample().reduce(0) { $0 + $1.count } == ticks.count)
        let media = try file.timescaleAndDuration("moov/trak/mdia/mdhd")
        #expect(media.timescale == timescale)
        #expect(media.duration == durations.reduce(0, +))
        #expect(try file.displayDurations() == durations)
        let movie = try file.timescaleAndDuration("moov/mvhd")
        #expect(abs(Double(movie.duration) / Double(movie.timescale) - seconds) < 0.001)

        let (info, frames) = try VideoFixtures.decodeAll(path)
        #expect(info.frameCount == ticks.count)
        #expect(frames.count == ticks.count)
        #expect(abs(info.durationSeconds - seconds) < 1e-9)
        // The reader's clock is the track's: each frame starts when the ones before it end.
        #expect(info.tickDenominator == timescale && info.tickNumerator == 1)
        #expect(frames.map { Int($0.durationTicks) } == durations)
        #expect(frames.map { Int($0.timeTicks) } == durations.indices.map { durations[..<$0].reduce(0, +) })
    }

    /// Thresholds about 1 dB under what libx264 gives today (45.2 and
    /// 43.6 dB for the worst frame), so a change of x264's threads does
    /// not trip them, but a wrong matrix, range or chroma siting (33 dB) does.
    @Test(arguments: [(18.0, 44.0), (23.0, 42.5)])
    func decodedFramesMatchTheSource(crf: Double, minimumPSNR: Double) throws {
        let folder = try VideoScratch()
        let path = folder.file("quality.mp4")
        var options = VideoOptions(timing: .frameRate(10), crf: crf)
        options.preset = .medium
        try Self.encode(path, count: 10, options: options)
        let (_, frames) = try VideoFixtures.decodeAll(path)
        try #require(frames.count == 10)
        for (index, frame) in frames.enumerated() {
            let psnr = PixelMatch.psnr(frame.image, VideoFixtures.frame(index, size: Self.size))
            #expect(psnr >= minimumPSNR, "frame \(index): \(psnr) dB")
        }
    }

    /// Pure colours through the BT.709 matrix into limited range, as
    /// coded (lossless, so the values are the converter's own).
    @Test func coloursAreCodedWithTheBT709MatrixInLimitedRange() throws {
        let folder = try VideoScratch()
        let path = folder.file("bars.mp4")
        let colours: [[UInt8]] = [[255, 255, 255], [0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255], [128, 128, 128]]
        // BT.709: Y = 16 + 219 (0.2126 R + 0.7152 G + 0.0722 B), Cb, Cr = 128 + 224 × (B or R - Y') / 1.8556 or 1.5748.
        let expected: [(Int, Int, Int)] = [(235, 128, 128), (16, 128, 128), (63, 102, 240), (173, 42, 26), (32, 240, 118),
                                          (126, 128, 128)]
        let size = PixelSize(width: 32 * colours.count, height: 32)
        var pixels: [UInt8] = []
        for _ in 0..<size.height { for x in 0..<size.width { pixels += colours[x / 32] } }
        let encoder = try VideoEncoder(path: path, size: size, options: VideoOptions(timing: .frameRate(10), crf: 0))
        try encoder.add(Image(width: size.width, height: size.height, format: .rgb8, pixels: pixels))
        try encoder.finish()

        let reader = try VideoReader(path: path)
        let planes = try #require(try reader.nextPlanes())
        for (index, value) in expected.enumerated() {
            let sample = planes.sample(x: index * 32 + 16, y: 16)
            #expect(abs(Int(sample.y) - value.0) <= 1 && abs(Int(sample.cb) - value.1) <= 1 && abs(Int(sample.cr) - value.2) <= 1,
                    "colour \(colours[index]): Y Cb Cr \(sample), BT.709 gives \(value)")
        }
        #expect(try reader.nextPlanes() == nil)
        // And back to RGB through the same matrix: the colours return.
        let rgb = try #require(try VideoReader(path: path).nextFrame()).image
        for (index, colour) in colours.enumerated() {
            #expect(PixelMatch.near(rgb.pixel(x: index * 32 + 16, y: 16), colour, tolerance: 2), "\(colour)")
        }
    }

    @Test func anOddSizeIsRoundedDownToEven() throws {
        let folder = try VideoScratch()
        let path = folder.file("odd.mp4")
        let odd = PixelSize(width: 161, height: 121)
        let encoder = try VideoEncoder(path: path, size: odd, options: VideoOptions(timing: .frameRate(10), crf: 18))
        #expect(encoder.size == PixelSize(width: 160, height: 120))
        #expect(encoder.requestedSize == odd)
        for index in 0..<3 { try encoder.add(VideoFixtures.frame(index, size: odd)) }
        try encoder.add(VideoFixtures.frame(3, size: encoder.size))   // the even size is accepted too
        try encoder.finish()

        let entry = try MP4Boxes(try FileBytes.read(path)).sampleEntryBoxes()
        #expect(entry.width == 160 && entry.height == 120)
        let (info, frames) = try VideoFixtures.decodeAll(path)
        #expect(info.size == PixelSize(width: 160, height: 120))
        // The frames lost their last column and row, nothing else.
        let first = VideoFixtures.frame(0, size: odd).cropped(to: PixelRect(x: 0, y: 0, width: 160, height: 120))
        #expect(PixelMatch.psnr(frames[0].image, first) > 40)
    }

    @Test func grayAndRGBAFramesAreEncodedToo() throws {
        let folder = try VideoScratch()
        let path = folder.file("formats.mp4")
        let encoder = try VideoEncoder(path: path, size: Self.size, options: VideoOptions(timing: .frameRate(10), crf: 18))
        try encoder.add(VideoFixtures.frame(0, size: Self.size, format: .rgba8))
        try encoder.add(VideoFixtures.frame(0, size: Self.size, format: .gray8))
        try encoder.finish()
        let (_, frames) = try VideoFixtures.decodeAll(path)
        try #require(frames.count == 2)
        #expect(PixelMatch.psnr(frames[0].image, VideoFixtures.frame(0, size: Self.size)) > 40)
        let gray = VideoFixtures.frame(0, size: Self.size, format: .gray8).flattened(over: .white)
        #expect(PixelMatch.psnr(frames[1].image, gray) > 40)
    }
}
