/// File names that fit the file system's limit of 255 bytes a name
/// (`NAME_MAX`), for outputs whose names are derived from a photo's.
///
/// A photo may already have a 255-byte name; its thumbnail `NAME_256.jpg`
/// would not fit. Such a name keeps as much of the photo's name as fits
/// (cut between characters, never inside one), then `~` and a short hash
/// of the whole name, so that two long names differing only at the end
/// still give two outputs, then the suffix. The same photo always gives
/// the same name; names that fit are untouched.
public enum FittedFileName {
    /// The most bytes a file name may have (`NAME_MAX` on Linux).
    public static let maximumBytes = 255

    /// `stem + suffix`, fitted: only its last path component
    /// (`"2025/IMG_0001" + "_256.jpg"`) is measured and shortened.
    public static func of(_ stem: String, suffix: String) -> String {
        let slash = stem.lastIndex(of: "/")
        let folder = slash.map { String(stem[...$0]) } ?? ""
        let name = slash.map { String(stem[stem.index(after: $0)...]) } ?? stem
        guard byteCount(name) + byteCount(suffix) > maximumBytes else { return stem + suffix }
        let mark = "~" + hash(of: name)
        return folder + prefix(of: name, bytes: maximumBytes - byteCount(mark) - byteCount(suffix)) + mark + suffix
    }

    /// The longest start of `name` of at most `bytes` bytes that ends between two characters.
    public static func prefix(of name: String, bytes: Int) -> String {
        var kept = "", count = 0
        for character in name {
            let size = byteCount(String(character))
            if count + size > bytes { break }
            kept.append(character)
            count += size
        }
        return kept
    }

    /// The bytes of `name` on the file system (`PathBytes`).
    public static func byteCount(_ name: String) -> Int { PathBytes.encode(name).count }

    /// Eight hex digits of the 64-bit FNV-1a of the name's bytes: the same on every machine and run.
    private static func hash(of name: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in PathBytes.encode(name) {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let text = String(value >> 32, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
