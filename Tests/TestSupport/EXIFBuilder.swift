/// An EXIF APP1 payload built in the test ("Exif\0\0" + a little-endian
/// TIFF): IFD0, and an Exif and a GPS IFD when they have entries. Values
/// are ASCII text, SHORTs, LONGs, RATIONALs or UNDEFINED bytes (a MakerNote).
public struct EXIFBuilder {
    public enum Value {
        case ascii(String)
        case short(UInt16)
        case long(UInt32)
        case rationals([(UInt32, UInt32)])
        case undefined([UInt8])
    }

    public var ifd0: [UInt16: Value] = [:]
    public var exif: [UInt16: Value] = [:]
    public var gps: [UInt16: Value] = [:]

    public init() {}

    public var payload: [UInt8] {
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]
        var zeroIFD = ifd0
        // Pointers are patched once the sub-IFDs' offsets are known.
        if !exif.isEmpty { zeroIFD[0x8769] = .long(0) }
        if !gps.isEmpty { zeroIFD[0x8825] = .long(0) }
        let zeroAt = tiff.count
        tiff += Self.ifd(zeroIFD, at: zeroAt)
        if !exif.isEmpty {
            Self.patch(&tiff, ifdAt: zeroAt, tag: 0x8769, value: UInt32(tiff.count))
            tiff += Self.ifd(exif, at: tiff.count)
        }
        if !gps.isEmpty {
            Self.patch(&tiff, ifdAt: zeroAt, tag: 0x8825, value: UInt32(tiff.count))
            tiff += Self.ifd(gps, at: tiff.count)
        }
        return Array("Exif\0\0".utf8) + tiff
    }

    /// One IFD at `offset`: entries sorted by tag, then the values that do not fit in 4 bytes.
    private static func ifd(_ entries: [UInt16: Value], at offset: Int) -> [UInt8] {
        let sorted = entries.sorted { $0.key < $1.key }
        var head: [UInt8] = le16(UInt16(sorted.count)), data: [UInt8] = []
        let dataAt = offset + 2 + sorted.count * 12 + 4
        for (tag, value) in sorted {
            let (type, count, bytes): (UInt16, Int, [UInt8]) = switch value {
            case .ascii(let text): (2, text.utf8.count + 1, Array(text.utf8) + [0])
            case .short(let number): (3, 1, le16(number) + [0, 0])
            case .long(let number): (4, 1, le32(number))
            case .rationals(let parts): (5, parts.count, parts.flatMap { le32($0.0) + le32($0.1) })
            case .undefined(let bytes): (7, bytes.count, bytes)
            }
            head += le16(tag) + le16(type) + le32(UInt32(count))
            if bytes.count <= 4 {
                head += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                head += le32(UInt32(dataAt + data.count))
                data += bytes
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return head + le32(0) + data
    }

    private static func patch(_ tiff: inout [UInt8], ifdAt offset: Int, tag: UInt16, value: UInt32) {
        let count = Int(tiff[offset]) | Int(tiff[offset + 1]) << 8
        for entry in 0..<count {
            let at = offset + 2 + entry * 12
            if tiff[at] == UInt8(tag & 0xFF) && tiff[at + 1] == UInt8(tag >> 8) {
                tiff.replaceSubrange(at + 8..<at + 12, with: le32(value))
            }
        }
    }

    /// An Apple MakerNote holding ASCII `entries` by tag (17: a Live Photo's
    /// content identifier, 11: a burst's), as iPhones write it: "Apple iOS\0",
    /// version 1, "MM", a big-endian IFD whose offsets count from the note's start.
    public static func appleMakerNote(_ entries: [UInt16: String]) -> [UInt8] {
        func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func be32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
        let sorted = entries.sorted { $0.key < $1.key }
        var head = Array("Apple iOS\0".utf8) + [0, 1] + Array("MM".utf8) + be16(UInt16(sorted.count))
        var data: [UInt8] = []
        let dataAt = head.count + sorted.count * 12 + 4
        for (tag, text) in sorted {
            let value = Array(text.utf8) + [0]
            head += be16(tag) + be16(2) + be32(UInt32(value.count))
            if value.count <= 4 {
                head += value + [UInt8](repeating: 0, count: 4 - value.count)
            } else {
                head += be32(UInt32(dataAt + data.count))
                data += value
            }
        }
        return head + be32(0) + data
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
}
