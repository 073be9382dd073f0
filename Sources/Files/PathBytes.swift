/// File names as the bytes the file system holds, carried in a `String`
/// without loss.
///
/// Linux names are bytes: a Latin-1 name from an old camera (`caf\xE9.jpg`)
/// is not UTF-8, and decoding it the usual way replaces the byte with
/// U+FFFD, a name no file has. Here every byte that is not part of valid
/// UTF-8 becomes one scalar of a private range (U+10FF80 + byte − 0x80, in
/// Supplementary Private Use Area-B), and `encode` turns those back into
/// the bytes, so `encode(decode(bytes)) == bytes` for every name. A valid
/// UTF-8 sequence that would itself decode into that range is taken byte by
/// byte, which keeps the mapping one-to-one (Python's `surrogateescape`
/// does the same with lone surrogates, which a Swift `String` cannot hold).
///
/// Names arrive through `decode` (directory entries, `realpath`, `getcwd`,
/// the command line, SQLite text) and leave through `withPlatformPath` (the
/// system calls of `PathSystemCalls.swift`). Valid UTF-8 names, nearly all
/// of them, are untouched on both ways.
public enum PathBytes {
    /// The first scalar of the escape range: the byte 0x80.
    static let escapeBase: UInt32 = 0x10FF80

    /// The string for a name's bytes (no NUL inside).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        if !containsEscapeLead(array), let valid = String(validating: array, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = scalar(in: array, at: index), !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(array[index]) - 0x80)!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The string for a NUL-terminated name from C.
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The bytes a string stands for: its UTF-8, with escaped bytes put back.
    public static func encode(_ string: String) -> [UInt8] {
        guard hasEscapes(string) else { return Array(string.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if isEscape(scalar) {
                bytes.append(UInt8(scalar.value - escapeBase + 0x80))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `string` holds a byte that is not UTF-8 (an escape scalar).
    public static func hasEscapes(_ string: String) -> Bool {
        containsEscapeLead(string.utf8)
    }

    /// The byte an escape scalar stands for, or nil for any other scalar.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        isEscape(scalar) ? UInt8(scalar.value - escapeBase + 0x80) : nil
    }

    static func isEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= escapeBase
    }

    /// Whether UTF-8 bytes contain F4 8F BE or F4 8F BF, the start of every escape scalar.
    private static func containsEscapeLead<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var state = 0
        for byte in bytes {
            switch (state, byte) {
            case (_, 0xF4): state = 1
            case (1, 0x8F): state = 2
            case (2, 0xBE), (2, 0xBF): return true
            default: state = 0
            }
        }
        return false
    }

    /// The scalar of the valid UTF-8 sequence at `index`, and its length;
    /// nil for an invalid, overlong, surrogate or cut sequence.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

extension String {
    /// Calls `body` with the NUL-terminated bytes this path stands for
    /// (`PathBytes.encode`): what every system call taking a path is given.
    public func withPlatformPath<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard PathBytes.hasEscapes(self) else { return try withCString(body) }
        var bytes = PathBytes.encode(self).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}
