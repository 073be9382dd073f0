/// A calendar day without a time of day: the day a photo was taken, by the
/// camera's own clock.
public struct DayDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless the day exists in the Gregorian calendar (years 1 to 9999).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...MonthGrid.dayCount(year: year, month: month)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day of a capture date; nil for an impossible one (30 February).
    public init?(_ date: CaptureDate) {
        self.init(year: date.year, month: date.month, day: date.day)
    }

    /// Parses exactly "YYYY-MM-DD", as `iso` writes it.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// "2025-04-10".
    public var iso: String { "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))" }

    /// "2025-04", the month this day belongs to.
    public var isoMonth: String { "\(digits(year, 4))-\(digits(month, 2))" }

    /// The day of the week this day falls on.
    public var weekday: Weekday { MonthGrid.weekday(year: year, month: month, day: day) }

    public var description: String { iso }

    public static func < (lhs: DayDate, rhs: DayDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// `value` in decimal, zero-padded to `width` digits.
func digits(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
}
