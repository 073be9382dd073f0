/// Adds transformative properties (`irot`, `imir`) to a HEIF's primary
/// item, as a file turned by its writer has them: the properties go at the
/// end of `ipco`, their indices at the end of the item's `ipma` entry, and
/// every size and `iloc` offset that the inserted bytes move is mended.
/// No program here writes irot (heif-enc cannot, exiftool will not).
public enum HEIFBoxEditor {
    public enum Property: Sendable {
        /// Anti-clockwise quarter turns (0...3).
        case irot(UInt8)
        /// libheif 1.15: axis 1 swaps left and right, 0 top and bottom.
        case imir(UInt8)

        var box: [UInt8] {
            switch self {
            case .irot(let angle): [0, 0, 0, 9] + Array("irot".utf8) + [angle & 3]
            case .imir(let axis): [0, 0, 0, 9] + Array("imir".utf8) + [axis & 1]
            }
        }
    }

    struct Box {
        var type: String
        var start: Int
        var payload: Int
        var end: Int
    }

    static func boxes(_ bytes: [UInt8], _ from: Int, _ to: Int) -> [Box] {
        var found: [Box] = []
        var at = from
        while at + 8 <= to {
            let size = Int(read(bytes, at, 4))
            guard size >= 8 else { break }
            found.append(Box(type: String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), start: at, payload: at + 8,
                             end: at + size))
            at += size
        }
        return found
    }

    static func read(_ bytes: [UInt8], _ at: Int, _ width: Int) -> UInt64 {
        (at..<at + width).reduce(0) { $0 << 8 | UInt64(bytes[$1]) }
    }

    static func write(_ bytes: inout [UInt8], _ at: Int, _ width: Int, _ value: UInt64) {
        for index in 0..<width { bytes[at + index] = UInt8(value >> (8 * UInt64(width - 1 - index)) & 0xFF) }
    }

    static func grow(_ bytes: inout [UInt8], boxAt at: Int, by count: Int) {
        write(&bytes, at, 4, read(bytes, at, 4) + UInt64(count))
    }

    /// `heif` with `properties` added to its primary item, in order.
    public static func adding(_ properties: [Property], to heif: [UInt8]) -> [UInt8] {
        var bytes = heif
        let meta = boxes(bytes, 0, bytes.count).first { $0.type == "meta" }!
        let children = boxes(bytes, meta.payload + 4, meta.end)
        let pitm = children.first { $0.type == "pitm" }!
        let primary = bytes[pitm.payload] == 0 ? read(bytes, pitm.payload + 4, 2) : read(bytes, pitm.payload + 4, 4)
        let iprp = children.first { $0.type == "iprp" }!
        let inside = boxes(bytes, iprp.payload, iprp.end)
        let ipco = inside.first { $0.type == "ipco" }!, ipma = inside.first { $0.type == "ipma" }!
        let existing = boxes(bytes, ipco.payload, ipco.end).count
        let added = properties.flatMap(\.box)

        // The primary item's entry in ipma.
        let version = bytes[ipma.payload], wide = bytes[ipma.payload + 3] & 1 == 1
        let idWidth = version == 0 ? 2 : 4, indexWidth = wide ? 2 : 1
        var at = ipma.payload + 8, countAt = 0, entryEnd = 0
        for _ in 0..<read(bytes, ipma.payload + 4, 4) {
            let item = read(bytes, at, idWidth)
            let count = Int(bytes[at + idWidth])
            if item == primary { (countAt, entryEnd) = (at + idWidth, at + idWidth + 1 + count * indexWidth) }
            at += idWidth + 1 + count * indexWidth
        }
        precondition(entryEnd > 0, "the primary item has no ipma entry")
        let indices: [UInt8] = properties.indices.flatMap { offset -> [UInt8] in
            let index = existing + 1 + offset   // essential, 1-based
            return wide ? [UInt8(0x80 | index >> 8), UInt8(index & 0xFF)] : [UInt8(0x80 | index)]
        }
        let moved = added.count + indices.count

        // Back to front, so earlier offsets stay right.
        bytes.insert(contentsOf: indices, at: entryEnd)
        bytes[countAt] += UInt8(properties.count)
        bytes.insert(contentsOf: added, at: ipco.end)
        grow(&bytes, boxAt: ipma.start + (ipma.start > ipco.start ? added.count : 0), by: indices.count)
        grow(&bytes, boxAt: ipco.start + (ipco.start > ipma.start ? indices.count : 0), by: added.count)
        grow(&bytes, boxAt: iprp.start, by: moved)
        grow(&bytes, boxAt: meta.start, by: moved)

        // iloc: file offsets of data past meta move by what was inserted.
        let iloc = children.first { $0.type == "iloc" }!
        var p = iloc.payload + (iloc.start > iprp.start ? moved : 0)
        let ilocVersion = bytes[p]
        p += 4
        let offsetSize = Int(bytes[p] >> 4), lengthSize = Int(bytes[p] & 15), baseSize = Int(bytes[p + 1] >> 4)
        let indexSize = ilocVersion >= 1 ? Int(bytes[p + 1] & 15) : 0
        p += 2
        let items = read(bytes, p, ilocVersion < 2 ? 2 : 4)
        p += ilocVersion < 2 ? 2 : 4
        for _ in 0..<items {
            p += ilocVersion < 2 ? 2 : 4
            var method = 0
            if ilocVersion >= 1 { method = Int(bytes[p + 1] & 15); p += 2 }
            p += 2
            let base = baseSize > 0 ? read(bytes, p, baseSize) : 0
            if method == 0 && base > 0 { write(&bytes, p, baseSize, base + UInt64(moved)) }
            p += baseSize
            let extents = read(bytes, p, 2)
            p += 2
            for _ in 0..<extents {
                p += indexSize
                if method == 0 && base == 0 && offsetSize > 0 {
                    write(&bytes, p, offsetSize, read(bytes, p, offsetSize) + UInt64(moved))
                }
                p += offsetSize + lengthSize
            }
        }
        return bytes
    }
}
