/// The month-days that have photos from more than one year, each with its
/// days by year, newest year first: what the "On this day" pages show.
struct OnThisDay: Hashable {
    var month: Int
    var day: Int
    /// The gallery days of this month-day, newest first (two or more years).
    var days: [GalleryDay]

    /// "on-this-day/04-10.html".
    var path: String { "\(GalleryPaths.onThisDayFolder)/\(digits(month, 2))-\(digits(day, 2)).html" }

    /// Every month-day with photos from at least two years, in calendar order.
    static func groups(of days: [GalleryDay]) -> [OnThisDay] {
        var byMonthDay: [Int: [GalleryDay]] = [:]
        for day in days { byMonthDay[day.date.month * 100 + day.date.day, default: []].append(day) }
        return byMonthDay.keys.sorted().compactMap { key in
            let days = byMonthDay[key]!.sorted { $0.date > $1.date }
            guard Set(days.map(\.date.year)).count > 1 else { return nil }
            return OnThisDay(month: key / 100, day: key % 100, days: days)
        }
    }
}
