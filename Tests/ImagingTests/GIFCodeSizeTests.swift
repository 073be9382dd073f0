import Imaging
import Testing

/// GIFs whose LZW minimum code size is 9 to 11 (above the specification's
/// 8, refused by giflib, read by browsers and Pillow) decode as any other;
/// 12 and above cannot be decoded (codes would pass 12 bits), and the error
/// says so instead of "truncated".
@Suite struct GIFCodeSizeTests {
    /// GIF's LZW as giflib writes it (the project's cimg_lzw.c), for any
    /// minimum code size from 2 to 11: image data sub-blocks and their terminator.
    static func compressed(_ indices: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize, end = clear + 1
        var codeSize = minCodeSize + 1, limit = 1 << codeSize, next = end + 1
        var table: [Int: Int] = [:]
        var bits = 0, bitCount = 0
        var bytes: [UInt8] = []
        func put(_ code: Int) {
            bits |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 {
                bytes.append(UInt8(bits & 0xFF))
                bits >>= 8
                bitCount -= 8
            }
            if next >= limit && code <= 4095 {
                codeSize += 1
                limit = 1 << codeSize
            }
        }
        put(clear)
        var current = Int(indices[0])
        for pixel in indices.dropFirst() {
            let key = current << 8 | Int(pixel)
            if let code = table[key] {
                current = code
                continue
            }
            put(current)
            current = Int(pixel)
            if next >= 4095 {
                put(clear)
                next = end + 1
                codeSize = minCodeSize + 1
                limit = 1 << codeSize
                table.removeAll()
            } else {
                table[key] = next
                next += 1
            }
        }
        put(current)
        put(end)
        if bitCount > 0 { bytes.append(UInt8(bits & 0xFF)) }
        var blocks: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let block = bytes[start..<min(start + 255, bytes.count)]
            blocks += [UInt8(block.count)] + block
        }
        return blocks + [0]
    }

    static let width = 61, height = 37
    /// A palette of 256 colours: index i is (i, 255 - i, i * 7).
    static let palette: [UInt8] = (0..<256).flatMap { [UInt8($0), UInt8(255 - $0), UInt8(truncatingIfNeeded: $0 * 7)] }
    /// Runs and repeats (long strings, and the code defined by its own use), then noise.
    static func indices(seed: Int) -> [UInt8] {
        (0..<(width * height)).map { index in
            let x = index % width, y = index / width
            if y < 12 { return UInt8((x / 7 + seed) % 5) }
            if y < 20 { return UInt8(seed % 256) }
            return UInt8(truncatingIfNeeded: (x * 31 + y * 17 + seed) * 2654435761 >> 13)
        }
    }

    /// A GIF of `frames` (each its indices and minimum code size) on a
    /// `width` × `height` screen with the global palette, each frame 10 cs.
    static func gif(_ frames: [(indices: [UInt8], minCodeSize: Int)]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + [UInt8(width), 0, UInt8(height), 0, 0xF7, 0, 0] + palette
        for frame in frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            bytes += [0x2C, 0, 0, 0, 0, UInt8(width), 0, UInt8(height), 0, 0]
            bytes += [UInt8(frame.minCodeSize)] + compressed(frame.indices, minCodeSize: frame.minCodeSize)
        }
        return bytes + [0x3B]
    }

    /// The RGBA pixels `indices` stand for.
    static func rgba(_ indices: [UInt8]) -> [UInt8] {
        indices.flatMap { Array(palette[(Int($0) * 3)..<(Int($0) * 3 + 3)]) + [255] }
    }

    @Test(arguments: [2, 8, 9, 10, 11])
    func everyCodeSizeUpTo11Decodes(minCodeSize: Int) throws {
        let indices = Self.indices(seed: 3).map { minCodeSize < 8 ? $0 % UInt8(1 << minCodeSize) : $0 }
        let decoded = try ImageDecoder.decode(Self.gif([(indices, minCodeSize)]))
        #expect(decoded.image.size == PixelSize(width: Self.width, height: Self.height))
        #expect(decoded.image.format == .rgba8 || decoded.image.format == .rgb8)
        let rgba = decoded.image.format == .rgba8 ? decoded.image.pixels
            : decoded.image.pixels.chunks(3).flatMap { $0 + [255] }
        #expect(rgba == Self.rgba(indices))
    }

    @Test func aWideFrameBetweenOrdinaryOnesIsCountedAndComposited() throws {
        let frames = [(Self.indices(seed: 1), 8), (Self.indices(seed: 2), 11), (Self.indices(seed: 4), 8)]
        let gif = Self.gif(frames)
        #expect(try ImageDecoder.readInfo(gif).metadata.frameCount == 3)
        let decoded = try ImageDecoder.decode(gif, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.count == 3)
        for (frame, expected) in zip(decoded.frames, frames) {
            #expect(frame.image.pixels == Self.rgba(expected.0))
            #expect(frame.delayMilliseconds == 100)
        }
    }

    @Test func codeSize12IsNamed() {
        let gif = Self.gif([(Self.indices(seed: 1), 8)]).dropLast() + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 12, 2, 0, 0, 0, 0x3B]
        #expect(throws: ImagingError.corrupt(.gif, "LZW minimum code size 12 is above 11: codes would pass 12 bits")) {
            try ImageDecoder.decode(Array(gif), options: DecodeOptions(frames: .all))
        }
    }

    @Test func aWideFrameCutShortIsLeftOutAsAnyCutFrameIs() throws {
        // As browsers do: the frames before it still show; with none before, it is an error.
        let whole = Self.gif([(Self.indices(seed: 1), 8), (Self.indices(seed: 2), 11)])
        let cut = Array(whole.prefix(whole.count - 200))
        #expect(try ImageDecoder.readInfo(cut).metadata.frameCount == 1)
        let decoded = try ImageDecoder.decode(cut, options: DecodeOptions(frames: .all))
        #expect(decoded.frames.map(\.image.pixels) == [Self.rgba(Self.indices(seed: 1))])
        let alone = Self.gif([(Self.indices(seed: 2), 11)])
        #expect(throws: ImagingError.self) { try ImageDecoder.decode(Array(alone.prefix(alone.count - 200))) }
    }

    @Test func brokenWideCodesAreNamed() throws {
        // The code after the clear names an entry not yet defined.
        var gif = Self.gif([(Self.indices(seed: 1), 11)])
        let data = 6 + 7 + 768 + 8 + 10 + 1   // header, screen, palette, control, descriptor, code size
        gif[data + 1] = 0x00; gif[data + 2] = 0x08; gif[data + 3] = 0xFF; gif[data + 4] = 0x0F  // clear, then 4095
        #expect(throws: ImagingError.corrupt(.gif, "GIF frame 1: its LZW data is damaged")) {
            try ImageDecoder.decode(gif, options: DecodeOptions(frames: .all))
        }
    }
}

private extension Array where Element == UInt8 {
    func chunks(_ size: Int) -> [[UInt8]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
