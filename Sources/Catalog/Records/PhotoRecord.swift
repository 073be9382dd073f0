import Imaging

/// One photo as the catalog knows it.
public struct PhotoRecord: Sendable, Hashable {
    public var id: Int64
    /// Relative to the catalogued folder.
    public var path: String
    public var byteCount: Int
    public var modificationTimeNanoseconds: Int64
    public var hash: String?
    public var format: String?
    public var storedSize: PixelSize?
    public var size: PixelSize?
    public var orientation: Int?
    /// Local time the photo was taken, ISO 8601 without offset ("2025-04-10T14:30:05.250").
    public var takenAt: String?
    public var takenOffsetMinutes: Int?
    /// True when the file had no capture date and its mtime stands in.
    public var takenFromModificationTime: Bool
    /// "YYYY-MM-DD"; nil for an undated row (`isUndated`).
    public var takenDay: String?
    /// Where the capture date came from; nil for rows indexed before it was kept.
    public var takenSource: CaptureDateSource?
    /// True when the date has no time of day (a name like "IMG-20240504-WA0001.jpg"):
    /// `takenAt` holds its midnight, which is never shown.
    public var takenTimeUnknown: Bool
    /// Exposure, aperture, ISO, focal length and lens, as far as the file says.
    public var shooting: ShootingDetails
    /// The colour space the file declares ("sRGB", "Display P3", …).
    public var colorSpace: String?
    public var make: String?
    public var model: String?
    public var gps: GPSCoordinate?
    public var frames: Int?
    /// Why the file could not be read, when it could not.
    public var error: String?
    /// What its decoder went past (one warning a line), when anything.
    public var warning: String?
    public var isMissing: Bool
    /// A video's length, codec and sound; nil for a still.
    public var video: VideoFacts?
    /// Apple's content identifier (a Live Photo's still and MOV share it).
    public var contentIdentifier: String?
    /// Apple's burst identifier.
    public var burstIdentifier: String?
    /// A motion photo's embedded video.
    public var motionPhoto: MotionPhotoClip?
    /// Set on a Live Photo's MOV: the still it is the motion of (its row
    /// id). Such a video is no item of its own.
    public var liveStillID: Int64?
    /// Set on a burst's frames but the one that stands for it: that
    /// frame's row id. Such a frame is no item of its own.
    public var burstLeadID: Int64?

    /// Whether the row is a video (a clip of its own, or a Live Photo's motion).
    public var isVideo: Bool { video != nil }

    /// "2025-04-10T14:30:05.250+09:00", with the offset when known; the day
    /// alone, "2024-05-04", when the time of day is unknown.
    public var takenISO8601: String? {
        guard let takenAt else { return nil }
        if takenTimeUnknown { return String(takenAt.prefix(10)) }
        guard let offset = takenOffsetMinutes else { return takenAt }
        return CaptureDate(isoLocal: takenAt).map { date -> String in
            var withOffset = date
            withOffset.utcOffsetMinutes = offset
            return withOffset.iso8601
        } ?? takenAt
    }

    public var camera: String? {
        var metadata = ImageMetadata()
        metadata.make = make
        metadata.model = model
        return metadata.camera
    }

    static let columns = """
        id, path, bytes, mtime_ns, hash, format, stored_width, stored_height, width, height, orientation, \
        taken_at, taken_offset_minutes, taken_day, taken_from_mtime, make, model, latitude, longitude, frames, error, missing, \
        taken_source, exposure_time, f_number, iso, focal_length, lens, color_space, \
        duration, video_codec, audio, content_id, burst_id, motion_kind, motion_offset, motion_length, live_still_id, \
        burst_lead_id, warning, frame_rate, taken_time_unknown
        """

    /// The columns added after the first schema, by the version that added them.
    private static let addedColumns: [(version: Int, names: [String])] = [
        (5, ["taken_source", "exposure_time", "f_number", "iso", "focal_length", "lens", "color_space"]),
        (6, ["duration", "video_codec", "audio", "content_id", "burst_id", "motion_kind", "motion_offset",
             "motion_length", "live_still_id", "burst_lead_id"]),
        (9, ["warning"]),
        (12, ["frame_rate"]),
        (13, ["taken_time_unknown"]),
    ]

    /// `columns` as a catalog of `schemaVersion` (read as it is, unmigrated)
    /// has them: a column it has not yet is read as NULL.
    static func columns(schemaVersion: Int) -> String {
        let missing = Set(addedColumns.filter { $0.version > schemaVersion }.flatMap(\.names))
        guard !missing.isEmpty else { return columns }
        return columns.split(separator: ",").map { column in
            let name = column.trimmingCharacters()
            return missing.contains(name) ? "NULL AS \(name)" : name
        }.joined(separator: ", ")
    }

    init(row: Row) {
        id = Int64(row["id"].int ?? 0)
        path = row["path"].string ?? ""
        byteCount = row["bytes"].int ?? 0
        modificationTimeNanoseconds = Int64(row["mtime_ns"].int ?? 0)
        hash = row["hash"].string
        format = row["format"].string
        storedSize = Self.size(row["stored_width"], row["stored_height"])
        size = Self.size(row["width"], row["height"])
        orientation = row["orientation"].int
        takenAt = row["taken_at"].string
        takenOffsetMinutes = row["taken_offset_minutes"].int
        takenFromModificationTime = row["taken_from_mtime"].int == 1
        takenDay = row["taken_day"].string
        make = row["make"].string
        model = row["model"].string
        if let latitude = row["latitude"].double, let longitude = row["longitude"].double {
            gps = GPSCoordinate(reading: latitude, longitude)
        }
        frames = row["frames"].int
        error = row["error"].string
        warning = row["warning"].string
        isMissing = row["missing"].int == 1
        takenSource = row["taken_source"].string.flatMap(CaptureDateSource.init(rawValue:))
        takenTimeUnknown = row["taken_time_unknown"].int == 1
        shooting = ShootingDetails(exposureTime: row["exposure_time"].double, fNumber: row["f_number"].double,
                                   iso: row["iso"].int, focalLength: row["focal_length"].double, lens: row["lens"].string)
        colorSpace = row["color_space"].string
        if let duration = row["duration"].double {
            // audio: 0 none, 1 sound browsers play, 2 other sound (a catalog before it said 1 for any).
            let audio = row["audio"].int ?? 0
            video = VideoFacts(durationSeconds: duration, codec: row["video_codec"].string ?? "",
                               frameRate: row["frame_rate"].double, hasAudio: audio >= 1, soundPlaysInBrowsers: audio != 2)
        }
        contentIdentifier = row["content_id"].string
        burstIdentifier = row["burst_id"].string
        if let kind = row["motion_kind"].string.flatMap(MotionPhotoClip.Kind.init(rawValue:)),
           let offset = row["motion_offset"].int, let length = row["motion_length"].int, offset >= 0, length > 0,
           offset <= Int.max - length {
            motionPhoto = MotionPhotoClip(kind: kind, byteRange: offset..<offset + length)
        }
        liveStillID = row["live_still_id"].int.map(Int64.init)
        burstLeadID = row["burst_lead_id"].int.map(Int64.init)
    }

    private static func size(_ width: DatabaseValue, _ height: DatabaseValue) -> PixelSize? {
        guard let width = width.int, let height = height.int else { return nil }
        return PixelSize(width: width, height: height)
    }
}

extension CaptureDate {
    /// Parses the catalog's "YYYY-MM-DDTHH:MM:SS[.fff]".
    init?(isoLocal text: String) {
        let parts = text.split(separator: ".", maxSplits: 1)
        let main = String(parts[0]).replacingDashesAndT()
        self.init(exifDateTime: main, subseconds: parts.count > 1 ? String(parts[1]) : nil)
    }
}

private extension String {
    /// "2025-04-10T14:30:05" → "2025:04:10 14:30:05"
    func replacingDashesAndT() -> String {
        String(map { $0 == "-" ? ":" : ($0 == "T" ? " " : $0) })
    }
}
