/// Reads protocol buffer wire format from a byte buffer, checking every
/// length: a varint past the end, a field longer than its message, or a
/// wire type it cannot skip is an error, never a read past the buffer.
struct ProtobufReader {
    /// Why the bytes are not a well-formed message.
    struct Malformed: Error, Sendable { var reason: String }

    enum WireType: UInt64 { case varint = 0, fixed64 = 1, lengthDelimited = 2, fixed32 = 5 }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
        self.bytes = bytes
        position = range?.lowerBound ?? 0
        end = range?.upperBound ?? bytes.count
    }

    var isAtEnd: Bool { position >= end }

    /// A varint of at most ten bytes.
    mutating func varint() throws(Malformed) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw Malformed(reason: "a varint runs past the end") }
            let byte = bytes[position]
            position += 1
            if shift == 63 && byte > 1 { throw Malformed(reason: "a varint is longer than 64 bits") }
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }

    /// The next field's number and wire type, nil at the end.
    mutating func field() throws(Malformed) -> (number: UInt64, wireType: WireType)? {
        if isAtEnd { return nil }
        let key = try varint()
        guard let wireType = WireType(rawValue: key & 7) else {
            throw Malformed(reason: "unknown wire type \(key & 7)")
        }
        let number = key >> 3
        guard number > 0 else { throw Malformed(reason: "field number 0") }
        return (number, wireType)
    }

    /// The range of a length-delimited field's bytes; the reader moves past them.
    mutating func lengthDelimited() throws(Malformed) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw Malformed(reason: "a field of \(length) bytes runs past the end") }
        let start = position
        position += Int(length)
        return start..<position
    }

    mutating func fixed32() throws(Malformed) -> UInt32 {
        guard end - position >= 4 else { throw Malformed(reason: "a 32-bit value runs past the end") }
        var value: UInt32 = 0
        for index in 0..<4 { value |= UInt32(bytes[position + index]) << (8 * UInt32(index)) }
        position += 4
        return value
    }

    mutating func fixed64() throws(Malformed) -> UInt64 {
        guard end - position >= 8 else { throw Malformed(reason: "a 64-bit value runs past the end") }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
        position += 8
        return value
    }

    /// Skips a field's value of `wireType`.
    mutating func skip(_ wireType: WireType) throws(Malformed) {
        switch wireType {
        case .varint: _ = try varint()
        case .fixed64: _ = try fixed64()
        case .lengthDelimited: _ = try lengthDelimited()
        case .fixed32: _ = try fixed32()
        }
    }

    /// The bytes of `range` as text (invalid UTF-8 repaired).
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Zigzag decoding: 0, -1, 1, -2, … from 0, 1, 2, 3, …
    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }
}
