import CImaging

/// The two passes of the Lanczos resampler on 8-bit pixels, in 16-bit
/// fixed point (`cimg_resample.c`): two taps per multiply-add (SSE2's and
/// AVX2's `pmaddwd`), with the same integers, so the same bytes, on every
/// processor. `LanczosResampler` walks the rows; `ResampleKernel` makes the
/// weights.
enum FixedPointPasses {
    /// Weights are fractions of 2^`weightBits`.
    static let weightBits = Int(CIMG_RESAMPLE_BITS)

    /// One row of the vertical pass: `count` source rows summed with
    /// `weights`, `length` samples, into words with 6 bits of fraction.
    static func vertical(rows: UnsafePointer<UnsafePointer<UInt8>?>, weights: UnsafePointer<Int16>, count: Int,
                         length: Int, into out: UnsafeMutablePointer<Int16>, portable: Bool = false) {
        if portable {
            cimg_resample_vertical_portable(rows, weights, Int32(count), length, out)
        } else {
            cimg_resample_vertical(rows, weights, Int32(count), length, out)
        }
    }

    /// One row of the horizontal pass: the vertical pass's `row` reduced to
    /// `width` pixels of `channels` bytes, pixel x stored at `out + x * step`.
    /// `row` is padded by 4 pixels and 16 words past its last pixel.
    static func horizontal(row: UnsafePointer<Int16>, channels: Int, kernel: ResampleKernel.FixedPoint, width: Int,
                           into out: UnsafeMutablePointer<UInt8>, step: Int, portable: Bool = false) {
        kernel.weights.withUnsafeBufferPointer { weights in
            kernel.starts.withUnsafeBufferPointer { starts in
                kernel.counts.withUnsafeBufferPointer { counts in
                    let pass = portable ? cimg_resample_horizontal_portable : cimg_resample_horizontal
                    pass(row, Int32(channels), starts.baseAddress!, counts.baseAddress!, weights.baseAddress!,
                         Int32(kernel.stride), Int32(width), out, step)
                }
            }
        }
    }

    /// Words the horizontal pass may read past a row of `channels`-byte pixels.
    static func padding(channels: Int) -> Int { 4 * channels + 16 }
}
