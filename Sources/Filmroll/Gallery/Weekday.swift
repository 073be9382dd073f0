/// A day of the week, numbered as ISO 8601 does: Monday is 1, Sunday 7.
public enum Weekday: Int, Sendable, Hashable, CaseIterable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The day `count` days after this one (before it when negative).
    public func advanced(by count: Int) -> Weekday {
        let index = ((rawValue - 1 + count) % 7 + 7) % 7
        return Weekday(rawValue: index + 1)!
    }

    /// The seven days of a week that starts on this day, in order.
    public var week: [Weekday] { (0..<7).map { advanced(by: $0) } }
}
