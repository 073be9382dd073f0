/// An animated PNG composited one frame at a time on an RGBA8 canvas that
/// starts transparent black, as the APNG chapter of the PNG specification
/// (third edition, 11.3.6) describes: each frame's region is drawn by its
/// blend operation, then disposed of by its dispose operation before the
/// next is drawn. A frame's data is decoded as a PNG of its own (the
/// file's IHDR at the frame's size, its PLTE and tRNS, the frame's data as
/// IDAT), by the decoder that reads stills.
final class APNGFrameDecoder: FrameDecoding {
    private let bytes: [UInt8]
    private let animation: APNGAnimation
    private let limits: DecodeLimits
    /// Whether the frames have alpha (RGBA8 decodes) or not (RGB8).
    private let hasAlpha: Bool
    private var canvas: [UInt8]
    /// The canvas before the last frame was drawn, when that frame puts it back.
    private var saved: [UInt8]?
    /// The frame drawn last, with the disposal still to do.
    private var drawn: APNGAnimation.Frame?
    private var index = 0

    init(_ bytes: [UInt8], animation: APNGAnimation, hasAlpha: Bool, limits: DecodeLimits) {
        self.bytes = bytes
        self.animation = animation
        self.hasAlpha = hasAlpha
        self.limits = limits
        canvas = [UInt8](repeating: 0, count: animation.canvas.pixelCount * 4)
    }

    /// The next frame, composited (RGBA8), with its delay.
    func next() throws(ImagingError) -> ImageFrame {
        guard index < animation.frames.count else { throw .corrupt(.png, "the animation has \(animation.frames.count) frames") }
        if let drawn { dispose(drawn) }
        var frame = animation.frames[index]
        // The first frame's "previous" is the empty canvas: "background".
        if index == 0 && frame.disposal == .previous { frame.disposal = .background }
        saved = frame.disposal == .previous ? canvas : nil
        let pixels = try decode(frame)
        draw(pixels, of: frame)
        drawn = frame
        index += 1
        let image = Image(width: animation.canvas.width, height: animation.canvas.height, format: .rgba8, pixels: canvas)
        return ImageFrame(image: image, delayMilliseconds: frame.delayMilliseconds)
    }

    /// The frame's own pixels (RGB8 or RGBA8), through the PNG decoder.
    private func decode(_ frame: APNGAnimation.Frame) throws(ImagingError) -> Image {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = animation.header
        header.replaceSubrange(0..<8, with: Self.bigEndian(UInt32(frame.width)) + Self.bigEndian(UInt32(frame.height)))
        Self.append("IHDR", header[...], to: &png)
        for chunk in animation.pixelChunks { png += bytes[chunk] }
        for range in frame.data { Self.append("IDAT", bytes[range], to: &png) }
        Self.append("IEND", [][...], to: &png)
        let size = PixelSize(width: frame.width, height: frame.height)
        var decoded: Result<Image, ImagingError> = .failure(.emptyFile)
        png.withUnsafeBytes { raw in
            decoded = Result { () throws(ImagingError) in try PNGCodec.decode(raw, size: size, hasAlpha: hasAlpha, limits: limits).image }
        }
        return try decoded.get()
    }

    /// Clears or restores the region of the frame drawn last.
    private func dispose(_ frame: APNGAnimation.Frame) {
        switch frame.disposal {
        case .none: break
        case .background:
            let width = animation.canvas.width
            for y in frame.y..<frame.y + frame.height {
                let start = (y * width + frame.x) * 4
                canvas.replaceSubrange(start..<start + frame.width * 4, with: repeatElement(0, count: frame.width * 4))
            }
        case .previous:
            if let saved { canvas = saved }
        }
        saved = nil
    }

    /// Draws `pixels` (the frame's size) at the frame's place by its blend operation.
    private func draw(_ pixels: Image, of frame: APNGAnimation.Frame) {
        let canvasWidth = animation.canvas.width
        let channels = pixels.format.bytesPerPixel
        let blends = frame.blending == .over && channels == 4
        pixels.pixels.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { canvas in
                for y in 0..<frame.height {
                    var from = y * pixels.bytesPerRow
                    var to = ((frame.y + y) * canvasWidth + frame.x) * 4
                    for _ in 0..<frame.width {
                        let alpha = channels == 4 ? source[from + 3] : 255
                        if !blends || alpha == 255 {
                            canvas[to] = source[from]
                            canvas[to + 1] = source[from + 1]
                            canvas[to + 2] = source[from + 2]
                            canvas[to + 3] = alpha
                        } else if alpha > 0 {
                            Self.over(source, from, &canvas, to)
                        }
                        from += channels
                        to += 4
                    }
                }
            }
        }
    }

    /// One RGBA pixel over another, straight (not premultiplied) alpha, rounded.
    private static func over(_ source: UnsafeBufferPointer<UInt8>, _ from: Int,
                             _ canvas: inout UnsafeMutableBufferPointer<UInt8>, _ to: Int) {
        let sourceAlpha = Int(source[from + 3]), canvasAlpha = Int(canvas[to + 3])
        let canvasWeight = canvasAlpha * (255 - sourceAlpha)               // of 255 × 255
        let total = sourceAlpha * 255 + canvasWeight                       // the result's alpha × 255
        for channel in 0..<3 {
            let sum = Int(source[from + channel]) * sourceAlpha * 255 + Int(canvas[to + channel]) * canvasWeight
            canvas[to + channel] = UInt8((sum + total / 2) / total)
        }
        canvas[to + 3] = UInt8((total + 127) / 255)
    }

    private static func append(_ type: String, _ data: ArraySlice<UInt8>, to png: inout [UInt8]) {
        png += bigEndian(UInt32(data.count))
        let start = png.count
        png += Array(type.utf8)
        png += data
        png += bigEndian(PNGChecksum.crc32(png[start...]))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// CRC-32 as PNG's chunks carry it (ISO 3309: reflected, polynomial 0xEDB88320).
enum PNGChecksum {
    private static let table: [UInt32] = (0..<256).map { (byte: UInt32) in
        (0..<8).reduce(byte) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        return ~crc
    }
}
