/// A month of the gallery that has photos: its days, what they hold, and
/// its page (months/YYYY-MM.html).
struct GalleryMonth {
    var year: Int
    /// 1 = January … 12 = December.
    var month: Int
    /// In date order, each with photos: a slice of the gallery's days.
    var days: ArraySlice<GalleryDay>
    var count: ItemCount

    /// "months/2025-04.html".
    var path: String { GalleryPaths.monthPage(year: year, month: month) }

    /// The first photo of its first day, which stands for it on its year's page.
    var cover: GalleryPhoto? { days.first?.photos.first }

    /// The months of `days` (by date, one per date, none empty: `GalleryWriter.normalized`), oldest first.
    static func months(of days: [GalleryDay]) -> [GalleryMonth] {
        var months: [GalleryMonth] = []
        var start = days.startIndex
        while start < days.endIndex {
            let (year, month) = (days[start].date.year, days[start].date.month)
            var end = start
            var count = ItemCount()
            while end < days.endIndex, days[end].date.year == year, days[end].date.month == month {
                count = count + days[end].count
                end += 1
            }
            months.append(GalleryMonth(year: year, month: month, days: days[start..<end], count: count))
            start = end
        }
        return months
    }
}
