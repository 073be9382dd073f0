/// A year of the gallery that has photos: its months with photos, what
/// they hold, and its page (years/YYYY.html).
struct GalleryYear {
    var year: Int
    /// In order, each with photos: a slice of the gallery's months.
    var months: ArraySlice<GalleryMonth>
    var count: ItemCount
    var dayCount: Int

    /// "years/2025.html".
    var path: String { GalleryPaths.yearPage(year) }

    /// The years of `months` (oldest first, as `GalleryMonth.months` gives them), oldest first.
    static func years(of months: [GalleryMonth]) -> [GalleryYear] {
        var years: [GalleryYear] = []
        var start = months.startIndex
        while start < months.endIndex {
            let year = months[start].year
            var end = start
            var count = ItemCount(), dayCount = 0
            while end < months.endIndex, months[end].year == year {
                count = count + months[end].count
                dayCount += months[end].days.count
                end += 1
            }
            years.append(GalleryYear(year: year, months: months[start..<end], count: count, dayCount: dayCount))
            start = end
        }
        return years
    }
}
