/// One month laid out as a wall calendar: rows of seven slots, each slot a
/// day of the month or nil where the neighbouring months' days would be.
///
/// Month lengths and weekdays come from Catalog's `MonthCalendar` (the
/// proleptic Gregorian calendar, leap years included), so the gallery and
/// `filmroll calendar` never disagree about a date; this type adds weeks
/// that start on any day.
public struct MonthGrid: Sendable, Hashable {
    public let year: Int
    /// 1 = January … 12 = December.
    public let month: Int
    /// The weekday of the first column.
    public let weekStart: Weekday

    public init(year: Int, month: Int, weekStart: Weekday = .monday) {
        precondition(year >= 1 && (1...12).contains(month), "no such month: \(year)-\(month)")
        self.year = year
        self.month = month
        self.weekStart = weekStart
    }

    /// 28 to 31.
    public var dayCount: Int { MonthGrid.dayCount(year: year, month: month) }

    /// The weekday of the 1st.
    public var firstWeekday: Weekday { MonthGrid.weekday(year: year, month: month, day: 1) }

    /// Empty slots before the 1st in the first row.
    public var leadingBlanks: Int { (firstWeekday.rawValue - weekStart.rawValue + 7) % 7 }

    /// The weekdays of the columns, left to right.
    public var columns: [Weekday] { weekStart.week }

    /// The rows (four to six), each with seven slots.
    public var weeks: [[Int?]] {
        var slots: [Int?] = Array(repeating: nil, count: leadingBlanks) + (1...dayCount).map { $0 }
        while slots.count % 7 != 0 { slots.append(nil) }
        return stride(from: 0, to: slots.count, by: 7).map { Array(slots[$0..<$0 + 7]) }
    }

    /// The month after this one (January after December).
    public var next: MonthGrid {
        month == 12 ? MonthGrid(year: year + 1, month: 1, weekStart: weekStart)
                    : MonthGrid(year: year, month: month + 1, weekStart: weekStart)
    }

    /// The number of days in a month, 29 for February in leap years.
    public static func dayCount(year: Int, month: Int) -> Int {
        MonthCalendar(year: year, month: month, counts: [:]).daysInMonth
    }

    /// The weekday of a date.
    public static func weekday(year: Int, month: Int, day: Int) -> Weekday {
        Weekday(rawValue: MonthCalendar(year: year, month: month, counts: [:]).weekday(of: day) + 1)!
    }
}
