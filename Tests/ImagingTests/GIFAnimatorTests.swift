import Foundation
@testable import Imaging
import Testing
import TestSupport

@Suite struct FrameTimingTests {
    @Test func thirtyFPSStaysExact() {
        let delays = FrameTiming.fps(30).centiseconds(count: 30)
        #expect(Array(delays.prefix(6)) == [3, 4, 3, 3, 4, 3])
        #expect(delays.reduce(0, +) == 100)
        #expect(FrameTiming.fps(30).centiseconds(count: 300).reduce(0, +) == 1000)
    }

    @Test func delaysInMilliseconds() {
        #expect(FrameTiming.delay(milliseconds: 125).centiseconds(count: 4) == [13, 12, 13, 12])
        #expect(FrameTiming.delays(milliseconds: [100, 250]).centiseconds(count: 4) == [10, 25, 25, 25])
        #expect(FrameTiming.fps(10).centiseconds(count: 3) == [10, 10, 10])
    }
}

@Suite struct GIFAnimatorTests {
    /// Frames of a 40×30 grey picture with a 6×6 red square moving right.
    static func movingSquare(_ count: Int) -> [Image] {
        (0..<count).map { index in
            var image = Image.filled(PixelSize(width: 40, height: 30), with: RGBColor(red: 90, green: 120, blue: 150))
            image.place(Image.filled(PixelSize(width: 6, height: 6), with: RGBColor(red: 230, green: 20, blue: 20)), at: (4 + index * 5, 12))
            return image
        }
    }

    @Test func roundTripsThroughOurDecoder() throws {
        let frames = Self.movingSquare(5)
        var options = GIFOptions()
        options.loop = .repeats(3)
        let bytes = try GIFAnimator(options: options).encode(frames, delays: [10, 20, 30, 40, 50])
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.info.metadata.loop == .repeats(3))
        #expect(decoded.frames.map(\.delayCentiseconds) == [10, 20, 30, 40, 50])
        for (frame, source) in zip(decoded.frames, frames) {
            #expect(PixelMatch.maxDifference(frame.image.flattened(over: .white), source) <= 6)
        }
    }

    @Test func identicalFramesMergeWithTheirDelays() throws {
        let square = Self.movingSquare(2)
        let bytes = try GIFAnimator().encode([square[0], square[0], square[1], square[1], square[1]], delays: [10, 10, 10, 20, 30])
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.map(\.delayCentiseconds) == [20, 60])
        var once = GIFOptions()
        once.loop = .once
        #expect(try ImageDecoder.readInfo(try GIFAnimator(options: once).encode(square, delays: [5, 5])).metadata.loop == .once)
    }

    @Test func laterFramesCoverOnlyWhatChanged() {
        let masks = GIFAnimator.changes(Self.movingSquare(3).map { $0.rgba() }, tolerance: 3)
        #expect(masks[0] == nil)
        // The square moves 5 px right: the old and new squares' union.
        #expect(masks[1]?.bounds == PixelRect(x: 4, y: 12, width: 11, height: 6))
        #expect(masks[2]?.bounds == PixelRect(x: 9, y: 12, width: 11, height: 6))
        #expect(masks[1]?.isChanged(x: 20, y: 2) == false)
    }

    @Test func differencedFileIsSmallerThanFullFrames() throws {
        let frames = Self.movingSquare(6).map { frame -> Image in
            // A detailed, static background: what differencing saves.
            var noisy = frame
            noisy.pixels.withUnsafeMutableBufferPointer { pixels in
                for index in pixels.indices where (index / 3) % 7 == 0 && (index / 120) % 30 < 10 { pixels[index] = UInt8(truncatingIfNeeded: index * 37) }
            }
            return noisy
        }
        var whole = GIFOptions()
        whole.stillTolerance = -1    // every pixel counts as changed
        let differenced = try GIFAnimator().encode(frames, delays: Array(repeating: 10, count: 6))
        let full = try GIFAnimator(options: whole).encode(frames, delays: Array(repeating: 10, count: 6))
        #expect(differenced.count * 4 < full.count * 3)
        let decoded = try ImageDecoder.decode(differenced, options: DecodeOptions(frames: .all))
        for (frame, source) in zip(decoded.frames, frames) {
            #expect(PixelMatch.maxDifference(frame.image.flattened(over: .white), source) <= 12)
        }
    }

    /// Three different 300×260 "photos": a slideshow, where every frame changes.
    static func slideshow() -> [Image] {
        (0..<3).map { index in
            Image(width: 300, height: 260, format: .rgb8) { pixels in
                for y in 0..<260 {
                    for x in 0..<300 {
                        let at = (y * 300 + x) * 3
                        pixels[at] = UInt8((x * (index + 1)) % 256)
                        pixels[at + 1] = UInt8((y + index * 60) % 256)
                        pixels[at + 2] = UInt8(((x + y) / 3 + index * 90) % 256)
                    }
                }
            }
        }
    }

    /// A palette from a half- or quarter-size copy gives a GIF within 1 dB
    /// of one from the full frame, at libimagequant's fast speed too. (These
    /// gradients cannot reach the minimum quality: they once failed with
    /// "quantization failed", the retry reusing a spent histogram.)
    @Test func smallerCopiesPalettesKeepTheFidelity() throws {
        let frames = Self.slideshow()
        func meanPSNR(_ options: GIFOptions) throws -> Double {
            let bytes = try GIFAnimator(options: options).encode(frames, delays: [10, 10, 10])
            let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
            #expect(decoded.frames.count == 3)
            return zip(decoded.frames, frames).map { PixelMatch.psnr($0.image.flattened(over: .white), $1) }.reduce(0, +) / 3
        }
        var fast = GIFOptions()
        fast.speed = 8
        fast.paletteShrink = 2
        let full = try meanPSNR(GIFOptions()), half = try meanPSNR(fast)
        fast.paletteShrink = 4
        let quarter = try meanPSNR(fast)
        #expect(full > 30)
        #expect(half > full - 1)
        #expect(quarter > full - 1)
    }

    @Test func speedOverridesTheQualitysDefault() {
        var options = GIFOptions()
        #expect(options.quantizerSettings.speed == 5)
        options.speed = 8
        #expect(options.quantizerSettings.speed == 8)
        options.speed = 40
        #expect(options.quantizerSettings.speed == 10)
    }

    /// Pillow reads the same frames, delays, loop count and pixels as we do.
    @Test(.enabled(if: pillowAvailable, "Python with Pillow is not installed"))
    func pillowAgrees() throws {
        let bytes = try GIFAnimator().encode(Self.movingSquare(4), delays: [7, 13, 21, 40])
        let path = NSTemporaryDirectory() + "filmroll-pillow-\(UUID().uuidString).gif"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
            import sys, hashlib
            from PIL import Image
            im = Image.open(sys.argv[1])
            print(im.n_frames, im.info.get("loop"))
            for i in range(im.n_frames):
                im.seek(i)
                print(im.info.get("duration"), hashlib.sha256(im.convert("RGB").tobytes()).hexdigest())
            """
        let output = try runPython(script, path)
        let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(frames: .all))
        var expected = ["4 0"]
        for frame in decoded.frames {
            let rgb = frame.image.flattened(over: .black)
            expected.append("\(frame.delayCentiseconds * 10) \(sha256Hex(rgb.pixels))")
        }
        #expect(output.split(separator: "\n").map(String.init) == expected)
    }
}

let pillowAvailable: Bool = (try? runPython("import PIL", "")) != nil

func runPython(_ script: String, _ argument: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, argument]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw CocoaError(.fileReadUnknown) }
    return String(decoding: data, as: UTF8.self)
}

func sha256Hex(_ bytes: [UInt8]) -> String {
    let path = NSTemporaryDirectory() + "filmroll-hash-\(UUID().uuidString)"
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = (try? runPython("import hashlib,sys;print(hashlib.sha256(open(sys.argv[1],'rb').read()).hexdigest())", path)) ?? ""
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The shared palette: tried by default (video-like frames share their
/// colours), not when `triesSharedPalette` is off (process's days of
/// different photos).
@Suite struct GIFSharedPaletteTests {
    /// Eight frames of one gradient panning: each frame changes most of its pixels.
    static func pan() -> [Image] {
        (0..<8).map { step in
            Image(width: 120, height: 80, format: .rgb8) { pixels in
                for y in 0..<80 {
                    for x in 0..<120 {
                        let at = (y * 120 + x) * 3
                        pixels[at] = UInt8((x + step * 9) % 256)
                        pixels[at + 1] = UInt8((y * 3) % 256)
                        pixels[at + 2] = UInt8((x + y + step * 9) % 200)
                    }
                }
            }
        }
    }

    @Test func panningFramesShareOnePaletteUnlessTold() throws {
        let frames = Self.pan()
        let delays = Array(repeating: 10, count: frames.count)
        let shared = try GIFAnimator().encode(frames, delays: delays)
        var options = GIFOptions()
        options.triesSharedPalette = false
        let own = try GIFAnimator(options: options).encode(frames, delays: delays)
        // Every frame carries a table (local); shared ones are the same bytes each time.
        let sharedTables = try Self.paletteTables(shared), ownTables = try Self.paletteTables(own)
        #expect(sharedTables.count == 8 && ownTables.count == 8)
        #expect(Set(sharedTables.map { Array($0.prefix(255 * 3)) }).count == 1, "one palette for all frames")
        #expect(Set(ownTables).count > 1, "a palette per frame")
        #expect(try ImageDecoder.decode(shared, options: DecodeOptions(frames: .all)).frames.count == 8)
    }

    /// Each frame's local colour table, in order.
    static func paletteTables(_ gif: [UInt8]) throws -> [[UInt8]] {
        var tables: [[UInt8]] = []
        var index = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
        while index < gif.count {
            switch gif[index] {
            case 0x21:
                index += 2
                while index < gif.count && gif[index] != 0 { index += Int(gif[index]) + 1 }
                index += 1
            case 0x2C:
                let packed = gif[index + 9]
                index += 10
                if packed & 0x80 != 0 {
                    let length = 3 << (Int(packed & 7) + 1)
                    tables.append(Array(gif[index..<index + length]))
                    index += length
                }
                index += 1
                while index < gif.count && gif[index] != 0 { index += Int(gif[index]) + 1 }
                index += 1
            default:
                index = gif.count
            }
        }
        return tables
    }
}
