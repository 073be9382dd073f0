import Dispatch

/// A separable Lanczos-3 resampler, vectorised with SIMD types, that can
/// write its result already turned upright.
///
/// Each output row is made in two steps that keep the data in cache: the
/// vertical filter sums the input rows it needs into one float row (plain
/// loops over contiguous bytes, which the compiler vectorises), then the
/// horizontal filter reduces that row to the output width (SIMD4 over a
/// pixel's channels). The orientation is applied as each pixel is stored,
/// so turning the small result costs no extra pass. Row buffers are
/// allocated once per thread; nothing is allocated per pixel. Bands of
/// output rows run on several threads when asked.
struct LanczosResampler {
    let source: Image
    /// The output size before orientation (in the source's frame).
    let size: PixelSize
    let orientation: Orientation
    let horizontal: ResampleKernel
    let vertical: ResampleKernel

    init(source: Image, size: PixelSize, orientation: Orientation = .up) {
        self.source = source
        self.size = size
        self.orientation = orientation
        horizontal = ResampleKernel.shared(inputLength: source.width, outputLength: size.width)
        vertical = ResampleKernel.shared(inputLength: source.height, outputLength: size.height)
    }

    func resample(threads: Int) -> Image {
        let upright = orientation.uprightSize(of: size)
        let bands = max(1, min(threads, size.height / 16))
        return source.pixels.withUnsafeBufferPointer { input in
            Image(width: upright.width, height: upright.height, format: source.format) { output in
                let outBase = UncheckedSendable(output.baseAddress!)
                let inBase = UncheckedSendable(input.baseAddress!)
                let work: @Sendable (Int) -> Void = { band in
                    let first = band * size.height / bands, last = (band + 1) * size.height / bands
                    resampleRows(first..<last, input: inBase.value, output: outBase.value)
                }
                if bands == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: work) }
            }
        }
    }

    /// Where pixel x of output row y goes in the upright image: a byte
    /// offset for x = 0 and a step per pixel.
    private func destination(row y: Int) -> (start: Int, step: Int) {
        let channels = source.format.bytesPerPixel
        let w = size.width, h = size.height
        let uprightWidth = orientation.uprightSize(of: size).width
        func offset(_ x: Int, _ y: Int) -> Int { (y * uprightWidth + x) * channels }
        // The upright position of stored pixel (x, y), for x = 0 and x = 1.
        func upright(_ x: Int) -> (Int, Int) {
            switch orientation {
            case .up: (x, y)
            case .upMirrored: (w - 1 - x, y)
            case .down: (w - 1 - x, h - 1 - y)
            case .downMirrored: (x, h - 1 - y)
            case .leftMirrored: (y, x)
            case .right: (h - 1 - y, x)
            case .rightMirrored: (h - 1 - y, w - 1 - x)
            case .left: (y, w - 1 - x)
            }
        }
        let first = upright(0), second = upright(1)
        let start = offset(first.0, first.1)
        return (start, offset(second.0, second.1) - start)
    }

    private func resampleRows(_ rows: Range<Int>, input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>) {
        let channels = source.format.bytesPerPixel
        let rowLength = source.width * channels
        // Input rows converted to floats once each, kept in a ring as long
        // as the vertical filter may still need them (its taps only move down).
        let ringRows = vertical.stride
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringRows * rowLength)
        defer { ring.deallocate() }
        var ringHolds = [Int](repeating: -1, count: ringRows)
        // Padded so the horizontal filter may load 4 floats at any pixel.
        let column = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + 16)
        column.initialize(repeating: 0, count: rowLength + 16)
        defer { column.deallocate() }
        vertical.weights.withUnsafeBufferPointer { verticalWeights in
            horizontal.weights.withUnsafeBufferPointer { horizontalWeights in
                for y in rows {
                    let start = vertical.starts[y], count = vertical.counts[y]
                    for row in start..<start + count where ringHolds[row % ringRows] != row {
                        let slot = ring + (row % ringRows) * rowLength, bytes = input + row * source.bytesPerRow
                        for index in 0..<rowLength { slot[index] = Float(bytes[index]) }
                        ringHolds[row % ringRows] = row
                    }
                    let weights = verticalWeights.baseAddress! + y * vertical.stride
                    Self.sumRows(ring: ring, ringRows: ringRows, first: start, count: count, weights: weights,
                                 length: rowLength, into: column)
                    let (offset, step) = destination(row: y)
                    Self.filterRow(column, channels: channels, kernel: horizontal, weights: horizontalWeights.baseAddress!,
                                   into: output + offset, step: step, outputWidth: size.width)
                }
            }
        }
    }

    /// out[i] = Σ weights[t] · row(first + t)[i] for i in 0..<length, rows
    /// taken from the ring. Plain loops over contiguous floats, which the
    /// compiler vectorises (and no `addProduct`: without hardware FMA it
    /// calls `fmaf` per lane).
    @inline(__always)
    private static func sumRows(ring: UnsafeMutablePointer<Float>, ringRows: Int, first: Int, count: Int,
                                weights: UnsafePointer<Float>, length: Int, into out: UnsafeMutablePointer<Float>) {
        func row(_ tap: Int) -> UnsafeMutablePointer<Float> { ring + ((first + tap) % ringRows) * length }
        let row0 = row(0), weight0 = weights[0]
        for index in 0..<length { out[index] = row0[index] * weight0 }
        for tap in 1..<max(1, count) {
            let r = row(tap), weight = weights[tap]
            for index in 0..<length { out[index] += r[index] * weight }
        }
    }

    /// Reduces one float row to `outputWidth` pixels of bytes, stored
    /// `step` bytes apart from `out` on.
    @inline(__always)
    private static func filterRow(_ row: UnsafeMutablePointer<Float>, channels: Int, kernel: ResampleKernel,
                                  weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, step: Int,
                                  outputWidth: Int) {
        let raw = UnsafeRawPointer(row)
        kernel.starts.withUnsafeBufferPointer { starts in
            kernel.counts.withUnsafeBufferPointer { counts in
                var target = out
                if channels == 1 {
                    for x in 0..<outputWidth {
                        let tapWeights = weights + x * kernel.stride
                        var sum: Float = 0
                        let from = starts[x]
                        for tap in 0..<counts[x] { sum += row[from + tap] * tapWeights[tap] }
                        target[0] = clampToByte(sum)
                        target += step
                    }
                    return
                }
                let pixelBytes = channels &* 4
                for x in 0..<outputWidth {
                    var tapWeight = weights + x &* kernel.stride
                    var sum = SIMD4<Float>(repeating: 0)
                    var load = raw + starts[x] &* pixelBytes
                    for _ in 0..<counts[x] {
                        sum += load.loadUnaligned(as: SIMD4<Float>.self) * tapWeight.pointee
                        load += pixelBytes
                        tapWeight += 1
                    }
                    // Clamped, then rounded by adding 2^23 and reading the low
                    // mantissa bits: no checked float-to-integer conversion per lane.
                    let clamped = sum.clamped(lowerBound: SIMD4(repeating: 0), upperBound: SIMD4(repeating: 255))
                    let bits = unsafeBitCast(clamped + 8_388_608, to: SIMD4<UInt32>.self)
                    target[0] = UInt8(truncatingIfNeeded: bits[0])
                    target[1] = UInt8(truncatingIfNeeded: bits[1])
                    target[2] = UInt8(truncatingIfNeeded: bits[2])
                    if channels == 4 { target[3] = UInt8(truncatingIfNeeded: bits[3]) }
                    target += step
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
