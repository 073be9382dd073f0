/// A bitmap held by value: width, height, pixel format, colour space and
/// rows of bytes.
///
/// Operations never modify an image in place; they return a new one, so an
/// `Image` can be shared freely between threads and cached. An operation
/// that keeps what the pixels mean (resize, crop, orientation, box shrink,
/// premultiply, flatten) keeps the colour space; `convertedToSRGB()` is the
/// one that changes it, and it runs once, on the small result.
public struct Image: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// Bytes from the start of one row to the next (at least `width * bytesPerPixel`).
    public let bytesPerRow: Int
    /// The pixels, row after row.
    public internal(set) var pixels: [UInt8]
    /// What the pixels' numbers mean as colours: the file's own space as
    /// decoded (`ImageDecoder` tags every frame), sRGB once converted.
    public internal(set) var colorSpace: ColorSpace

    /// An image whose pixels are all zero (transparent black).
    public init(width: Int, height: Int, format: PixelFormat, colorSpace: ColorSpace = .sRGB) {
        precondition(width > 0 && height > 0, "an image has at least one pixel")
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.bytesPerRow = width * format.bytesPerPixel
        self.pixels = [UInt8](repeating: 0, count: bytesPerRow * height)
    }

    /// An image over the given bytes; `pixels.count` must be `bytesPerRow * height`.
    public init(width: Int, height: Int, format: PixelFormat, bytesPerRow: Int? = nil, pixels: [UInt8],
                colorSpace: ColorSpace = .sRGB) {
        let rowBytes = bytesPerRow ?? width * format.bytesPerPixel
        precondition(width > 0 && height > 0 && rowBytes >= width * format.bytesPerPixel)
        precondition(pixels.count == rowBytes * height, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.bytesPerRow = rowBytes
        self.pixels = pixels
    }

    /// An image whose buffer `fill` initialises completely (no zero-filling
    /// first). A decoder leaves `colorSpace` alone: `ImageDecoder` tags the
    /// frames it returns with the file's space; an operation passes its
    /// input's.
    init(width: Int, height: Int, format: PixelFormat, colorSpace: ColorSpace = .sRGB,
         filling fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Void) rethrows {
        let rowBytes = width * format.bytesPerPixel
        let count = rowBytes * height
        self.width = width
        self.height = height
        self.format = format
        self.colorSpace = colorSpace
        self.bytesPerRow = rowBytes
        self.pixels = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            try fill(buffer)
            initialized = count
        }
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The channel values of the pixel at (x, y), for tests and inspection.
    public func pixel(x: Int, y: Int) -> [UInt8] {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let start = y * bytesPerRow + x * format.bytesPerPixel
        return Array(pixels[start..<start + format.bytesPerPixel])
    }
}
