/// A relative file path written as a URL path: each segment between slashes
/// percent-encoded from the bytes of the name (UTF-8, or the bytes a name
/// that is not UTF-8 holds, `PathBytes`), so spaces, #, ?, %, any script
/// and a Latin-1 `caf%E9.jpg` link to the file.
///
/// Related documentation: RFC 3986 §2.3 (unreserved characters) and §3.3 (path).
enum URLPath {
    /// "photos/한글 사진 #1.jpg" → "photos/%ED%95%9C%EA%B8%80%20%EC%82%AC%EC%A7%84%20%231.jpg".
    static func encode(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map(encodeSegment).joined(separator: "/")
    }

    /// One segment, every byte but the unreserved ones (A–Z a–z 0–9 - . _ ~) as %XX.
    static func encodeSegment(_ segment: Substring) -> String {
        var result = ""
        for byte in PathBytes.encode(String(segment)) {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(hexDigits[Int(byte >> 4)]) + String(hexDigits[Int(byte & 0x0F)])
            }
        }
        return result
    }

    /// Decodes %XX sequences back to a name (`PathBytes`); nil when one is malformed.
    static func decode(_ encoded: String) -> String? {
        var bytes: [UInt8] = []
        var input = encoded.utf8.makeIterator()
        while let byte = input.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = input.next().flatMap(hexValue), let low = input.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return PathBytes.decode(bytes)
    }

    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
