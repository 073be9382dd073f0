import Dispatch

/// A separable Lanczos-3 resampler, vectorised with SIMD types.
///
/// Each output row is made in two steps that keep the data in cache: the
/// vertical filter sums the input rows it needs into one float row
/// (SIMD16 over the bytes of the row, whatever the channel count), then
/// the horizontal filter reduces that row to the output width (SIMD4 over
/// a pixel's channels). Row buffers are allocated once per thread; nothing
/// is allocated per pixel. Bands of output rows run on several threads
/// when asked.
struct LanczosResampler {
    let source: Image
    let size: PixelSize
    let horizontal: ResampleKernel
    let vertical: ResampleKernel

    init(source: Image, size: PixelSize) {
        self.source = source
        self.size = size
        horizontal = ResampleKernel(inputLength: source.width, outputLength: size.width)
        vertical = ResampleKernel(inputLength: source.height, outputLength: size.height)
    }

    func resample(threads: Int) -> Image {
        let channels = source.format.bytesPerPixel
        let outRowBytes = size.width * channels
        let bands = max(1, min(threads, size.height / 16))
        return source.pixels.withUnsafeBufferPointer { input in
            Image(width: size.width, height: size.height, format: source.format) { output in
                let outBase = UncheckedSendable(output.baseAddress!)
                let inBase = UncheckedSendable(input.baseAddress!)
                let work: @Sendable (Int) -> Void = { band in
                    let first = band * size.height / bands, last = (band + 1) * size.height / bands
                    resampleRows(first..<last, input: inBase.value, output: outBase.value, outRowBytes: outRowBytes)
                }
                if bands == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: work) }
            }
        }
    }

    private func resampleRows(_ rows: Range<Int>, input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>,
                              outRowBytes: Int) {
        let channels = source.format.bytesPerPixel
        let rowLength = source.width * channels
        // Padded so the horizontal filter may load 4 floats at any pixel.
        let column = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 16)
        column.initialize(repeating: 0, count: rowLength + 16)
        defer { column.deallocate() }
        vertical.weights.withUnsafeBufferPointer { verticalWeights in
            horizontal.weights.withUnsafeBufferPointer { horizontalWeights in
                for y in rows {
                    let start = vertical.starts[y], count = vertical.counts[y]
                    let weights = verticalWeights.baseAddress! + y * vertical.stride
                    Self.sumRows(input + start * source.bytesPerRow, rowBytes: source.bytesPerRow,
                                 count: count, weights: weights, length: rowLength, into: column)
                    Self.filterRow(column, channels: channels, kernel: horizontal,
                                   weights: horizontalWeights.baseAddress!, into: output + y * outRowBytes,
                                   outputWidth: size.width)
                }
            }
        }
    }

    /// out[i] = Σ weights[t] · rows[t][i] for i in 0..<length. Written as
    /// plain loops over contiguous bytes, which the compiler vectorises
    /// (and no `addProduct`: without hardware FMA it calls `fmaf` per lane).
    @inline(__always)
    private static func sumRows(_ first: UnsafePointer<UInt8>, rowBytes: Int, count: Int,
                                weights: UnsafePointer<Float>, length: Int, into out: UnsafeMutablePointer<Float>) {
        let weight0 = weights[0]
        for index in 0..<length { out[index] = Float(first[index]) * weight0 }
        for tap in 1..<max(1, count) {
            let row = first + tap * rowBytes, weight = weights[tap]
            for index in 0..<length { out[index] += Float(row[index]) * weight }
        }
    }

    /// Reduces one float row to `outputWidth` pixels of bytes.
    @inline(__always)
    private static func filterRow(_ row: UnsafeMutablePointer<Float>, channels: Int, kernel: ResampleKernel,
                                  weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, outputWidth: Int) {
        let raw = UnsafeRawPointer(row)
        kernel.starts.withUnsafeBufferPointer { starts in
            kernel.counts.withUnsafeBufferPointer { counts in
                if channels == 1 {
                    for x in 0..<outputWidth {
                        let tapWeights = weights + x * kernel.stride
                        var sum: Float = 0
                        let from = starts[x]
                        for tap in 0..<counts[x] { sum += row[from + tap] * tapWeights[tap] }
                        out[x] = clampToByte(sum)
                    }
                    return
                }
                var target = out
                for x in 0..<outputWidth {
                    let tapWeights = weights + x * kernel.stride
                    var sum = SIMD4<Float>(repeating: 0)
                    var offset = starts[x] * channels * 4
                    for tap in 0..<counts[x] {
                        sum += raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self) * tapWeights[tap]
                        offset += channels * 4
                    }
                    // Lane by lane: SIMD float-to-integer conversions go through a
                    // generic rounding path with a libm call per lane.
                    let c = (sum + 0.5).clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
                    target[0] = UInt8(c[0]); target[1] = UInt8(c[1]); target[2] = UInt8(c[2])
                    if channels == 4 { target[3] = UInt8(c[3]) }
                    target += channels
                }
            }
        }
    }
}

/// Lets a pointer cross into `concurrentPerform`'s closure; each band
/// writes its own rows only.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
