/// The language of a gallery's pages: English or Korean.
public enum GalleryLocale: String, Sendable, Hashable, CaseIterable {
    case en
    case ko

    /// The `lang` attribute of every page.
    public var languageTag: String { rawValue }

    /// "April 2025" / "2025년 4월".
    public func monthTitle(year: Int, month: Int) -> String {
        switch self {
        case .en: "\(GalleryLocale.englishMonths[month - 1]) \(year)"
        case .ko: "\(year)년 \(month)월"
        }
    }

    /// "Thursday" / "목요일".
    public func weekdayName(_ weekday: Weekday) -> String {
        switch self {
        case .en: GalleryLocale.englishWeekdays[weekday.rawValue - 1]
        case .ko: weekdayAbbreviation(weekday) + "요일"
        }
    }

    /// "Thu" / "목", for calendar columns.
    public func weekdayAbbreviation(_ weekday: Weekday) -> String {
        switch self {
        case .en: String(GalleryLocale.englishWeekdays[weekday.rawValue - 1].prefix(3))
        case .ko: ["월", "화", "수", "목", "금", "토", "일"][weekday.rawValue - 1]
        }
    }

    /// "Thursday, 10 April 2025" / "2025년 4월 10일 목요일".
    public func dayTitle(_ date: DayDate) -> String {
        switch self {
        case .en: "\(weekdayName(date.weekday)), \(date.day) \(monthTitle(year: date.year, month: date.month))"
        case .ko: "\(monthTitle(year: date.year, month: date.month)) \(date.day)일 \(weekdayName(date.weekday))"
        }
    }

    /// The time of day a photo was taken, "14:30".
    public func time(_ date: CaptureDate) -> String {
        "\(digits(date.hour, 2)):\(digits(date.minute, 2))"
    }

    /// "April".
    static func monthName(_ month: Int) -> String { englishMonths[month - 1] }

    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July",
                                        "August", "September", "October", "November", "December"]
    private static let englishWeekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
                                          "Sunday"]
}
