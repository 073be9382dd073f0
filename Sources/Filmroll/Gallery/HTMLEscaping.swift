/// Text made safe to place in HTML, between tags or inside a quoted attribute.
enum HTMLEscaping {
    /// Replaces & < > " ' with character references, control characters
    /// (which HTML forbids, tab and newline aside) with U+FFFD, a byte of a
    /// name that is not UTF-8 with `\xFF`, and a bidirectional control with
    /// `\u202E` (`BidiControl`), so that a name cannot reorder the page.
    static func escape(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if let byte = PathBytes.escapedByte(scalar) {
                result += "\\x" + String(byte, radix: 16, uppercase: true)
                continue
            }
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\u{FFFD}"
            case _ where BidiControl.contains(scalar): result += BidiControl.escaped(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
