/// How many photos and videos a day, month, year or library holds (a Live
/// Photo or a motion photo is a photo, as `GalleryLocale.itemCount` says).
struct ItemCount: Hashable {
    var photos = 0
    var videos = 0

    init(photos: Int = 0, videos: Int = 0) {
        self.photos = photos
        self.videos = videos
    }

    /// What `items` hold.
    init(_ items: [GalleryPhoto]) {
        videos = items.reduce(0) { $0 + ($1.motion?.kind == .video ? 1 : 0) }
        photos = items.count - videos
    }

    static func + (lhs: ItemCount, rhs: ItemCount) -> ItemCount {
        ItemCount(photos: lhs.photos + rhs.photos, videos: lhs.videos + rhs.videos)
    }
}
