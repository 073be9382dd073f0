extension RGBColor {
    /// Named colours a frame may have.
    public static let named: [String: RGBColor] = [
        "white": .white, "black": .black,
        "ivory": RGBColor(red: 255, green: 250, blue: 240),
        "cream": RGBColor(red: 253, green: 246, blue: 227),
        "pink": RGBColor(red: 255, green: 209, blue: 220),
        "red": RGBColor(red: 220, green: 40, blue: 50),
        "blue": RGBColor(red: 60, green: 110, blue: 200),
        "navy": RGBColor(red: 20, green: 35, blue: 80),
        "green": RGBColor(red: 60, green: 150, blue: 90),
        "mint": RGBColor(red: 190, green: 235, blue: 215),
        "yellow": RGBColor(red: 255, green: 220, blue: 80),
        "gray": RGBColor(red: 128, green: 128, blue: 128),
        "grey": RGBColor(red: 128, green: 128, blue: 128),
        "lavender": RGBColor(red: 220, green: 208, blue: 255),
    ]

    /// A colour from a name ("pink") or "#RRGGBB"; nil for anything else.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if let color = RGBColor.named[lower] {
            self = color
            return
        }
        let hex = Array(lower.utf8)
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"), let value = UInt32(String(decoding: hex[1...], as: UTF8.self), radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// Black or white, whichever reads better on this colour.
    public var contrasting: RGBColor {
        let luma = 0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)
        return luma > 140 ? RGBColor(red: 34, green: 34, blue: 34) : .white
    }
}
