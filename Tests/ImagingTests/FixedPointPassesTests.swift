@testable import Imaging
import Testing

/// Every processor gets the same bytes: the resampler's SIMD passes (AVX2,
/// or SSE2, on x86-64) against the portable loops, on noise, which
/// overshoots most; rows whose lengths leave every kind of tail, shrinking
/// and enlarging, stored forwards and mirrored.
@Suite struct FixedPointPassesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var channels: Int
        var input: PixelSize
        var output: PixelSize
        var testDescription: String { "\(channels) channels, \(input) → \(output)" }
    }

    static let cases = [
        Case(channels: 1, input: PixelSize(width: 37, height: 23), output: PixelSize(width: 11, height: 7)),
        Case(channels: 3, input: PixelSize(width: 37, height: 23), output: PixelSize(width: 80, height: 50)),
        Case(channels: 4, input: PixelSize(width: 37, height: 23), output: PixelSize(width: 17, height: 11)),
        Case(channels: 3, input: PixelSize(width: 1001, height: 40), output: PixelSize(width: 333, height: 13)),
        Case(channels: 4, input: PixelSize(width: 203, height: 9), output: PixelSize(width: 500, height: 20)),
        Case(channels: 3, input: PixelSize(width: 5, height: 4), output: PixelSize(width: 3, height: 9)),
    ]

    @Test(arguments: cases)
    func simdMatchesPortable(_ test: Case) {
        let rowLength = test.input.width * test.channels
        var seed: UInt32 = 12345
        let source = (0..<rowLength * test.input.height).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: seed >> 24)
        }
        let vertical = ResampleKernel(inputLength: test.input.height, outputLength: test.output.height)
        let horizontal = ResampleKernel(inputLength: test.input.width, outputLength: test.output.width)
        let padded = rowLength + FixedPointPasses.padding(channels: test.channels)
        var fast = [Int16](repeating: 0, count: padded), plain = fast
        let outLength = test.output.width * test.channels
        source.withUnsafeBufferPointer { bytes in
            for y in 0..<test.output.height {
                let count = vertical.counts[y]
                let rows = (0..<count).map { UnsafePointer<UInt8>?(bytes.baseAddress! + (vertical.starts[y] + $0) * rowLength) }
                let weights = Array(vertical.fixedPoint.weights[(y * vertical.fixedPoint.stride)...])
                rows.withUnsafeBufferPointer { rows in
                    FixedPointPasses.vertical(rows: rows.baseAddress!, weights: weights, count: count, length: rowLength,
                                              into: &fast)
                    FixedPointPasses.vertical(rows: rows.baseAddress!, weights: weights, count: count, length: rowLength,
                                              into: &plain, portable: true)
                }
                #expect(fast == plain, "vertical pass, row \(y)")
                for mirrored in [false, true] {
                    var fastOut = [UInt8](repeating: 0, count: outLength), plainOut = fastOut
                    let start = mirrored ? outLength - test.channels : 0, step = mirrored ? -test.channels : test.channels
                    fastOut.withUnsafeMutableBufferPointer { out in
                        FixedPointPasses.horizontal(row: fast, channels: test.channels, kernel: horizontal.fixedPoint,
                                                    width: test.output.width, into: out.baseAddress! + start, step: step)
                    }
                    plainOut.withUnsafeMutableBufferPointer { out in
                        FixedPointPasses.horizontal(row: fast, channels: test.channels, kernel: horizontal.fixedPoint,
                                                    width: test.output.width, into: out.baseAddress! + start, step: step,
                                                    portable: true)
                    }
                    #expect(fastOut == plainOut, "horizontal pass, row \(y), mirrored: \(mirrored)")
                }
            }
        }
    }

    /// Each output's weights add up to exactly 2^14, so a flat row stays flat
    /// whatever the rounding of each weight.
    @Test(arguments: [(7, 3), (4000, 1024), (1512, 1024), (23, 80), (1, 5)])
    func weightsSumToOne(input: Int, output: Int) {
        let kernel = ResampleKernel(inputLength: input, outputLength: output).fixedPoint
        for x in 0..<output {
            let row = kernel.weights[(x * kernel.stride)..<((x + 1) * kernel.stride)]
            #expect(row.reduce(0) { $0 + Int($1) } == 1 << FixedPointPasses.weightBits)
            #expect(row.dropFirst(Int(kernel.counts[x])).allSatisfy { $0 == 0 })
        }
    }
}
