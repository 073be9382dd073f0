// Placeholder until the gallery lands: the types `FolderProcess` writes to.
public struct DayDate: Sendable, Hashable {
    public var year: Int, month: Int, day: Int
    public init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }
}
public struct GalleryPhoto: Sendable, Hashable {
    public var name: String, thumbnail: String, large: String
    public var thumbnailSize: PixelSize, largeSize: PixelSize
    public var taken: CaptureDate?, camera: String?
    public init(name: String, thumbnail: String, large: String, thumbnailSize: PixelSize, largeSize: PixelSize,
                taken: CaptureDate?, camera: String?) {
        (self.name, self.thumbnail, self.large, self.thumbnailSize, self.largeSize, self.taken, self.camera) =
            (name, thumbnail, large, thumbnailSize, largeSize, taken, camera)
    }
}
public struct GalleryDay: Sendable, Hashable {
    public var date: DayDate, photos: [GalleryPhoto], fourCut: String?, animation: String?
    public init(date: DayDate, photos: [GalleryPhoto], fourCut: String?, animation: String?) {
        (self.date, self.photos, self.fourCut, self.animation) = (date, photos, fourCut, animation)
    }
}
public struct GalleryOptions: Sendable { public var title = "Photos"; public init() {} }
public struct GallerySummary: Sendable { public var written = 0, unchanged = 0 }
public enum GalleryWriter {
    public static func write(days: [GalleryDay], options: GalleryOptions, to folder: String) throws(ImagingError) -> GallerySummary {
        try AtomicFile.write(Array("<!doctype html><title>\(options.title)</title>\n".utf8), to: folder + "/index.html")
        return GallerySummary(written: 1)
    }
}
