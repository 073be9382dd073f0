import CImaging

/// Maps pixels to the nearest entry of a palette, exactly: the least
/// squared RGB distance, the lowest index on a tie. The palette's own
/// error is what a GIF's PSNR measures, so this is the mapping that
/// loses least; and it is faster than libimagequant's remapping (in its
/// perceptual space).
///
/// RGB space is cut into cells, and the first time a pixel falls in a
/// cell, the cell lists the only entries that can be nearest to a colour
/// in it, sorted by distance to the cell (`cimg_nearest.c` says how). Four
/// entries are compared at once with SSE2's 16-bit multiply-add, so most
/// pixels take one comparison of four. On 12 corpus frames of 480×360
/// (perf, `filmroll-bench gif`) that took the mapping, lists included,
/// from 1.9 to 1.2 ms a frame, against the same lists compared four at a
/// time in Swift's 32-bit vectors, which SSE2 can only multiply in 16-bit
/// halves. Belongs to one thread.
final class NearestColor {
    private let mapper: OpaquePointer

    /// - Parameter palette: RGB entries, three bytes each (1 to 256 of them).
    init(palette rgb: [UInt8]) {
        precondition(rgb.count >= 3 && rgb.count % 3 == 0 && rgb.count <= 768)
        guard let mapper = rgb.withUnsafeBufferPointer({ cimg_nearest_new($0.baseAddress, Int32($0.count / 3)) }) else {
            fatalError("out of memory for a palette's cell lists")
        }
        self.mapper = mapper
    }

    deinit {
        cimg_nearest_free(mapper)
    }

    /// The nearest entry's index for each pixel of `image` (RGBA8), its alpha ignored.
    func indices(for image: Image) -> [UInt8] {
        precondition(image.format == .rgba8 && image.bytesPerRow == image.width * 4)
        let count = image.width * image.height
        return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let status = image.pixels.withUnsafeBufferPointer { cimg_nearest_map(mapper, $0.baseAddress, count, out.baseAddress) }
            guard status == 0 else { fatalError("out of memory for a palette's cell lists") }
            initialized = count
        }
    }
}
