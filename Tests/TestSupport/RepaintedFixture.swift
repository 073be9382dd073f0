import Imaging

extension Fixtures {
    /// A JPEG fixture as another picture with the same metadata (its
    /// Orientation too): its stored pixels darkened in a checkerboard
    /// whose squares `seed` sizes and places, re-encoded, its EXIF kept. For
    /// a folder that needs one more photo of a day: a byte copy of a fixture
    /// is a copy of its picture, which `process` folds into the original.
    public static func repainted(_ relative: String, seed: Int) throws -> [UInt8] {
        let original = try bytes(relative)
        var options = DecodeOptions()
        options.appliesOrientation = false
        let image = try ImageDecoder.decode(original, options: options).frames[0].image
        let channels = image.format.bytesPerPixel
        // Squares a quarter of the picture or so: low frequencies, which the perceptual hashes weigh, change.
        let cell = max(image.width, image.height) / 4 + seed % 7
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width where (x / cell + y / cell + seed) % 2 == 0 {
                for channel in 0..<min(3, channels) {
                    pixels[y * image.bytesPerRow + x * channels + channel] /= 3
                }
            }
        }
        let painted = Image(width: image.width, height: image.height, format: image.format, pixels: pixels)
        return try ImageEncoder.encode(painted, as: .jpeg(JPEGEncodingOptions(quality: 85, exif: exifPayload(of: original))))
    }

    /// A JPEG's Exif APP1 payload ("Exif", two zero bytes, the TIFF body), if it has one.
    static func exifPayload(of jpeg: [UInt8]) -> [UInt8]? {
        var at = 2
        let header: [UInt8] = Array("Exif".utf8) + [0, 0]
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            let marker = jpeg[at + 1], length = Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3])
            if marker == 0xDA || length < 2 || at + 2 + length > jpeg.count { return nil }
            let body = Array(jpeg[at + 4..<at + 2 + length])
            if marker == 0xE1, body.starts(with: header) { return body }
            at += 2 + length
        }
        return nil
    }
}

extension Fixtures {
    /// A picture of its own with a JPEG fixture's size and metadata: 8 × 6
    /// blocks of seeded grey levels, far from any other seed's by every
    /// measure `filmroll similar` takes.
    public static func distinctPhoto(like relative: String, seed: Int) throws -> [UInt8] {
        let original = try bytes(relative)
        var options = DecodeOptions()
        options.appliesOrientation = false
        let size = try ImageDecoder.decode(original, options: options).frames[0].image.size
        var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
        let levels = (0..<48).map { _ in UInt8(truncatingIfNeeded: random.next() % 224 + 16) }
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let level = levels[(y * 6 / size.height) * 8 + x * 8 / size.width]
                for channel in 0..<3 { pixels[(y * size.width + x) * 3 + channel] = level }
            }
        }
        let image = Image(width: size.width, height: size.height, format: .rgb8, pixels: pixels)
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 85, exif: exifPayload(of: original))))
    }
}
