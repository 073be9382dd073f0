/// One photo as the gallery shows it: its name, its thumbnail, larger view,
/// preview and page (paths relative to the gallery folder), when and with
/// what it was taken.
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
    /// Its own page ("photos/2025/IMG_0001.html"); nil: the day page links the large view.
    public var page: String?
    /// The preview for high-density screens (2048 px) and its size, when made.
    public var preview: String?
    public var previewSize: PixelSize?
    /// The original, relative to the gallery folder ("../../IMG_0001.HEIC"), when linked.
    public var original: String?
    /// What the photo page's details panel shows.
    public var details = GalleryPhotoDetails()
    /// A video's, Live Photo's or motion photo's motion; nil for a still.
    public var motion: GalleryMotion?
    /// The other frames of the burst this photo stands for (empty for a photo of its own).
    public var burst: [GalleryBurstFrame] = []
    /// The other files of the same picture, when this one is their set's original (`SimilarPhotos`).
    public var copies: [GalleryBurstFrame] = []

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

/// The facts of a photo's details panel, each shown when known.
public struct GalleryPhotoDetails: Sendable, Hashable {
    /// Where `GalleryPhoto.taken` came from; said on the page when it is a guess.
    public var takenSource: CaptureDateSource?
    public var shooting = ShootingDetails()
    /// The original's upright pixel size.
    public var pixelSize: PixelSize?
    public var colorSpace: String?
    public var fileBytes: Int?
    /// "JPEG", "HEIF".
    public var format: String?
    public var gps: GPSCoordinate?
    /// The place's name, when known.
    public var place: String?
    /// The video's length, codec, frame rate and sound: a video's, or a Live Photo's MOV's.
    public var video: VideoFacts?

    public init() {}
}

/// A frame of a burst besides the one shown, or another copy of its picture: its name, and its original when linked.
public struct GalleryBurstFrame: Sendable, Hashable {
    public var name: String
    public var original: String?

    public init(name: String, original: String?) {
        self.name = name
        self.original = original
    }
}
