/// How the gallery looks: its title, the first day of its weeks, its language.
public struct GalleryOptions: Sendable, Hashable {
    /// The heading of the index page and the end of every page's title.
    public var title: String
    /// The first column of the calendars: Monday (ISO 8601) or Sunday.
    public var weekStart: Weekday
    /// The language of dates, weekday names and labels.
    public var locale: GalleryLocale
    /// The basemap the day maps are drawn from; nil: drawn from the built-in land outlines (`MapDrawing.day`).
    var basemap: GalleryBasemap?

    public init(title: String = "Photos", weekStart: Weekday = .monday, locale: GalleryLocale = .en) {
        self.title = title
        self.weekStart = weekStart
        self.locale = locale
    }
}
