/// When a photo was taken, as the camera wrote it: a local date and time,
/// with fractions of a second and the offset from UTC when they are known.
/// A date without a time of day (a name like "IMG-20240504-WA0001", an XMP
/// "2024-05-04") has `hasTimeOfDay` false: its time reads as midnight, and
/// is never shown.
///
/// Related documentation: EXIF 2.32, DateTimeOriginal (0x9003),
/// OffsetTimeOriginal (0x9011), SubSecTimeOriginal (0x9291).
public struct CaptureDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Fractional seconds as the digits EXIF gave them ("250" → 250 ms), if any.
    public var subsecondDigits: String?
    /// Minutes east of UTC, when the camera recorded it.
    public var utcOffsetMinutes: Int?
    /// False for a day alone, whose hour, minute and second (all 0) mean
    /// nothing: it sorts as midnight, and says "time unknown" where a time would be.
    public var hasTimeOfDay = true

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                subsecondDigits: String? = nil, utcOffsetMinutes: Int? = nil) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.subsecondDigits = subsecondDigits
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses EXIF's "YYYY:MM:DD HH:MM:SS" (dashes are tolerated in the date),
    /// with optional "±HH:MM" offset and sub-second digits. Returns nil for
    /// blank or impossible dates such as "0000:00:00 00:00:00".
    public init?(exifDateTime: String, offset: String? = nil, subseconds: String? = nil) {
        let text = Array(exifDateTime.utf8.prefix(19))
        guard text.count == 19, text[10] == UInt8(ascii: " ") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = text[index]
                guard byte >= 48 && byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), year >= 1,
              hour < 24, minute < 60, second < 61
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if let digits = subseconds?.trimmingSpaces(), !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
            subsecondDigits = String(digits.prefix(9))
        }
        if let offset { utcOffsetMinutes = CaptureDate.parseOffset(offset) }
    }

    /// "+09:00" → 540; "Z" → 0; nil for anything else.
    static func parseOffset(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces()
        if trimmed == "Z" { return 0 }
        let bytes = Array(trimmed.utf8)
        guard bytes.count == 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes[3] == UInt8(ascii: ":"),
              let hours = Int(String(decoding: bytes[1..<3], as: UTF8.self)),
              let minutes = Int(String(decoding: bytes[4..<6], as: UTF8.self)),
              hours <= 14, minutes < 60
        else { return nil }
        let total = hours * 60 + minutes
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }

    /// ISO 8601: "2025-04-10T14:30:05.250+09:00", without offset when unknown.
    public var iso8601: String {
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
        if let subsecondDigits { text += "." + subsecondDigits }
        if let utcOffsetMinutes {
            if utcOffsetMinutes == 0 {
                text += "Z"
            } else {
                let magnitude = abs(utcOffsetMinutes)
                text += (utcOffsetMinutes < 0 ? "-" : "+") + "\(pad(magnitude / 60, 2)):\(pad(magnitude % 60, 2))"
            }
        }
        return text
    }

    /// The calendar day, "2025-04-10".
    public var dayString: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    public var description: String { iso8601 }

    /// Orders by local wall-clock time, as a photo diary shows the day.
    public static func < (lhs: CaptureDate, rhs: CaptureDate) -> Bool {
        let left = (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
        let right = (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
        if left != right { return left < right }
        return (Double("0." + (lhs.subsecondDigits ?? "0")) ?? 0) < (Double("0." + (rhs.subsecondDigits ?? "0")) ?? 0)
    }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\0" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\0" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
