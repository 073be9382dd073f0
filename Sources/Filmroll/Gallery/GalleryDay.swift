/// One day of the gallery: its photos in the order they were taken, and
/// what was made of them (paths relative to the gallery folder).
public struct GalleryDay: Sendable, Hashable {
    public var date: DayDate
    /// In time order; the first is the day's cover in the calendar.
    public var photos: [GalleryPhoto]
    /// The day's four-cut sheet, if one was made.
    public var fourCut: String?
    /// Its pixel size, when known (so the page reserves its space).
    public var fourCutSize: PixelSize?
    /// The day's animation, if one was made: a GIF or WebP is shown as an
    /// image, an MP4 or WebM as a video.
    public var animation: String?
    /// Its pixel size, when known.
    public var animationSize: PixelSize?
    /// A day outside a scoped write (`GalleryScope`): what it holds, its
    /// `photos` being its cover alone. Nil for a day with all its photos.
    var summary: Summary?

    /// What a day outside a scoped write holds.
    struct Summary: Sendable, Hashable {
        var count: ItemCount
        /// Where its photos were taken (those with a position).
        var route: [GeoPoint]
    }

    public init(date: DayDate, photos: [GalleryPhoto], fourCut: String? = nil, fourCutSize: PixelSize? = nil,
                animation: String? = nil, animationSize: PixelSize? = nil) {
        self.date = date
        self.photos = photos
        self.fourCut = fourCut
        self.fourCutSize = fourCutSize
        self.animation = animation
        self.animationSize = animationSize
    }
}

extension GalleryDay {
    /// The names of the day's places, each once, in the order first seen.
    var placeNames: [String] {
        var seen = Set<String>()
        return photos.compactMap(\.details.place).filter { seen.insert($0).inserted }
    }

    /// How many photos and videos the day holds.
    var count: ItemCount { summary?.count ?? ItemCount(photos) }

    /// Where the day's photos were taken, in time order (those with a position).
    var route: [GeoPoint] {
        if let summary { return summary.route }
        return photos.compactMap { photo in photo.details.gps.map { GeoPoint(latitude: $0.latitude, longitude: $0.longitude) } }
    }
}
