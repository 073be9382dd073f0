/// What Filmroll takes from a basemap's metadata: the attribution, the
/// layer names (`vector_layers`) and so the schema, the zoom range.
struct BasemapMetadata: Sendable, Hashable {
    var attribution: String?
    var layerNames: [String] = []
    var name: String?

    /// The schema the layer names (or the archive's name) tell: Protomaps'
    /// basemap has `roads` and `earth`; OpenMapTiles has `transportation`.
    /// OpenMapTiles when nothing tells.
    var schema: BasemapSchema {
        let names = Set(layerNames)
        if names.contains("transportation") || names.contains("transportation_name") { return .openMapTiles }
        if names.contains("roads") || names.contains("earth") { return .protomaps }
        if let name, name.lowercased().contains("protomaps") { return .protomaps }
        return .openMapTiles
    }

    /// The attribution to show: the metadata's (its HTML tags dropped), or
    /// OpenStreetMap's, which every schema Filmroll reads is built from.
    var attributionText: String {
        guard let attribution else { return "© OpenStreetMap contributors" }
        var text = ""
        var inTag = false
        for character in attribution {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        text = text.replacing("&copy;", with: "©").replacing("&amp;", with: "&")
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return trimmed.isEmpty ? "© OpenStreetMap contributors" : trimmed
    }

    /// Reads the members Filmroll uses from a metadata JSON object: the
    /// top-level `attribution` and `name`, and each `id` of `vector_layers`
    /// (at the top or under `json`, as MBTiles keeps it). Anything else,
    /// or JSON that is malformed, is passed over.
    mutating func read(json text: String) {
        var scanner = JSONStringScanner(text)
        for (path, value) in scanner.strings(maxDepth: 4) {
            switch path {
            case ["attribution"]: attribution = value
            case ["name"]: name = value
            case ["vector_layers", "[]", "id"]: layerNames.append(value)
            default: break
            }
        }
    }
}

/// Lists the string values of a JSON text with the path of keys to each
/// ("[]" for an array element), down to a depth. A loop with a stack, not
/// recursion; malformed JSON ends the list where it goes wrong.
struct JSONStringScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func strings(maxDepth: Int) -> [([String], String)] {
        var found: [([String], String)] = []
        // The containers open, each with the key of the value being read (objects) or "[]".
        var path: [String] = []
        var inObject: [Bool] = []
        var expectingKey = false
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                inObject.append(true)
                path.append("")
                expectingKey = true
            case UInt8(ascii: "["):
                position += 1
                inObject.append(false)
                path.append("[]")
                expectingKey = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                position += 1
                guard !inObject.isEmpty else { return found }
                inObject.removeLast()
                path.removeLast()
                expectingKey = false
            case UInt8(ascii: ","):
                position += 1
                expectingKey = inObject.last == true
            case UInt8(ascii: ":"):
                position += 1
                expectingKey = false
            case UInt8(ascii: "\""):
                guard let text = string() else { return found }
                if expectingKey {
                    path[path.count - 1] = text
                    expectingKey = false
                } else if path.count <= maxDepth {
                    found.append((path.filter { !$0.isEmpty }, text))
                }
            default:
                // A number, true, false or null: skip to the next delimiter.
                while position < bytes.count, !",}] \n\r\t".utf8.contains(bytes[position]) { position += 1 }
            }
        }
        return found
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, " \n\r\t".utf8.contains(bytes[position]) { position += 1 }
    }

    /// A string literal at `position`, its escapes undone; nil when it does not end.
    private mutating func string() -> String? {
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else { out.append(byte); continue }
            guard position < bytes.count else { return nil }
            let escaped = bytes[position]
            position += 1
            switch escaped {
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "u"):
                guard position + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else { return nil }
                position += 4
                out.append(contentsOf: Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8))
            default: out.append(escaped)
            }
        }
        return nil
    }
}
