#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

/// 8-bit RGB and RGBA PNGs that are not interlaced decode without libpng
/// (cimg_png_plain.c): every filter type must come back exactly, across
/// IDAT chunk boundaries, and anything unusual must still decode (through
/// libpng) with libpng's warnings.
@Suite struct PNGPlainDecodingTests {
    /// Noise, steps and ramps: every filter type meets every kind of neighbour.
    static func picture(width: Int, height: Int, channels: Int) -> [UInt8] {
        var state: UInt32 = 12345
        var pixels = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<channels {
                    state = state &* 1_664_525 &+ 1_013_904_223
                    let noise = UInt8(truncatingIfNeeded: state >> 24)
                    switch (x / 5 + y / 3) % 3 {
                    case 0: pixels.append(noise)
                    case 1: pixels.append(UInt8((x * 9 + y * 5 + channel * 70) % 256))
                    default: pixels.append(x % 2 == 0 ? 250 : 3)
                    }
                }
            }
        }
        return pixels
    }

    /// Over 64 MB of rows: inflated a row at a time, straight from the
    /// file's IDAT chunks (libpng writes many); it must come back exactly.
    @Test func aLargePictureStreamsFromItsIDATChunks() throws {
        let width = 4200, height = 4200, rows = 9
        let band = Self.picture(width: width, height: rows, channels: 4)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { target in
            band.withUnsafeBytes { source in
                for y in 0..<height {
                    (target.baseAddress! + y * width * 4).copyMemory(from: source.baseAddress! + (y % rows) * width * 4,
                                                                    byteCount: width * 4)
                }
            }
        }
        let image = Image(width: width, height: height, format: .rgba8, pixels: pixels)
        let png = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions(compressionLevel: 1)))
        let decoded = try ImageDecoder.decode(png).image
        #expect(decoded.size == image.size)
        let same = decoded.pixels.withUnsafeBytes { a in image.pixels.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
        #expect(same)
    }

    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// The scanlines with filter type `y % 5` on row y.
    static func filtered(_ pixels: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        let length = width * channels
        var out = [UInt8]()
        for y in 0..<height {
            let type = y % 5
            out.append(UInt8(type))
            for i in 0..<length {
                let x = Int(pixels[y * length + i])
                let a = i >= channels ? Int(pixels[y * length + i - channels]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * length + i]) : 0
                let c = y > 0 && i >= channels ? Int(pixels[(y - 1) * length + i - channels]) : 0
                let predictor = [0, a, b, (a + b) / 2, paeth(a, b, c)][type]
                out.append(UInt8(truncatingIfNeeded: x - predictor))
            }
        }
        return out
    }

    /// A PNG with the compressed data split into IDATs of `split` bytes,
    /// and `extra` chunks before the first IDAT.
    static func png(width: Int, height: Int, channels: Int, split: Int, extra: [[UInt8]] = []) -> (png: [UInt8], pixels: [UInt8]) {
        let pixels = picture(width: width, height: height, channels: channels)
        let data = deflate(filtered(pixels, width: width, height: height, channels: channels))
        var header = APNGBuilder.bigEndian(UInt32(width)) + APNGBuilder.bigEndian(UInt32(height))
        header += [8, channels == 3 ? 2 : 6, 0, 0, 0]
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + HostileInputTests.chunk("IHDR", header)
        for chunk in extra { png += chunk }
        var start = 0
        while start < data.count {
            png += HostileInputTests.chunk("IDAT", Array(data[start..<min(data.count, start + split)]))
            start += split
        }
        return (png + HostileInputTests.chunk("IEND", []), pixels)
    }

    @Test(arguments: [3, 4], [1, 7, 4096])
    func everyFilterTypeComesBackExactly(channels: Int, split: Int) throws {
        let (png, pixels) = Self.png(width: 61, height: 23, channels: channels, split: split)
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.image.format == (channels == 3 ? .rgb8 : .rgba8))
        #expect(decoded.image.size == PixelSize(width: 61, height: 23))
        #expect(decoded.image.pixels == pixels)
        #expect(decoded.warnings.isEmpty)
    }

    @Test func aBadAncillaryCRCStillDecodesWithLibpngsWarning() throws {
        var text = HostileInputTests.chunk("tEXt", Array("Comment\0hello".utf8))
        text[text.count - 1] ^= 0xFF
        let (png, pixels) = Self.png(width: 20, height: 9, channels: 3, split: 100, extra: [text])
        let decoded = try ImageDecoder.decode(png)
        #expect(decoded.image.pixels == pixels)
        #expect(decoded.warnings == ["PNG chunk tEXt has a bad CRC; ignored"])
    }

    @Test func aBadIDATCRCIsStillAnError() throws {
        var (png, _) = Self.png(width: 20, height: 9, channels: 4, split: 1 << 20)
        let iend = png.count - 12
        png[iend - 1] ^= 0xFF    // the IDAT's CRC
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(png) }
        do {
            _ = try ImageDecoder.decode(png)
        } catch {
            #expect(error.description.contains("CRC"), "\(error)")
        }
    }

    @Test func dataCutShortIsStillTruncated() throws {
        let (png, _) = Self.png(width: 64, height: 64, channels: 3, split: 1 << 20)
        let cut = Array(png.prefix(png.count / 2))
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(cut) }
    }
}
