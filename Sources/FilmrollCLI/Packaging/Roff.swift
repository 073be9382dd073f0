/// Text made safe for roff, the language of man pages.
enum Roff {
    /// Escapes backslashes and hyphens, writes non-ASCII characters as
    /// `\[uXXXX]`, and guards a line that would start with `.` or `'`
    /// (a request) with `\&`.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += "\n"
            case _ where !scalar.isASCII: out += "\\[u" + hex(scalar.value) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }
            .joined(separator: "\n")
    }

    /// Bold text, escaped.
    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// Italic text, escaped.
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
