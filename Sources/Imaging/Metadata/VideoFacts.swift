/// What a video file says about its clip, read from its container without
/// decoding a frame (`ImageMetadata.video`).
public struct VideoFacts: Sendable, Hashable {
    /// The length in seconds (0 when the container does not say).
    public var durationSeconds: Double
    /// The video decoder's name: "h264", "hevc".
    public var codec: String
    /// Frames per second, when the container gives a rate.
    public var frameRate: Double?
    /// Whether the file has an audio stream.
    public var hasAudio: Bool
    /// Whether that sound is one browsers play in an MP4 (AAC, MP3, Opus,
    /// FLAC); not a camera's PCM or a 3GP's AMR.
    public var soundPlaysInBrowsers: Bool
    /// Seconds into the clip of the frame a Live Photo's still was taken
    /// from (`com.apple.quicktime.still-image-time`), when it says.
    public var stillImageSeconds: Double?

    public init(durationSeconds: Double, codec: String, frameRate: Double? = nil, hasAudio: Bool = false,
                soundPlaysInBrowsers: Bool = true, stillImageSeconds: Double? = nil) {
        self.durationSeconds = durationSeconds
        self.codec = codec
        self.frameRate = frameRate
        self.hasAudio = hasAudio
        self.soundPlaysInBrowsers = soundPlaysInBrowsers
        self.stillImageSeconds = stillImageSeconds
    }

    /// Whether browsers play the clip as it is: 8-bit 4:2:0 H.264 ("h264";
    /// Chromium and Firefox play no HEVC, and no H.264 of a professional
    /// profile, which `codec` names), with sound they play or none.
    public var playsInBrowsers: Bool { codec == "h264" && (!hasAudio || soundPlaysInBrowsers) }

    /// "0:07", "1:02:03": the length as a player shows it.
    public var durationText: String { Self.durationText(durationSeconds) }

    /// `seconds` as a player shows a length.
    public static func durationText(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(max(0, min(seconds, 1e9)).rounded()) : 0
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }
}

/// The short video a motion photo carries after its still.
public struct MotionPhotoClip: Sendable, Hashable {
    /// Whose format says where the video is.
    public enum Kind: String, Sendable, Hashable {
        /// Google's Motion Photo 1.0 (XMP `Camera:MotionPhoto`, `Container:Directory`).
        case google
        /// Google's older MicroVideo (XMP `MicroVideo`, `MicroVideoOffset`).
        case microVideo
        /// Samsung's trailer (`MotionPhoto_Data`).
        case samsung
    }

    public var kind: Kind
    /// Where the MP4 lies in the file, checked to start with an `ftyp` box.
    public var byteRange: Range<Int>

    public init(kind: Kind, byteRange: Range<Int>) {
        self.kind = kind
        self.byteRange = byteRange
    }
}
