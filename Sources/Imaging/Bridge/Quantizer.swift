import CImaging

/// A palette of at most 256 colours made by libimagequant for one or more
/// RGBA images, and the remapping of images to it. Belongs to one thread.
final class Quantizer {
    private let handle: OpaquePointer
    /// RGB entries, three bytes each.
    let palette: [UInt8]
    /// RGBA entries, four bytes each.
    let paletteRGBA: [UInt8]
    let colorCount: Int
    /// libimagequant's quality score of the palette (0-100).
    let quality: Int

    /// - Parameters: images: RGBA8 images of one size.
    init(images: [Image], maxColors: Int, quality: ClosedRange<Int>, speed: Int) throws(ImagingError) {
        precondition(!images.isEmpty && images.allSatisfy { $0.format == .rgba8 && $0.size == images[0].size })
        var handle: OpaquePointer?
        var error = cimg_error()
        let size = images[0].size
        let status = Self.withPixelPointers(images[...], []) { list in
            cimg_quantize(list, list.count, UInt32(size.width), UInt32(size.height), Int32(maxColors),
                          Int32(quality.lowerBound), Int32(quality.upperBound), Int32(speed), &handle, &error)
        }
        guard status == 0, let handle else { throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason) }
        self.handle = handle
        (palette, paletteRGBA, colorCount) = Self.palette(of: handle)
        self.quality = Int(cimg_quantizer_quality(handle))
    }

    /// A quantizer for exactly `palette` (RGBA entries): each thread can
    /// remap with its own (a libimagequant result is not shared safely).
    init(palette rgba: [UInt8]) throws(ImagingError) {
        var handle: OpaquePointer?
        var error = cimg_error()
        guard cimg_quantizer_from_palette(rgba, Int32(rgba.count / 4), &handle, &error) == 0, let handle else {
            throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason)
        }
        self.handle = handle
        (palette, paletteRGBA, colorCount) = Self.palette(of: handle)
        quality = 100
    }

    private static func palette(of handle: OpaquePointer) -> (rgb: [UInt8], rgba: [UInt8], count: Int) {
        var rgba = [UInt8](repeating: 0, count: 256 * 4)
        let count = Int(cimg_quantizer_palette(handle, &rgba, 256))
        var rgb = [UInt8]()
        rgb.reserveCapacity(count * 3)
        for index in 0..<count { rgb += rgba[index * 4..<index * 4 + 3] }
        return (rgb, Array(rgba.prefix(count * 4)), count)
    }

    deinit { cimg_quantizer_free(handle) }

    /// Calls `body` with a pointer to each image's pixels, all valid at once.
    private static func withPixelPointers<T>(_ images: ArraySlice<Image>, _ pointers: [UnsafePointer<UInt8>?],
                                             _ body: ([UnsafePointer<UInt8>?]) -> T) -> T {
        guard let first = images.first else { return body(pointers) }
        return first.pixels.withUnsafeBufferPointer { pixels in
            withPixelPointers(images.dropFirst(), pointers + [pixels.baseAddress], body)
        }
    }

    /// Palette indices for `image` (RGBA8, any size), dithered by `dither` (0-1).
    func remap(_ image: Image, dither: Double) throws(ImagingError) -> [UInt8] {
        precondition(image.format == .rgba8 && image.bytesPerRow == image.width * 4)
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        var error = cimg_error()
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            cimg_quantizer_remap(handle, pixels.baseAddress, UInt32(image.width), UInt32(image.height), Float(dither),
                                 &indices, &error)
        }
        if status != 0 { throw .encodingFailed(.gif, ImagingError(error, format: .gif).reason) }
        return indices
    }
}
