/// The Unicode controls that reorder text around them (explicit embeddings,
/// overrides, isolates and marks). In a file name they are a spoofing tool:
/// `photo<U+202E>gpj.exe` shows as `photoexe.jpg`. Pages and the terminal
/// show them as visible escapes instead of obeying them.
///
/// Related documentation: Unicode Standard Annex #9, §2 (explicit
/// directional formatting characters); CVE-2021-42574 ("Trojan Source").
public enum BidiControl {
    /// Whether `scalar` is one of ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// "\u202E": how a control is shown.
    public static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u" + String(scalar.value, radix: 16, uppercase: true)
    }
}
