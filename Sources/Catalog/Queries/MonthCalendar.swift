/// A month of photos as a diary app shows it: weeks as rows, each day with
/// its number of photos.
public struct MonthCalendar: Sendable, Equatable {
    public var year: Int
    public var month: Int
    /// Photos per day of the month (1-based; absent days have none).
    public var counts: [Int: Int]
    /// Weeks start on Monday (ISO 8601) unless `sundayFirst`.
    public var sundayFirst: Bool

    public init(year: Int, month: Int, counts: [Int: Int], sundayFirst: Bool = false) {
        self.year = year
        self.month = month
        self.counts = counts
        self.sundayFirst = sundayFirst
    }

    public var daysInMonth: Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// 0 = Monday … 6 = Sunday, for a day of this month (Zeller-style count).
    public func weekday(of day: Int) -> Int {
        // Days since 0001-01-01 (a Monday) in the proleptic Gregorian calendar.
        let y = year - 1
        var days = y * 365 + y / 4 - y / 100 + y / 400
        let monthStarts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        days += monthStarts[month - 1] + (month > 2 && daysInMonth(2) == 29 ? 1 : 0) + day - 1
        return days % 7
    }

    private func daysInMonth(_ month: Int) -> Int {
        MonthCalendar(year: year, month: month, counts: [:]).daysInMonth
    }

    /// The weeks: each 7 slots, nil outside the month.
    public var weeks: [[Int?]] {
        let offset = sundayFirst ? (weekday(of: 1) + 1) % 7 : weekday(of: 1)
        var slots: [Int?] = Array(repeating: nil, count: offset) + (1...daysInMonth).map { $0 }
        while slots.count % 7 != 0 { slots.append(nil) }
        return stride(from: 0, to: slots.count, by: 7).map { Array(slots[$0..<$0 + 7]) }
    }

    public var total: Int { counts.values.reduce(0, +) }

    /// The grid as text: a title, weekday names, and each day as "10·3"
    /// (day 10, 3 photos) or "10" when it has none.
    public var rendered: String {
        let names = ["", "January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December"]
        let weekdays = sundayFirst ? ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
                                   : ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let width = 6
        func cell(_ text: String) -> String {
            String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var lines = ["\(names[month]) \(year): \(total) photo\(total == 1 ? "" : "s")"]
        lines.append(weekdays.map(cell).joined())
        for week in weeks {
            lines.append(week.map { day -> String in
                guard let day else { return cell("") }
                let count = counts[day] ?? 0
                return cell(count > 0 ? "\(day)·\(count)" : "\(day)")
            }.joined().trimmingTrailingSpaces())
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

extension Catalog {
    /// Photos per day of one month.
    public func calendar(year: Int, month: Int) throws(DatabaseError) -> MonthCalendar {
        let prefix = "\(year)-\(month < 10 ? "0" : "")\(month)"
        var counts: [Int: Int] = [:]
        for row in try database.rows("""
            SELECT taken_day, count(*) FROM photos WHERE missing = 0 AND error IS NULL AND live_still_id IS NULL AND burst_lead_id IS NULL
            AND taken_day BETWEEN ? AND ? GROUP BY taken_day
            """, PhotoQuery.days(ofMonth: prefix)) {
            if let day = row[0].string.flatMap({ Int($0.suffix(2)) }), let count = row[1].int { counts[day] = count }
        }
        return MonthCalendar(year: year, month: month, counts: counts)
    }

    /// The month of the most recent photo, "2025-04", if any.
    public func latestMonth() throws(DatabaseError) -> (year: Int, month: Int)? {
        guard let day = try takenDayRange()?.last,
              let year = Int(day.prefix(4)), let month = Int(day.dropFirst(5).prefix(2)) else { return nil }
        return (year, month)
    }
}
