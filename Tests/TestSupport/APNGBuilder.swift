import Imaging

/// Animated PNGs made in the tests: each frame's pixels are compressed by
/// Filmroll's PNG encoder (its IDAT data taken), then laid out as APNG
/// chunks (acTL, fcTL, IDAT or fdAT) with their sequence numbers and CRCs.
public enum APNGBuilder {
    public struct Frame {
        /// RGBA8 (every frame and the default image of one file have the same format).
        public var image: Image
        public var x: Int, y: Int
        public var delayNumerator: Int, delayDenominator: Int
        /// 0 none, 1 background, 2 previous.
        public var dispose: UInt8
        /// 0 source, 1 over.
        public var blend: UInt8

        public init(_ image: Image, x: Int = 0, y: Int = 0, delay: (Int, Int) = (1, 10), dispose: UInt8 = 0, blend: UInt8 = 0) {
            self.image = image
            self.x = x
            self.y = y
            (delayNumerator, delayDenominator) = delay
            self.dispose = dispose
            self.blend = blend
        }
    }

    /// An APNG of `canvas` size. With `defaultImage`, that picture is the
    /// IDATs and not a frame; without, the first frame is the default image.
    public static func make(canvas: PixelSize, frames: [Frame], defaultImage: Image? = nil, plays: Int = 0,
                            declaredFrames: Int? = nil) throws -> [UInt8] {
        let first = try encoded(defaultImage ?? frames[0].image)
        var header = first.header
        header.replaceSubrange(0..<8, with: bigEndian(UInt32(canvas.width)) + bigEndian(UInt32(canvas.height)))
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("acTL", bigEndian(UInt32(declaredFrames ?? frames.count)) + bigEndian(UInt32(plays)))
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            if index == 0 && defaultImage != nil { png += chunk("IDAT", first.data) }
            png += chunk("fcTL", bigEndian(sequence) + bigEndian(UInt32(frame.image.width)) + bigEndian(UInt32(frame.image.height))
                + bigEndian(UInt32(frame.x)) + bigEndian(UInt32(frame.y))
                + [UInt8(frame.delayNumerator >> 8), UInt8(frame.delayNumerator & 0xFF),
                   UInt8(frame.delayDenominator >> 8), UInt8(frame.delayDenominator & 0xFF), frame.dispose, frame.blend])
            sequence += 1
            if index == 0 && defaultImage == nil {
                png += chunk("IDAT", first.data)
            } else {
                // Two fdATs a frame, to show a frame's data may be split.
                let data = try encoded(frame.image).data
                let half = data.count / 2
                for part in [Array(data[..<half]), Array(data[half...])] {
                    png += chunk("fdAT", bigEndian(sequence) + part)
                    sequence += 1
                }
            }
        }
        png += chunk("IEND", [])
        return png
    }

    /// The IHDR body and the IDAT data of `image` as Filmroll's encoder writes it.
    static func encoded(_ image: Image) throws -> (header: [UInt8], data: [UInt8]) {
        let png = try ImageEncoder.encode(image, as: .png(PNGEncodingOptions()))
        var header: [UInt8] = [], data: [UInt8] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[position + 4..<position + 8], as: UTF8.self)
            let body = Array(png[position + 8..<position + 8 + length])
            if type == "IHDR" { header = body }
            if type == "IDAT" { data += body }
            position += 12 + length
        }
        return (header, data)
    }

    /// One chunk: length, type, data, CRC.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 as PNG computes it (reflected, polynomial 0xEDB88320).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A `width`×`height` RGBA8 image of one colour.
    public static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> Image {
        Image(width: width, height: height, format: .rgba8, pixels: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }
}
