/// Why text could not be drawn. Prints a sentence a person understands.
public enum TextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No installed font has this name.
    case fontNotFound(String)
    /// The font file could not be opened.
    case unusableFont(String)
    /// The font has no glyph for a character of the text.
    case missingGlyph(Character, font: String)

    public var description: String {
        switch self {
        case .fontNotFound(let name):
            "font '\(name)' is not installed; pass --font with an installed family (fc-list) or a font file"
        case .unusableFont(let reason):
            reason
        case let .missingGlyph(character, font):
            "the font \(font) has no glyph for '\(character)' (\(character.unicodeScalars.map { "U+" + hex($0.value) }.joined(separator: " ")))"
                + "; install a font that has it (for Hangul: apt-get install fonts-nanum) and choose it with --font"
        }
    }
}

private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
