/// A one-page, uncompressed, one-strip TIFF written sample by sample: any
/// bits per sample (whole bytes in the file's byte order, other widths
/// packed high bit first, each row starting on a byte, as TIFF 6.0 says),
/// any sample format and photometric interpretation, so tests make the
/// pages they read (12-bit, 32-bit integer and float, Lab, CMYK …) without a
/// writer of their own kind.
public struct TIFFFixture: Sendable {
    public var width: Int
    public var height: Int
    public var samplesPerPixel: Int
    public var bitsPerSample: Int
    /// 1 unsigned integer, 2 signed, 3 IEEE float.
    public var sampleFormat: Int
    /// 0 min-is-white, 1 min-is-black, 2 RGB, 5 separated (CMYK), 8 CIELab, 9 ICCLab, 10 ITULab.
    public var photometric: Int
    /// ExtraSamples values (1 associated alpha, 2 unassociated), one per sample past the colour ones.
    public var extraSamples: [Int]
    public var bigEndian: Bool
    public var icc: [UInt8]?
    /// More tags, each written as UNDEFINED bytes (IPTC's 33723, Photoshop's 34377 …).
    public var undefinedTags: [Int: [UInt8]] = [:]
    /// Row by row, pixel by pixel, sample by sample: each sample's bits (a
    /// float's bit pattern for sample format 3), the low `bitsPerSample` kept.
    public var samples: [UInt64]

    public init(width: Int, height: Int, samplesPerPixel: Int, bitsPerSample: Int, sampleFormat: Int = 1,
                photometric: Int, extraSamples: [Int] = [], bigEndian: Bool = false, icc: [UInt8]? = nil,
                samples: [UInt64]) {
        precondition(samples.count == width * height * samplesPerPixel, "one value a sample")
        self.width = width
        self.height = height
        self.samplesPerPixel = samplesPerPixel
        self.bitsPerSample = bitsPerSample
        self.sampleFormat = sampleFormat
        self.photometric = photometric
        self.extraSamples = extraSamples
        self.bigEndian = bigEndian
        self.icc = icc
        self.samples = samples
    }

    /// The bit patterns of 32-bit floats.
    public static func float32(_ values: [Float]) -> [UInt64] { values.map { UInt64($0.bitPattern) } }
    /// The bit patterns of 64-bit floats.
    public static func float64(_ values: [Double]) -> [UInt64] { values.map { $0.bitPattern } }
    /// The bit patterns of 16-bit (half) floats.
    public static func float16(_ values: [Float]) -> [UInt64] { values.map { UInt64(Float16($0).bitPattern) } }

    /// The file.
    public var bytes: [UInt8] {
        let strip = stripBytes()
        // Header, strip at 8, then the values too long for their entries, then the directory.
        var out = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + number(42, 2) + number(0, 4)
        out += strip
        if out.count % 2 == 1 { out.append(0) }
        let shorts = { (values: [Int]) in (3, values.count, values.flatMap { self.number(UInt64($0), 2) }) }
        var entries: [(tag: Int, type: Int, count: Int, value: [UInt8])] = [
            (256, 4, 1, number(UInt64(width), 4)),
            (257, 4, 1, number(UInt64(height), 4)),
            { let s = shorts(Array(repeating: bitsPerSample, count: samplesPerPixel)); return (258, s.0, s.1, s.2) }(),
            (259, 3, 1, number(1, 2)),
            (262, 3, 1, number(UInt64(photometric), 2)),
            (273, 4, 1, number(8, 4)),
            (277, 3, 1, number(UInt64(samplesPerPixel), 2)),
            (278, 4, 1, number(UInt64(height), 4)),
            (279, 4, 1, number(UInt64(strip.count), 4)),
            (284, 3, 1, number(1, 2)),
            { let s = shorts(Array(repeating: sampleFormat, count: samplesPerPixel)); return (339, s.0, s.1, s.2) }(),
        ]
        if !extraSamples.isEmpty {
            let s = shorts(extraSamples)
            entries.append((338, s.0, s.1, s.2))
        }
        if let icc { entries.append((34675, 7, icc.count, icc)) }
        for (tag, value) in undefinedTags { entries.append((tag, 7, value.count, value)) }
        entries.sort { $0.tag < $1.tag }
        // Long values first, each at an even offset.
        var placed: [[UInt8]] = []
        for entry in entries {
            if entry.value.count <= 4 {
                placed.append(entry.value + Array(repeating: 0, count: 4 - entry.value.count))
            } else {
                placed.append(number(UInt64(out.count), 4))
                out += entry.value
                if out.count % 2 == 1 { out.append(0) }
            }
        }
        let directory = out.count
        out += number(UInt64(entries.count), 2)
        for (entry, field) in zip(entries, placed) {
            out += number(UInt64(entry.tag), 2) + number(UInt64(entry.type), 2) + number(UInt64(entry.count), 4) + field
        }
        out += number(0, 4)
        out.replaceSubrange(4..<8, with: number(UInt64(directory), 4))
        return out
    }

    private func stripBytes() -> [UInt8] {
        let perRow = width * samplesPerPixel
        var out: [UInt8] = []
        for row in 0..<height {
            let values = samples[(row * perRow)..<((row + 1) * perRow)]
            if bitsPerSample % 8 == 0 {
                for value in values { out += number(value, bitsPerSample / 8) }
            } else {
                var accumulator: UInt64 = 0, pending = 0
                for value in values {
                    accumulator = accumulator << UInt64(bitsPerSample) | (value & ((1 << UInt64(bitsPerSample)) - 1))
                    pending += bitsPerSample
                    while pending >= 8 {
                        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt64(pending - 8)))
                        pending -= 8
                    }
                }
                if pending > 0 { out.append(UInt8(truncatingIfNeeded: accumulator << UInt64(8 - pending))) }
            }
        }
        return out
    }

    /// `value`'s low `length` bytes in the file's byte order.
    private func number(_ value: UInt64, _ length: Int) -> [UInt8] {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
        return bigEndian ? bytes.reversed() : bytes
    }
}
