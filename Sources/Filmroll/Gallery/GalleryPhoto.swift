/// One photo as the gallery shows it: its name, its thumbnail and larger
/// view (paths relative to the gallery folder), when and with what it was taken.
public struct GalleryPhoto: Sendable, Hashable {
    /// The photo's file name as its owner knows it ("IMG_0001.HEIC"); any text.
    public var name: String
    /// The 256 px thumbnail, relative to the gallery folder ("thumbs/2025/IMG_0001_256.jpg").
    public var thumbnail: String
    /// The 1024 px view, relative to the gallery folder.
    public var large: String
    /// The thumbnail's pixel size, so pages reserve its space before it loads.
    public var thumbnailSize: PixelSize
    /// The large view's pixel size.
    public var largeSize: PixelSize
    /// When it was taken, by the camera's clock.
    public var taken: CaptureDate?
    /// The camera's make and model ("Canon EOS 40D").
    public var camera: String?

    public init(name: String, thumbnail: String, large: String, thumbnailSize: PixelSize, largeSize: PixelSize,
                taken: CaptureDate? = nil, camera: String? = nil) {
        self.name = name
        self.thumbnail = thumbnail
        self.large = large
        self.thumbnailSize = thumbnailSize
        self.largeSize = largeSize
        self.taken = taken
        self.camera = camera
    }
}
