#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lanczos-3 weights for resampling one axis from `inputLength` to
/// `outputLength` samples: for each output sample, the first input sample
/// it reads and a fixed-stride run of normalised weights.
struct ResampleKernel: Sendable {
    let starts: [Int]
    let counts: [Int]
    /// `outputLength * stride` weights; entries past `counts[i]` are zero.
    let weights: [Float]
    let stride: Int
    /// The same kernel as the fixed-point passes read it.
    let fixedPoint: FixedPoint

    /// Weights as fractions of 2^14, each output's rounded so that they sum
    /// to exactly 2^14 (a flat image stays flat), `stride` apart (a multiple
    /// of 4), zero past the count.
    struct FixedPoint: Sendable {
        let weights: [Int16]
        let stride: Int
        let starts: [Int32]
        let counts: [Int32]
    }

    init(inputLength: Int, outputLength: Int, lobes: Double = 3) {
        precondition(inputLength > 0 && outputLength > 0)
        let ratio = Double(inputLength) / Double(outputLength)
        let filterScale = max(ratio, 1)
        let support = lobes * filterScale
        let stride = Int((support * 2).rounded(.up)) + 2
        var starts = [Int](repeating: 0, count: outputLength)
        var counts = [Int](repeating: 0, count: outputLength)
        var weights = [Float](repeating: 0, count: outputLength * stride)
        for index in 0..<outputLength {
            let center = (Double(index) + 0.5) * ratio
            let first = max(0, Int((center - support).rounded(.down)))
            let last = min(inputLength, Int((center + support).rounded(.up)))
            var taps = [Double]()
            taps.reserveCapacity(last - first)
            for sample in first..<last {
                taps.append(Self.lanczos((Double(sample) + 0.5 - center) / filterScale, lobes: lobes))
            }
            // Trim zero-weight ends so the inner loops do no useless work.
            var low = 0, high = taps.count
            while low < high - 1 && taps[low] == 0 { low += 1 }
            while high > low + 1 && taps[high - 1] == 0 { high -= 1 }
            let kept = Array(taps[low..<min(high, low + stride)])
            let total = kept.reduce(0, +)
            starts[index] = first + low
            counts[index] = kept.count
            for (tap, weight) in kept.enumerated() {
                weights[index * stride + tap] = Float(total != 0 ? weight / total : 1.0 / Double(kept.count))
            }
        }
        self.starts = starts
        self.counts = counts
        self.weights = weights
        self.stride = stride
        let fixedStride = (stride + 3) / 4 * 4
        fixedPoint = FixedPoint(weights: Self.fixedPoint(weights, stride: stride, counts: counts, fixedStride: fixedStride),
                                stride: fixedStride, starts: starts.map { Int32($0) }, counts: counts.map { Int32($0) })
    }

    /// Each output's weights times 2^14, rounded, the rounding's sum moved
    /// onto the largest so they add up to 2^14 exactly.
    private static func fixedPoint(_ weights: [Float], stride: Int, counts: [Int], fixedStride: Int) -> [Int16] {
        let one = 1 << FixedPointPasses.weightBits
        var fixed = [Int16](repeating: 0, count: counts.count * fixedStride)
        for (index, count) in counts.enumerated() {
            var total = 0, largest = 0
            for tap in 0..<count {
                let scaled = (Double(weights[index * stride + tap]) * Double(one)).rounded()
                let value = Int(min(max(scaled, -32_767), 32_767))
                fixed[index * fixedStride + tap] = Int16(value)
                total += value
                if abs(value) > abs(Int(fixed[index * fixedStride + largest])) { largest = tap }
            }
            guard count > 0 else { continue }
            let adjusted = Int(fixed[index * fixedStride + largest]) + one - total
            fixed[index * fixedStride + largest] = Int16(min(max(adjusted, -32_768), 32_767))
        }
        return fixed
    }

    static func lanczos(_ x: Double, lobes: Double) -> Double {
        if x == 0 { return 1 }
        if abs(x) >= lobes { return 0 }
        let pix = Double.pi * x
        return lobes * sin(pix) * sin(pix / lobes) / (pix * pix)
    }
}

extension ResampleKernel {
    private struct Lengths: Hashable {
        var input: Int
        var output: Int
    }

    /// Kernels already computed: a batch of same-size photos needs only a
    /// few, and computing one costs a `sin` per tap.
    private static let recent = LRUCache<Lengths, ResampleKernel>(costLimit: 16 << 20, countLimit: 64)

    /// The kernel for these lengths, computed once and then shared.
    static func shared(inputLength: Int, outputLength: Int) -> ResampleKernel {
        let key = Lengths(input: inputLength, output: outputLength)
        if let kernel = recent.value(forKey: key) { return kernel }
        let kernel = ResampleKernel(inputLength: inputLength, outputLength: outputLength)
        recent.set(kernel, forKey: key, cost: kernel.weights.count * 4 + kernel.fixedPoint.weights.count * 2 + kernel.starts.count * 24)
        return kernel
    }
}
