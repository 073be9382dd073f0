/// The words of the year and month pages, the index's summary of them, and
/// the notes of the pages that show only the first of many, in each language.
extension GalleryLocale {
    /// "12 photos, 1 video" / "사진 12장, 동영상 1개".
    func itemCount(_ count: ItemCount) -> String { itemCount(photos: count.photos, videos: count.videos) }

    /// "2025" / "2025년": a year page's heading.
    func yearTitle(_ year: Int) -> String { self == .en ? "\(year)" : "\(year)년" }

    /// "April" / "4월": a month's tile on its year's page.
    func monthName(_ month: Int) -> String { self == .en ? Self.monthName(month) : "\(month)월" }

    var recentMonthsHeading: String { self == .en ? "Recent months" : "최근 몇 달" }
    var previousMonthPrefix: String { self == .en ? "Previous month: " : "이전 달: " }
    var nextMonthPrefix: String { self == .en ? "Next month: " : "다음 달: " }
    var previousYearPrefix: String { self == .en ? "Previous year: " : "이전 해: " }
    var nextYearPrefix: String { self == .en ? "Next year: " : "다음 해: " }
    var allYears: String { self == .en ? "All years" : "모든 해" }
    var noPhotosThisMonth: String { self == .en ? "No photos" : "사진 없음" }

    /// "12 more on this day's page" / "이날 페이지에 12장 더": after the first photos of a day.
    func morePhotos(_ count: Int) -> String {
        self == .en ? "\(count) more on this day's page" : "이날 페이지에 \(count)장 더"
    }

    /// "and 25 more" / "외 25개": after the first of a long list of files.
    func moreFiles(_ count: Int) -> String { self == .en ? "and \(count) more" : "외 \(count)개" }
}
