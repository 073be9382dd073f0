import Filmroll

/// A path as printed for people: control characters (a newline in a file
/// name, say) are escaped so that one file is always one line; a byte that
/// is not UTF-8 shows as `\xFF` (`PathBytes`), and a bidirectional control
/// as `\u202E`, so a name cannot reorder what the terminal shows. JSON
/// output carries the exact path instead.
func displayPath(_ path: String) -> String {
    var out = ""
    for scalar in path.unicodeScalars {
        if let byte = PathBytes.escapedByte(scalar) {
            out += "\\x" + String(byte, radix: 16, uppercase: true)
            continue
        }
        switch scalar {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
            out += "\\x" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16)
        case _ where BidiControl.contains(scalar): out += BidiControl.escaped(scalar)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// "31.3 KB", "4.2 MB": a byte count for people (decimal units).
func displayBytes(_ bytes: Int) -> String {
    if bytes < 1000 { return "\(bytes) B" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
        value /= 1000
        unit += 1
    }
    let rounded = (value * 10).rounded() / 10
    return "\(rounded) \(units[unit])"
}
