extension CaptureDate {
    /// Parses an XMP date, ISO 8601 as XMP writes it:
    /// "2024-05-03T14:22:10.25+09:00", "2024-05-03T14:22Z",
    /// "2024-05-03T14:22:10", or the day alone, "2024-05-03" (read as
    /// midnight, without offset, and `hasTimeOfDay` false). EXIF's "2024:05:03 14:22:10", which some
    /// writers put in XMP, is read too. Returns nil for a year or month
    /// alone, and for blank or impossible dates.
    ///
    /// Related documentation: XMP Specification Part 1, 8.2.1.1 (Date);
    /// W3C Date and Time Formats (the ISO 8601 profile XMP uses).
    public init?(iso8601 text: String) {
        let bytes = Array(text.trimmingSpaces().utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + width] {
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += width
            return value
        }
        func skip(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip("-:"), let month = number(2), skip("-:"), let day = number(2),
              year >= 1, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0
        var subseconds: String?
        var offset: Int?
        let dayAlone = index == bytes.count
        if !dayAlone {
            guard skip("T "), let hours = number(2), skip(":"), let minutes = number(2) else { return nil }
            (hour, minute) = (hours, minutes)
            if skip(":") {
                guard let seconds = number(2) else { return nil }
                second = seconds
                if skip(".,") {
                    let start = index
                    while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 { index += 1 }
                    guard index > start else { return nil }
                    subseconds = String(decoding: bytes[start..<min(index, start + 9)], as: UTF8.self)
                }
            }
            if index < bytes.count {
                guard let zone = Self.parseZone(bytes[index...]) else { return nil }
                offset = zone
                index = bytes.count
            }
        }
        guard hour < 24, minute < 60, second < 61 else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                  subsecondDigits: subseconds, utcOffsetMinutes: offset)
        hasTimeOfDay = !dayAlone
    }

    /// "Z", "±HH:MM", "±HHMM" or "±HH" → minutes east of UTC.
    private static func parseZone(_ zone: ArraySlice<UInt8>) -> Int? {
        let text = Array(zone)
        if text == [UInt8(ascii: "Z")] { return 0 }
        guard let sign = text.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        var digits = Array(text.dropFirst())
        if digits.count == 5, digits[2] == UInt8(ascii: ":") { digits.remove(at: 2) }
        guard digits.count == 4 || digits.count == 2, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        let hours = Int(digits[0] - 48) * 10 + Int(digits[1] - 48)
        let minutes = digits.count == 4 ? Int(digits[2] - 48) * 10 + Int(digits[3] - 48) : 0
        guard hours <= 14, minutes < 60 else { return nil }
        let total = hours * 60 + minutes
        return sign == UInt8(ascii: "-") ? -total : total
    }
}
