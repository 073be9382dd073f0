/// How a HEIF's own `irot` and `imir` properties turn its primary image,
/// as the EXIF orientation that does the same. libheif applies them while
/// decoding, so the pixels come out upright: this is for saying so
/// (`ImageMetadata.heifTransform`), as exiftool's Rotation does, never for
/// turning the pixels again.
///
/// Related documentation: ISO/IEC 23008-12 (HEIF), 6.5.10 (irot), 6.5.12
/// (imir), 9.3 (ipma); libheif 1.15's reading of `imir`, which this follows
/// because its pixels are the ones shown: axis 1 swaps left and right,
/// axis 0 top and bottom.
enum HEIFTransform {
    /// The largest `meta` box read (a 48 MP iPhone photo's is a few KB).
    static let maxMetaBytes = 1 << 24

    /// The orientation of the primary item's irot and imir, applied in the
    /// order its `ipma` lists them; nil when it has neither, or when the
    /// boxes cannot be read.
    static func orientation(_ bytes: UnsafeRawBufferPointer) -> Orientation? {
        guard let meta = BoxReader.topLevelPayload("meta", in: bytes, maxBytes: maxMetaBytes) else { return nil }
        let boxes = BoxReader(meta, from: 4)   // a full box: version and flags first
        guard let pitm = boxes.child("pitm"), let pitmVersion = pitm.bytes(0, 1)?[0],
              let primary = pitmVersion == 0 ? pitm.bytes(4, 2).map({ Int($0[0]) << 8 | Int($0[1]) }) : pitm.uint32(at: 4),
              let properties = boxes.child("iprp"), let ipco = properties.child("ipco"), let ipma = properties.child("ipma")
        else { return nil }
        let container = ipco.children(nil)
        let types = Self.types(in: ipco)
        var turn = Matrix.identity
        var turned = false
        for index in associations(of: primary, in: ipma) where index >= 1 && index <= container.count {
            guard let value = container[index - 1].bytes(0, 1)?[0] else { continue }
            switch types[index - 1] {
            case "irot":
                // Anti-clockwise, in quarter turns.
                for _ in 0..<Int(value & 3) { turn = Matrix.counterClockwise * turn }
                turned = true
            case "imir":
                turn = (value & 1 == 1 ? Matrix.leftRight : Matrix.topBottom) * turn
                turned = true
            default:
                continue
            }
        }
        guard turned else { return nil }
        return Orientation.allCases.first { Matrix($0) == turn }
    }

    /// The four-character type of each box in `container`, in order.
    private static func types(in container: BoxReader) -> [String] {
        var types: [String] = []
        var offset = 0
        while let head = container.bytes(offset, 8) {
            let length = Int(BoxReader.uint32(head, 0))
            guard length >= 8 else { break }
            types.append(String(decoding: head[4..<8], as: UTF8.self))
            offset += length
        }
        return types
    }

    /// The property indices (1-based) `ipma` associates with `item`, in order.
    private static func associations(of item: Int, in ipma: BoxReader) -> [Int] {
        guard let head = ipma.bytes(0, 4), let count = ipma.uint32(at: 4) else { return [] }
        let idWidth = head[0] == 0 ? 2 : 4, indexWidth = head[3] & 1 == 1 ? 2 : 1
        var at = 8
        for _ in 0..<count {
            guard let id = ipma.bytes(at, idWidth), let listed = ipma.bytes(at + idWidth, 1)?[0] else { return [] }
            at += idWidth + 1
            guard let list = ipma.bytes(at, Int(listed) * indexWidth) else { return [] }
            at += list.count
            guard id.reduce(0, { $0 << 8 | Int($1) }) == item else { continue }
            return stride(from: 0, to: list.count, by: indexWidth).map { start in
                // The top bit says "essential"; the rest is the index.
                indexWidth == 1 ? Int(list[start] & 0x7F) : (Int(list[start] & 0x7F) << 8 | Int(list[start + 1]))
            }
        }
        return []
    }

    /// A turn or flip of the picture about its centre, x to the right and y
    /// down: (x, y) becomes (a·x + b·y, c·x + d·y).
    private struct Matrix: Equatable {
        var a, b, c, d: Int

        static let identity = Matrix(a: 1, b: 0, c: 0, d: 1)
        static let counterClockwise = Matrix(a: 0, b: 1, c: -1, d: 0)
        static let leftRight = Matrix(a: -1, b: 0, c: 0, d: 1)
        static let topBottom = Matrix(a: 1, b: 0, c: 0, d: -1)

        init(a: Int, b: Int, c: Int, d: Int) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

        /// What the EXIF orientation does to the stored picture.
        init(_ orientation: Orientation) {
            switch orientation {
            case .up: self = .identity
            case .upMirrored: self = .leftRight
            case .down: self.init(a: -1, b: 0, c: 0, d: -1)
            case .downMirrored: self = .topBottom
            case .leftMirrored: self.init(a: 0, b: 1, c: 1, d: 0)
            case .right: self.init(a: 0, b: -1, c: 1, d: 0)
            case .rightMirrored: self.init(a: 0, b: -1, c: -1, d: 0)
            case .left: self = .counterClockwise
            }
        }

        /// `lhs` after `rhs`.
        static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
            Matrix(a: lhs.a * rhs.a + lhs.b * rhs.c, b: lhs.a * rhs.b + lhs.b * rhs.d,
                   c: lhs.c * rhs.a + lhs.d * rhs.c, d: lhs.c * rhs.b + lhs.d * rhs.d)
        }
    }
}
