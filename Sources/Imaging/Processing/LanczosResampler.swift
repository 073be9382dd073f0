import Dispatch

/// A separable Lanczos-3 resampler that can write its result already
/// turned upright.
///
/// Each output row is made in two steps that keep the data in cache: the
/// vertical filter sums the input rows it needs into one row, then the
/// horizontal filter reduces that row to the output width. 8-bit pixels go
/// through both in 16-bit fixed point (cimg_resample.c: two taps per
/// multiply-add, the same bytes on every processor), reading the source
/// rows in place. Pixels premultiplied as they are read go through floats
/// instead (SIMD types), their rows converted once each into a ring. The
/// orientation is applied as each pixel is stored, so turning the small
/// result costs no extra pass. Row buffers are allocated once per thread;
/// nothing is allocated per pixel. Bands of output rows run on several
/// threads when asked.
struct LanczosResampler {
    let source: Image
    /// The output size before orientation (in the source's frame).
    let size: PixelSize
    let orientation: Orientation
    let horizontal: ResampleKernel
    let vertical: ResampleKernel
    /// Whether RGBA input rows are premultiplied as they are read (as
    /// `Image.premultiplied()` rounds), instead of from a premultiplied copy.
    let premultiplies: Bool
    /// The part of `source` resampled (all of it by default), read in place.
    let region: PixelRect

    init(source: Image, size: PixelSize, orientation: Orientation = .up, premultiplies: Bool = false,
         region: PixelRect? = nil) {
        precondition(!premultiplies || source.format == .rgba8)
        self.source = source
        self.premultiplies = premultiplies
        let region = region ?? PixelRect(x: 0, y: 0, width: source.width, height: source.height)
        self.region = region
        self.size = size
        self.orientation = orientation
        horizontal = ResampleKernel.shared(inputLength: region.width, outputLength: size.width)
        vertical = ResampleKernel.shared(inputLength: region.height, outputLength: size.height)
    }

    func resample(threads: Int) -> Image {
        let upright = orientation.uprightSize(of: size)
        let bands = max(1, min(threads, size.height / 16))
        return source.pixels.withUnsafeBufferPointer { input in
            Image(width: upright.width, height: upright.height, format: source.format, colorSpace: source.colorSpace) { output in
                let outBase = UncheckedSendable(output.baseAddress!)
                let inBase = UncheckedSendable(input.baseAddress!)
                let work: @Sendable (Int) -> Void = { band in
                    let first = band * size.height / bands, last = (band + 1) * size.height / bands
                    if premultiplies {
                        resampleRows(first..<last, input: inBase.value, output: outBase.value)
                    } else {
                        resampleRowsFixed(first..<last, input: inBase.value, output: outBase.value)
                    }
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

    /// The rows of 8-bit pixels read as they are, in fixed point.
    private func resampleRowsFixed(_ rows: Range<Int>, input: UnsafePointer<UInt8>,
                                   output: UnsafeMutablePointer<UInt8>) {
        let channels = source.format.bytesPerPixel
        let rowLength = region.width * channels
        let origin = input + region.y * source.bytesPerRow + region.x * channels
        // The source rows one output row sums, in tap order.
        let taps = UnsafeMutablePointer<UnsafePointer<UInt8>?>.allocate(capacity: max(1, vertical.stride))
        defer { taps.deallocate() }
        // The vertical sum, padded as the horizontal pass may read past a
        // pixel's last tap (the padding's weights are zero).
        let columnLength = rowLength + FixedPointPasses.padding(channels: channels)
        let column = UnsafeMutablePointer<Int16>.allocate(capacity: columnLength)
        column.initialize(repeating: 0, count: columnLength)
        defer { column.deallocate() }
        vertical.fixedPoint.weights.withUnsafeBufferPointer { verticalWeights in
            for y in rows {
                let start = vertical.starts[y], count = vertical.counts[y]
                for tap in 0..<count { taps[tap] = UnsafePointer(origin + (start + tap) * source.bytesPerRow) }
                FixedPointPasses.vertical(rows: taps, weights: verticalWeights.baseAddress! + y * vertical.fixedPoint.stride,
                                          count: count, length: rowLength, into: column)
                let (offset, step) = destination(row: y)
                FixedPointPasses.horizontal(row: column, channels: channels, kernel: horizontal.fixedPoint,
                                            width: size.width, into: output + offset, step: step)
            }
        }
    }

    /// The rows premultiplied as they are read, in floats.
    private func resampleRows(_ rows: Range<Int>, input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>) {
        let channels = source.format.bytesPerPixel
        let rowLength = region.width * channels
        let origin = input + region.y * source.bytesPerRow + region.x * channels
        // Input rows converted to floats once each, kept in a ring as long
        // as the vertical filter may still need them (its taps only move down).
        let ringRows = vertical.stride
        let ring = UnsafeMutablePointer<Float>.allocate(capacity: ringRows * rowLength)
        defer { ring.deallocate() }
        var ringHolds = [Int](repeating: -1, count: ringRows)
        // The ring rows one output row reads, in tap order.
        let taps = UnsafeMutablePointer<UnsafePointer<Float>>.allocate(capacity: ringRows)
        defer { taps.deallocate() }
        // Padded with zeros so the horizontal filter may load 4 floats at
        // any pixel, and run a pixel's taps on to its neighbour's count.
        let padding = (horizontal.stride + 2) * channels + 4
        let column = UnsafeMutablePointer<Float>.allocate(capacity: rowLength + padding)
        column.initialize(repeating: 0, count: rowLength + padding)
        defer { column.deallocate() }
        // One output row in floats (and one float more, for the last
        // pixel's fourth lane), converted to bytes in a separate pass.
        let filtered = UnsafeMutablePointer<Float>.allocate(capacity: size.width * channels + 1)
        defer { filtered.deallocate() }
        vertical.weights.withUnsafeBufferPointer { verticalWeights in
            horizontal.weights.withUnsafeBufferPointer { horizontalWeights in
                for y in rows {
                    let start = vertical.starts[y], count = vertical.counts[y]
                    for tap in 0..<count {
                        let row = start + tap, slot = ring + (row % ringRows) * rowLength
                        if ringHolds[row % ringRows] != row {
                            let bytes = origin + row * source.bytesPerRow
                            if premultiplies {
                                for index in stride(from: 0, to: rowLength, by: 4) {
                                    let alpha = bytes[index + 3]
                                    slot[index] = Float(Image.premultiply(bytes[index], by: alpha))
                                    slot[index + 1] = Float(Image.premultiply(bytes[index + 1], by: alpha))
                                    slot[index + 2] = Float(Image.premultiply(bytes[index + 2], by: alpha))
                                    slot[index + 3] = Float(alpha)
                                }
                            } else {
                                for index in 0..<rowLength { slot[index] = Float(bytes[index]) }
                            }
                            ringHolds[row % ringRows] = row
                        }
                        taps[tap] = UnsafePointer(slot)
                    }
                    Self.sumRows(taps, count: count, weights: verticalWeights.baseAddress! + y * vertical.stride,
                                 length: rowLength, into: column)
                    let (offset, step) = destination(row: y)
                    let weights = horizontalWeights.baseAddress!
                    switch channels {
                    case 4: Self.filterRow(column, channels: 4, kernel: horizontal, weights: weights,
                                           into: filtered, outputWidth: size.width)
                    case 3: Self.filterRow(column, channels: 3, kernel: horizontal, weights: weights,
                                           into: filtered, outputWidth: size.width)
                    default: Self.filterGrayRow(column, kernel: horizontal, weights: weights,
                                                into: filtered, outputWidth: size.width)
                    }
                    Self.store(filtered, channels: channels, count: size.width, into: output + offset, step: step)
                }
            }
        }
    }

    /// out[i] = Σ weights[t] · rows[t][i] for i in 0..<length: sixteen
    /// floats at a time, every tap summed in registers and stored once.
    /// (No `addProduct`: without hardware FMA it calls `fmaf` per lane.)
    @inline(__always)
    private static func sumRows(_ rows: UnsafePointer<UnsafePointer<Float>>, count: Int, weights: UnsafePointer<Float>,
                                length: Int, into out: UnsafeMutablePointer<Float>) {
        var index = 0
        while index &+ 16 <= length {
            var sum = UnsafeRawPointer(rows[0] + index).loadUnaligned(as: SIMD16<Float>.self) * weights[0]
            var tap = 1
            while tap < count {
                sum += UnsafeRawPointer(rows[tap] + index).loadUnaligned(as: SIMD16<Float>.self) * weights[tap]
                tap &+= 1
            }
            UnsafeMutableRawPointer(out + index).storeBytes(of: sum, as: SIMD16<Float>.self)
            index &+= 16
        }
        while index < length {
            var sum = rows[0][index] * weights[0]
            for tap in 1..<max(1, count) { sum += rows[tap][index] * weights[tap] }
            out[index] = sum
            index &+= 1
        }
    }

    /// Reduces one float row of 3- or 4-channel pixels to `outputWidth`
    /// pixels, still floats, side by side in `out` (which has room for one
    /// more float). Pixels are made two at a time over the larger of their
    /// tap counts (the kernel's weights past a count are zero), with two
    /// accumulators each taking alternate taps: four independent sums, so
    /// additions do not wait on each other.
    @inline(__always)
    private static func filterRow(_ row: UnsafeMutablePointer<Float>, channels: Int, kernel: ResampleKernel,
                                  weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, outputWidth: Int) {
        let raw = UnsafeRawPointer(row)
        let pixelBytes = channels &* 4
        kernel.starts.withUnsafeBufferPointer { starts in
            kernel.counts.withUnsafeBufferPointer { counts in
                var target = UnsafeMutableRawPointer(out)
                var x = 0
                while x &+ 1 < outputWidth {
                    var firstWeight = weights + x &* kernel.stride
                    var secondWeight = firstWeight + kernel.stride
                    var first = raw + starts[x] &* pixelBytes
                    var second = raw + starts[x &+ 1] &* pixelBytes
                    var firstEven = SIMD4<Float>(), firstOdd = SIMD4<Float>()
                    var secondEven = SIMD4<Float>(), secondOdd = SIMD4<Float>()
                    var left = Swift.max(counts[x], counts[x &+ 1])
                    while left >= 2 {
                        firstEven += first.loadUnaligned(as: SIMD4<Float>.self) * firstWeight[0]
                        secondEven += second.loadUnaligned(as: SIMD4<Float>.self) * secondWeight[0]
                        firstOdd += (first + pixelBytes).loadUnaligned(as: SIMD4<Float>.self) * firstWeight[1]
                        secondOdd += (second + pixelBytes).loadUnaligned(as: SIMD4<Float>.self) * secondWeight[1]
                        first += pixelBytes &* 2
                        second += pixelBytes &* 2
                        firstWeight += 2
                        secondWeight += 2
                        left &-= 2
                    }
                    if left > 0 {
                        firstEven += first.loadUnaligned(as: SIMD4<Float>.self) * firstWeight[0]
                        secondEven += second.loadUnaligned(as: SIMD4<Float>.self) * secondWeight[0]
                    }
                    // 3 channels: a pixel's fourth lane is overwritten by the next pixel.
                    target.storeBytes(of: firstEven + firstOdd, as: SIMD4<Float>.self)
                    (target + pixelBytes).storeBytes(of: secondEven + secondOdd, as: SIMD4<Float>.self)
                    target += pixelBytes &* 2
                    x &+= 2
                }
                if x < outputWidth {
                    var tapWeight = weights + x &* kernel.stride
                    var load = raw + starts[x] &* pixelBytes
                    var sum = SIMD4<Float>()
                    for _ in 0..<counts[x] {
                        sum += load.loadUnaligned(as: SIMD4<Float>.self) * tapWeight[0]
                        load += pixelBytes
                        tapWeight += 1
                    }
                    target.storeBytes(of: sum, as: SIMD4<Float>.self)
                }
            }
        }
    }

    /// `filterRow` for one channel.
    @inline(__always)
    private static func filterGrayRow(_ row: UnsafeMutablePointer<Float>, kernel: ResampleKernel,
                                      weights: UnsafePointer<Float>, into out: UnsafeMutablePointer<Float>, outputWidth: Int) {
        kernel.starts.withUnsafeBufferPointer { starts in
            kernel.counts.withUnsafeBufferPointer { counts in
                for x in 0..<outputWidth {
                    let tapWeights = weights + x * kernel.stride
                    var sum: Float = 0
                    let from = starts[x]
                    for tap in 0..<counts[x] { sum += row[from + tap] * tapWeights[tap] }
                    out[x] = sum
                }
            }
        }
    }

    /// `count` pixels of floats as bytes, clamped and rounded, pixel x
    /// stored at `out + x * step`.
    @inline(__always)
    private static func store(_ values: UnsafeMutablePointer<Float>, channels: Int, count: Int,
                              into out: UnsafeMutablePointer<UInt8>, step: Int) {
        if step == channels {
            toBytes(values, count: count &* channels, into: out)
            return
        }
        var target = out, from = values
        for _ in 0..<count {
            for channel in 0..<channels { target[channel] = clampToByte(from[channel]) }
            target += step
            from += channels
        }
    }

    /// Clamped to 0...255 and rounded by adding 2^23 and keeping the low
    /// mantissa bits: a loop the compiler vectorises (no checked
    /// float-to-integer conversion).
    @inline(__always)
    private static func toBytes(_ values: UnsafeMutablePointer<Float>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        for index in 0..<count {
            let clamped = Swift.min(Swift.max(values[index], 0), 255) + 8_388_608
            out[index] = UInt8(truncatingIfNeeded: clamped.bitPattern)
        }
    }
}

/// Lets a pointer cross into `concurrentPerform`'s closure; each band
/// writes its own rows only.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
