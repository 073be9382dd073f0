import Filmroll
import Testing

/// Month lengths, weekdays and the weeks of a month as the gallery's calendars lay them out.
@Suite struct GalleryCalendarTests {
    @Test(arguments: [
        (2024, 2, 29), (2025, 2, 28), (2000, 2, 29), (1900, 2, 28), (2100, 2, 28),
        (2025, 1, 31), (2025, 4, 30), (2025, 9, 30), (2025, 12, 31),
    ])
    func monthLengths(year: Int, month: Int, days: Int) {
        #expect(MonthGrid(year: year, month: month).dayCount == days)
    }

    @Test(arguments: [
        ("2024-02-01", Weekday.thursday), ("2025-09-01", .monday), ("2025-03-01", .saturday),
        ("2026-02-01", .sunday), ("2024-12-31", .tuesday), ("2025-01-01", .wednesday),
        ("2025-04-10", .thursday), ("2000-02-29", .tuesday), ("1900-03-01", .thursday),
    ])
    func weekdays(iso: String, weekday: Weekday) throws {
        let date = try #require(DayDate(iso: iso))
        #expect(date.weekday == weekday)
        #expect(date.iso == iso)
    }

    @Test func leapFebruaryStartsOnThursday() {
        // Given February 2024, a leap month whose 1st is a Thursday
        let grid = MonthGrid(year: 2024, month: 2, weekStart: .monday)
        // Then three blanks come before the 1st and the 29th ends the last row on a Thursday
        #expect(grid.firstWeekday == .thursday)
        #expect(grid.leadingBlanks == 3)
        #expect(grid.weeks.count == 5)
        #expect(grid.weeks[0] == [nil, nil, nil, 1, 2, 3, 4])
        #expect(grid.weeks[4] == [26, 27, 28, 29, nil, nil, nil])
    }

    @Test func monthStartingOnMondayHasNoBlanksWhenWeeksStartOnMonday() {
        let monday = MonthGrid(year: 2025, month: 9, weekStart: .monday)
        #expect(monday.leadingBlanks == 0)
        #expect(monday.weeks[0] == [1, 2, 3, 4, 5, 6, 7])
        #expect(monday.columns.first == .monday)

        let sunday = MonthGrid(year: 2025, month: 9, weekStart: .sunday)
        #expect(sunday.leadingBlanks == 1)
        #expect(sunday.weeks[0] == [nil, 1, 2, 3, 4, 5, 6])
        #expect(sunday.columns == [.sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday])
    }

    @Test func monthSpanningSixWeeks() {
        // March 2025 starts on a Saturday and has 31 days: 5 + 31 slots need six rows
        let grid = MonthGrid(year: 2025, month: 3, weekStart: .monday)
        #expect(grid.leadingBlanks == 5)
        #expect(grid.weeks.count == 6)
        #expect(grid.weeks[5] == [31, nil, nil, nil, nil, nil, nil])
        #expect(MonthGrid(year: 2025, month: 3, weekStart: .sunday).weeks.count == 6)
    }

    @Test func februaryFillingExactlyFourWeeks() {
        // February 2026 starts on a Sunday: with Sunday first it is four full rows
        let grid = MonthGrid(year: 2026, month: 2, weekStart: .sunday)
        #expect(grid.weeks.count == 4)
        #expect(grid.weeks.allSatisfy { !$0.contains(nil) })
        #expect(MonthGrid(year: 2026, month: 2, weekStart: .monday).weeks.count == 5)
    }

    @Test func decemberToJanuary() {
        let december = MonthGrid(year: 2024, month: 12)
        #expect(december.weeks.last == [30, 31, nil, nil, nil, nil, nil])
        let january = december.next
        #expect(january.year == 2025 && january.month == 1)
        // December ends on Tuesday, so January's first row starts with two blanks
        #expect(january.weeks[0] == [nil, nil, 1, 2, 3, 4, 5])
    }

    @Test func everyRowHasSevenSlotsAndEveryDayAppearsOnce() {
        for year in [1999, 2000, 2024, 2025] {
            for month in 1...12 {
                for start in [Weekday.monday, .sunday, .saturday] {
                    let grid = MonthGrid(year: year, month: month, weekStart: start)
                    #expect(grid.weeks.allSatisfy { $0.count == 7 })
                    #expect(grid.weeks.flatMap { $0 }.compactMap { $0 } == Array(1...grid.dayCount))
                    #expect((4...6).contains(grid.weeks.count))
                    #expect(grid.weeks[0].firstIndex(of: 1).map { grid.columns[$0] } == grid.firstWeekday)
                }
            }
        }
    }

    @Test func dayDatesRejectImpossibleDays() {
        #expect(DayDate(year: 2025, month: 2, day: 29) == nil)
        #expect(DayDate(year: 2024, month: 2, day: 29) != nil)
        #expect(DayDate(year: 2025, month: 13, day: 1) == nil)
        #expect(DayDate(year: 2025, month: 4, day: 31) == nil)
        #expect(DayDate(iso: "2025-4-10") == nil)
        #expect(DayDate(iso: "2025-04-1x") == nil)
        #expect(DayDate(CaptureDate(year: 2025, month: 4, day: 10, hour: 23, minute: 59, second: 59))?.iso == "2025-04-10")
        #expect(DayDate(year: 2024, month: 12, day: 31)! < DayDate(year: 2025, month: 1, day: 1)!)
    }

    @Test func weekdaysWrapAround() {
        #expect(Weekday.sunday.advanced(by: 1) == .monday)
        #expect(Weekday.monday.advanced(by: -1) == .sunday)
        #expect(Weekday.sunday.week.count == 7)
    }
}
