/// What a file says about its picture besides the pixels.
public struct ImageMetadata: Sendable, Hashable {
    public var orientation: Orientation = .up
    /// Whether the file carries an Orientation tag at all (1...8).
    public var hasOrientationTag = false
    /// HEIF: the EXIF Orientation stored in the file, which the file's own
    /// transformations supersede. Reported, never applied.
    public var ignoredEXIFOrientation: Orientation?
    /// HEIF: how the file's own irot and imir turn the stored picture
    /// (`HEIFTransform`), which the decoder has applied already: reported
    /// (`ImageInfo.statedOrientation`), never applied again. nil elsewhere.
    public var heifTransform: Orientation?
    /// Every capture date the file holds, by where it was found.
    public var captureDates: [CaptureDateSource: CaptureDate] = [:]
    /// How it was taken (exposure, aperture, ISO, focal length, lens), when the file says.
    public var shooting = ShootingDetails()
    public var make: String?
    public var model: String?
    public var gps: GPSCoordinate?
    /// Frames in the file: 1 for stills.
    public var frameCount = 1
    /// How an animation repeats; nil for stills.
    public var loop: LoopCount?
    /// EXIF PixelXDimension × PixelYDimension, when present.
    public var exifPixelSize: PixelSize?
    /// A video's own facts (length, codec, audio); nil for a still.
    public var video: VideoFacts?
    /// Apple's content identifier: a Live Photo's still (MakerNote tag 17)
    /// and its MOV (`com.apple.quicktime.content.identifier`) share it.
    public var contentIdentifier: String?
    /// Apple's burst identifier (MakerNote tag 11): the frames of one burst share it.
    public var burstIdentifier: String?
    /// The short video inside a motion photo (Google's or Samsung's), when the file holds one.
    public var motionPhoto: MotionPhotoClip?

    public init() {}

    /// When the photo was taken: the best-ranked date found (`CaptureDateSource`).
    public var captureDate: CaptureDate? { captureDateAndSource?.date }

    /// The best-ranked date found and where. XMP and IPTC share a rank:
    /// of the two, a date with its time of day comes before a day alone,
    /// and XMP before IPTC when both have a time or neither has.
    public var captureDateAndSource: (date: CaptureDate, source: CaptureDateSource)? {
        func rank(_ source: CaptureDateSource, _ date: CaptureDate) -> (CaptureDateSource, Int, CaptureDateSource) {
            (source == .iptc ? .xmp : source, date.hasTimeOfDay ? 0 : 1, source)
        }
        return captureDates.min { rank($0.key, $0.value) < rank($1.key, $1.value) }.map { ($0.value, $0.key) }
    }

    /// "Make Model", without repeating a make that the model already names.
    public var camera: String? {
        switch (make, model) {
        case let (make?, model?):
            return model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        case let (make?, nil): return make
        case let (nil, model?): return model
        case (nil, nil): return nil
        }
    }
}

/// How many times an animation plays.
public enum LoopCount: Sendable, Hashable {
    /// Plays once: the file has no loop extension.
    case once
    /// Repeats for ever (NETSCAPE2.0 loop count 0).
    case forever
    /// Repeats the given number of times after the first play.
    case repeats(Int)

    /// The NETSCAPE2.0 value: 0 forever, N repeats, nil when the extension is absent.
    public var netscapeValue: Int? {
        switch self {
        case .once: nil
        case .forever: 0
        case .repeats(let count): count
        }
    }

    /// WebP's ANIM loop count: 0 forever, else the number of plays (at most 65535).
    public var webPValue: Int {
        switch self {
        case .once: 1
        case .forever: 0
        case .repeats(let count): min(65535, max(0, count) + 1)
        }
    }
}
