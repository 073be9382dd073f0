import Files
import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Videos are items like photos: their header gives the clip's facts, date,
/// place and turn; their "decode" is an upright poster, never black, made
/// no larger than asked; a broken one fails in one line.
@Suite struct VideoDecoderTests {
    static func clip(_ name: String) -> String { Fixtures.root + "/Tests/Videos/camera-roll/" + name }

    static func scratch() -> String {
        let folder = NSTemporaryDirectory() + "filmroll-video-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func anIPhoneClipGivesItsFacts() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Self.clip("iphone-hevc.mov"))
        #expect(info.format == .quickTime)
        #expect(info.storedSize == PixelSize(width: 160, height: 120))
        // The display matrix turns it a quarter: upright it is a portrait.
        #expect(info.metadata.orientation == .left)
        #expect(info.uprightSize == PixelSize(width: 120, height: 160))
        let (date, source) = try #require(info.metadata.captureDateAndSource)
        #expect(source == .quickTime && date.iso8601 == "2024-05-03T14:22:10+09:00")
        let gps = try #require(info.metadata.gps)
        #expect(abs(gps.latitude - 37.5665) < 1e-9 && abs(gps.longitude - 126.978) < 1e-9)
        #expect(info.metadata.camera == "Apple iPhone 15 Pro")
        #expect(info.metadata.contentIdentifier == "9F1C3E2A-7B4D-4E8F-A1B2-C3D4E5F60718")
        let video = try #require(info.metadata.video)
        #expect(video.codec == "hevc" && video.hasAudio && !video.playsInBrowsers)
        #expect(abs(video.durationSeconds - 2) < 0.05)
        #expect(video.frameRate == 30)
        #expect(video.durationText == "0:02")
    }

    @Test func aContainerTimeIsTheDateWhenNothingElseIsAndSaysSo() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Self.clip("fade-in.mp4"))
        #expect(info.format == .mp4)
        let (date, source) = try #require(info.metadata.captureDateAndSource)
        #expect(source == .container && source.isGuess)
        // 10:00 UTC, in this machine's zone.
        let offset = try #require(date.utcOffsetMinutes)
        #expect(((date.hour * 60 + date.minute - offset) % 1440 + 1440) % 1440 == 600)
        #expect(info.metadata.video?.hasAudio == false && info.metadata.video?.codec == "h264")
        #expect(info.metadata.orientation == .up && info.metadata.gps == nil)
    }

    /// The clip fades in from black with one key frame: the poster is a
    /// frame after the fade, found by decoding on from the start.
    @Test func thePosterIsNeverTheBlackOfAFade() throws {
        let poster = try ImageDecoder.decode(contentsOf: Self.clip("fade-in.mp4")).frames[0].image
        #expect(poster.size == PixelSize(width: 160, height: 120))
        let (mean, spread) = VideoPoster.lightness(of: poster)
        #expect(mean > 60 && spread > 12)
    }

    @Test func thePosterIsUprightAndShrunkOnDecode() throws {
        let path = Self.clip("iphone-hevc.mov")
        let decoded = try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(target: .edge(40)))
        // 160×120 shrunk by 4 covers 40 px; upright, a portrait.
        #expect(decoded.frames[0].image.size == PixelSize(width: 30, height: 40))
        let full = try ImageDecoder.decode(contentsOf: path).frames[0].image
        #expect(full.size == PixelSize(width: 120, height: 160))
        #expect(VideoPoster.lightness(of: full).spread > 12)
    }

    @Test func aVideoIsNeverReadWhole() throws {
        let file = try ImageFile.open(Self.clip("iphone-hevc.mov"), limit: 100)
        let size = try FileBytes.read(Self.clip("iphone-hevc.mov")).count
        #expect(file.bytes == nil && file.byteCount == size)
        #expect(file.decoder.readsFiles)
    }

    @Test func aCutVideoFailsAsTheFilesFault() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = try FileBytes.read(Self.clip("iphone-hevc.mov"))
        try AtomicFile.write(Array(bytes.prefix(600)), to: folder + "/cut.mov")
        #expect {
            try ImageDecoder.readInfo(contentsOf: folder + "/cut.mov")
        } throws: { error in
            guard let error = error as? ImagingError, case .corrupt(let format, _) = error else { return false }
            return format == .quickTime && error.isInTheFile && !error.description.contains("\n")
        }
    }

    @Test func aFrameAboveThePixelLimitIsRefusedBeforeDecoding() throws {
        var limits = DecodeLimits.default
        limits.maxPixelsPerFrame = 160 * 120 - 1
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 160, height: 120))) {
            try ImageDecoder.readInfo(contentsOf: Self.clip("fade-in.mp4"), limits: limits)
        }
    }

    @Test func videosAreSniffedByTheirBoxesNotImages() throws {
        func head(_ text: String, brand: String) -> [UInt8] { [0, 0, 0, 0x14] + Array((text + brand).utf8) + [0, 0, 2, 0] }
        #expect(ImageFormat.sniff(head("ftyp", brand: "qt  ")) == .quickTime)
        #expect(ImageFormat.sniff(head("ftyp", brand: "mp42")) == .mp4)
        #expect(ImageFormat.sniff(head("ftyp", brand: "3gp5")) == .mp4)
        #expect(ImageFormat.sniff(head("ftyp", brand: "heic")) == .heif)
        // Older QuickTime files start with their atoms.
        #expect(ImageFormat.sniff(head("wide", brand: "")) == .quickTime)
        #expect(ImageFormat.sniff(head("ftyp", brand: "zzzz")) == nil)
        #expect(ImageDecoders.fileExtensions.isSuperset(of: ["mov", "mp4", "m4v", "3gp"]))
    }

    @Test func iso6709PositionsInEveryForm() {
        func near(_ coordinate: GPSCoordinate?, _ latitude: Double, _ longitude: Double) -> Bool {
            guard let coordinate else { return false }
            return abs(coordinate.latitude - latitude) < 1e-6 && abs(coordinate.longitude - longitude) < 1e-6
        }
        #expect(near(ISO6709.coordinate("+37.5665+126.9780+038.000/"), 37.5665, 126.978))
        #expect(near(ISO6709.coordinate("-33.8688+151.2093/"), -33.8688, 151.2093))
        #expect(near(ISO6709.coordinate("+4043.5-07400.5/"), 40 + 43.5 / 60, -(74 + 0.5 / 60)))
        #expect(near(ISO6709.coordinate("+404330-0740030/"), 40 + 43.0 / 60 + 30.0 / 3600, -(74 + 0.5 / 60)))
        #expect(ISO6709.coordinate("+0.0+0.0/") == nil)
        #expect(ISO6709.coordinate("+95.0+10.0/") == nil)
        #expect(ISO6709.coordinate("garbage") == nil)
        #expect(ISO6709.coordinate("+37.5665") == nil)
    }

    @Test func aHEVCClipBecomesAnUprightH264Clip() throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/clip.mp4"
        var options = VideoOptions(crf: 23, preset: .veryfast)
        options.threads = 1
        let frames = try ClipTranscoder.transcode(Self.clip("iphone-hevc.mov"), to: output, options: options, limits: .default)
        #expect(frames == 60)
        let reader = try VideoReader(path: output)
        #expect(reader.info.codec == "h264")
        #expect(reader.info.size == PixelSize(width: 120, height: 160))
        #expect(abs(reader.info.durationSeconds - 2) < 0.05)
        #expect(OutputMark.read(contentsOf: output) == nil)
        // Its AAC sound is copied as it is.
        let copied = try #require(try ImageDecoder.readInfo(contentsOf: output).metadata.video)
        #expect(copied.hasAudio && copied.codec == "h264")
        // Its BT.709 planes were turned upright as the poster is, frame after frame (each
        // decoded into the buffer the frame before last was in): every frame agrees with
        // its own source frame (1.6 to 3.0 apart here) more than with the one before (4.5 to 5.7).
        let source = try VideoReader(path: Self.clip("iphone-hevc.mov"))
        var compared = 0
        while let made = try reader.nextFrame()?.image, let original = try source.nextFrame()?.image {
            #expect(Self.meanDifference(made, original.applying(.left)) < 3.75, "frame \(compared)")
            compared += 1
        }
        #expect(compared == 60)
    }

    /// A camera's PCM sound cannot go into an MP4 for the web as it is: it is re-encoded to AAC
    /// (ffprobe reads the clip's sound as AAC, 16 kHz, mono, 1.0 s; its tone 660 Hz, as the source's).
    @Test func aCamerasPCMSoundBecomesAAC() throws {
        let source = Self.clip("camera-pcm.mov")
        #expect(try ImageDecoder.readInfo(contentsOf: source).metadata.video?.hasAudio == true)
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = VideoOptions(crf: 23, preset: .veryfast)
        options.threads = 1
        #expect(try ClipTranscoder.transcode(source, to: folder + "/clip.mp4", options: options, limits: .default) == 25)
        let clip = try #require(try ImageDecoder.readInfo(contentsOf: folder + "/clip.mp4").metadata.video)
        #expect(clip.hasAudio && clip.codec == "h264")
        #expect(abs(clip.durationSeconds - 1) < 0.05)
        // Left out, the clip would be as long and silent.
        let silent = try ClipTranscoder.transcode(source, to: folder + "/silent.mp4", options: options, limits: .default,
                                                  withSound: false)
        #expect(silent == 25)
        #expect(try ImageDecoder.readInfo(contentsOf: folder + "/silent.mp4").metadata.video?.hasAudio == false)
    }

    /// Each frame is decoded on another thread while the one before is encoded, and the
    /// sound the reader queues meanwhile is taken by the encoder under a lock, each frame
    /// with the sound read up to the next: the clip's bytes are those of decoding in turn,
    /// with AAC copied, turned, as planes or (HDR, tone-mapped) through RGB. (Not the PCM
    /// clip: on it, Debian's libx264 0.164 reads memory it never wrote in its
    /// macroblock-tree rate control, so in a process whose heap has been used before its
    /// bytes vary with what was there, whatever the threads: `ffmpeg -threads 1` does the
    /// same under `MALLOC_PERTURB_`, and `-x264-params mbtree=0` does not. It depends on
    /// the size and the pictures: test patterns at 160×120, 320×240 and 480×360 and a
    /// motion photo's clip at 960×720 vary; test patterns at 640×360 and 1280×720 do not.)
    @Test(arguments: ["iphone-hevc.mov", "iphone-hlg.mov"])
    func decodingAheadMakesTheSameBytes(name: String) throws {
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = VideoOptions(crf: 23, preset: .veryfast)
        options.threads = 1
        let ahead = try ClipTranscoder.transcode(Self.clip(name), to: folder + "/ahead.mp4", options: options, limits: .default)
        let inTurn = try ClipTranscoder.transcode(Self.clip(name), to: folder + "/in-turn.mp4", options: options,
                                                  limits: .default, decodesAhead: false)
        #expect(ahead == inTurn && ahead > 0)
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/ahead.mp4"))
        #expect(bytes == FileManager.default.contents(atPath: folder + "/in-turn.mp4"))
        let sound = try ImageDecoder.readInfo(contentsOf: Self.clip(name)).metadata.video?.hasAudio
        #expect(try ImageDecoder.readInfo(contentsOf: folder + "/ahead.mp4").metadata.video?.hasAudio == sound)
    }

    /// What browsers play as it is: 8-bit H.264 with AAC (or no sound); not a camera's PCM
    /// sound, nor an H.264 of a professional profile (the avcC's profile byte, read unopened).
    @Test func whatBrowsersPlayAsItIs() throws {
        let pcm = try #require(try ImageDecoder.readInfo(contentsOf: Self.clip("camera-pcm.mov")).metadata.video)
        #expect(pcm.codec == "h264" && pcm.hasAudio && !pcm.soundPlaysInBrowsers && !pcm.playsInBrowsers)
        #expect(ClipTranscoder.needsClip(pcm))
        let silent = try #require(try ImageDecoder.readInfo(contentsOf: Self.clip("fade-in.mp4")).metadata.video)
        #expect(silent.playsInBrowsers && !ClipTranscoder.needsClip(silent))
        let hevc = try #require(try ImageDecoder.readInfo(contentsOf: Self.clip("iphone-hevc.mov")).metadata.video)
        #expect(hevc.hasAudio && hevc.soundPlaysInBrowsers && !hevc.playsInBrowsers)

        var bytes = try FileBytes.read(Self.clip("fade-in.mp4"))
        let avcC = try #require(bytes.firstRange(of: Array("avcC".utf8))).upperBound
        #expect(bytes[avcC + 1] == 100)   // High
        bytes[avcC + 1] = 122
        let folder = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.write(bytes, to: folder + "/camera.mp4")
        let camera = try #require(try ImageDecoder.readInfo(contentsOf: folder + "/camera.mp4").metadata.video)
        #expect(camera.codec == "h264 (High 4:2:2)" && !camera.playsInBrowsers)
    }

    static func meanDifference(_ a: Image, _ b: Image) -> Double {
        guard a.size == b.size, a.format == b.format else { return .infinity }
        let total = zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(max(1, a.pixels.count))
    }

    /// 4:2:0 planes turn plane by plane: a 4×2 frame's luma and its 2×1 chroma.
    @Test func planesTurnEachOnItsOwn() {
        let planes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8] + [10, 11] + [20, 21]
        let turned = ClipTranscoder.turned(planes, size: PixelSize(width: 4, height: 2), by: .right)
        // Turned a quarter clockwise: 2×4, the bottom row first down the left.
        #expect(turned == [5, 1, 6, 2, 7, 3, 8, 4] + [10, 11] + [20, 21])
        #expect(ClipTranscoder.turned(planes, size: PixelSize(width: 4, height: 2), by: .down)
                == [8, 7, 6, 5, 4, 3, 2, 1] + [11, 10] + [21, 20])
        // Every orientation, on odd sides too, as `Image` turns each plane.
        let size = PixelSize(width: 5, height: 3), chroma = PixelSize(width: 3, height: 2)
        let frame = (0..<size.pixelCount + 2 * chroma.pixelCount).map { UInt8($0) }
        for orientation in [Orientation.up, .upMirrored, .down, .downMirrored, .leftMirrored, .right, .rightMirrored, .left] {
            func plane(_ range: Range<Int>, _ planeSize: PixelSize) -> [UInt8] {
                Image(width: planeSize.width, height: planeSize.height, format: .gray8, pixels: Array(frame[range]))
                    .applying(orientation).pixels
            }
            let expected = plane(0..<15, size) + plane(15..<21, chroma) + plane(21..<27, chroma)
            var reused = [UInt8](repeating: 0xEE, count: frame.count)
            ClipTranscoder.turn(frame, size: size, by: orientation, into: &reused)
            #expect(reused == expected, "\(orientation)")
        }
    }

    @Test func clipsAreAt720pAtMostWithEvenSides() {
        #expect(ClipTranscoder.outputSize(of: PixelSize(width: 3840, height: 2160)) == PixelSize(width: 1280, height: 720))
        #expect(ClipTranscoder.outputSize(of: PixelSize(width: 1080, height: 1920)) == PixelSize(width: 720, height: 1280))
        #expect(ClipTranscoder.outputSize(of: PixelSize(width: 161, height: 121)) == PixelSize(width: 160, height: 120))
    }
}

/// HDR video (10-bit HEVC, BT.2020 HLG, as iPhones record) shown as SDR: the
/// poster and the web clip through the stream's curve and primaries to sRGB,
/// reference white near white and a red carried from sRGB red again.
@Suite struct HDRVideoTests {
    /// The test card's four bands at the middle row: reference white, signal 50 %, red, black.
    static func bands(_ image: Image) -> [[Int]] {
        let rgb = image.rgba()
        return (0..<4).map { band in
            let x = band * rgb.width / 4 + rgb.width / 8, offset = rgb.height / 2 * rgb.bytesPerRow + x * 4
            return (0..<3).map { Int(rgb.pixels[offset + $0]) }
        }
    }

    @Test func anHLGPosterIsToneMappedToSRGB() throws {
        let path = VideoDecoderTests.clip("iphone-hlg.mov")
        let info = try ImageDecoder.readInfo(contentsOf: path)
        #expect(info.colorSpace == .cicp(CICP(primaries: 9, transfer: 18, matrix: 9, fullRange: false)))
        #expect(info.colorSpace.description == "BT.2020 HLG")
        let decoded = try ImageDecoder.decode(contentsOf: path).frames[0].image
        #expect(decoded.colorSpace == info.colorSpace)   // converted after the last resize, as a photo is
        // zimg (ffmpeg's zscale, linear at 203 cd/m2 then BT.709 and sRGB's curve) reads the
        // card as 255, 137, (255, 0, 0), 0: reference white clips there, and is rolled off here.
        let bands = Self.bands(decoded.convertedToSRGB())
        #expect(bands[0].allSatisfy { (244...255).contains($0) }, "\(bands)")
        #expect(bands[1].allSatisfy { abs($0 - 137) <= 4 }, "\(bands)")
        #expect(bands[2][0] >= 245 && bands[2][1] <= 10 && bands[2][2] <= 10, "\(bands)")
        #expect(bands[3].allSatisfy { $0 <= 4 }, "\(bands)")
        // Taken as sRGB, the signal would read as grey: white 191, red washed out.
        let untouched = Self.bands(decoded.taggedAsSRGBForTest())
        #expect(untouched[0][0] < 200 && untouched[2][1] > 40, "\(untouched)")
    }

    /// The web clip of an HLG video is SDR BT.709 H.264 with the same colours.
    @Test func anHLGClipBecomesAnSDRClip() throws {
        let folder = VideoDecoderTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/clip.mp4"
        var options = VideoOptions(crf: 18, preset: .veryfast)
        options.threads = 1
        #expect(try ClipTranscoder.transcode(VideoDecoderTests.clip("iphone-hlg.mov"), to: output, options: options,
                                             limits: .default) == 30)
        let info = try ImageDecoder.readInfo(contentsOf: output)
        #expect(info.colorSpace == .sRGB)
        let bands = Self.bands(try #require(try VideoReader(path: output).nextFrame()).image)
        #expect(bands[0].allSatisfy { $0 >= 238 }, "\(bands)")
        #expect(bands[1].allSatisfy { abs($0 - 137) <= 6 }, "\(bands)")
        #expect(bands[2][0] >= 230 && bands[2][1] <= 25 && bands[2][2] <= 25, "\(bands)")
        #expect(bands[3].allSatisfy { $0 <= 8 }, "\(bands)")
    }
}

extension Image {
    /// These pixels said to be sRGB, unconverted.
    func taggedAsSRGBForTest() -> Image {
        var image = self
        image.colorSpace = .sRGB
        return image
    }
}
