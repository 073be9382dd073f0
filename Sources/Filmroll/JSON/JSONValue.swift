/// A JSON value whose objects keep their keys in order, so that its text
/// reads the same on every run (and `path` comes first): the parameters an
/// output is recorded with, and the command's `--json` lines.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.rendered == rhs.rendered }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered) }

    /// Compact JSON on one line.
    public var rendered: String {
        var out = ""
        render(into: &out)
        return out
    }

    private func render(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .double(let value):
            out += value.isFinite ? String(value) : "null"
        case .string(let value): JSONValue.quote(value, into: &out)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.render(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                JSONValue.quote(key, into: &out)
                out += ":"
                value.render(into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters
    /// escaped. A byte of a file name that is not UTF-8 (`PathBytes`) is
    /// written as the lone surrogate U+DC80–U+DCFF, as Python's
    /// `surrogateescape` reads it: `os.fsencode(json.loads(line)["path"])`
    /// gives the name's bytes back.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            if let byte = PathBytes.escapedByte(scalar) {
                out += "\\udc" + String(byte, radix: 16)
                continue
            }
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// `.string` for a value, `.null` for nil.
    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}
