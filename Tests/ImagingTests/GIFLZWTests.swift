@testable import Imaging
import Testing

/// Frames written through Filmroll's LZW (cimg_lzw.c) decode back to the
/// exact indices through giflib: every code width from 2 to 8 bits, one-
/// pixel frames, and frames long enough to fill the code table many times.
@Suite struct GIFLZWTests {
    @Test(arguments: [2, 3, 16, 129, 256], [PixelSize(width: 1, height: 1), PixelSize(width: 61, height: 7), PixelSize(width: 700, height: 500)])
    func framesDecodeToTheirIndices(colors: Int, size: PixelSize) throws {
        var state: UInt32 = UInt32(colors * 7919 + size.width)
        let palette: [UInt8] = (0..<colors * 3).map { (index: Int) -> UInt8 in UInt8((index * 37 + index / 3 * 11) % 256) }
        // Noise first (many codes, table clears), then runs and stripes (long strings).
        let frames: [[UInt8]] = (0..<3).map { mode in
            (0..<size.pixelCount).map { index in
                state = state &* 1_664_525 &+ 1_013_904_223
                switch mode {
                case 0: return UInt8(Int(state >> 24) % colors)
                case 1: return UInt8((index / 9) % colors)
                default: return UInt8(((index % size.width) / 5 + (index / size.width) / 3) % colors)
                }
            }
        }
        let sink = MemorySink()
        let writer = try GIFWriter(size: size, loop: .forever, sink: sink)
        for frame in frames {
            try writer.add(indices: frame, rect: PixelRect(x: 0, y: 0, width: size.width, height: size.height), palette: palette,
                           transparentIndex: nil, delayCentiseconds: 10, disposal: 1)
        }
        try writer.finish()
        let decoded = try ImageDecoder.decode(sink.bytes, options: DecodeOptions(frames: .all)).frames
        #expect(decoded.count == frames.count)
        for (frame, image) in zip(frames, decoded.map { $0.image.rgba() }) {
            var expected: [UInt8] = []
            for index in frame {
                let at = Int(index) * 3
                expected += [palette[at], palette[at + 1], palette[at + 2], 255]
            }
            #expect(image.pixels == expected)
        }
    }
}
