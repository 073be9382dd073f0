/// Where a photo's capture date was found, best first: the order in which
/// `ImageMetadata.captureDate` picks among them.
///
/// Related documentation: EXIF 2.32 (DateTimeOriginal 0x9003,
/// DateTimeDigitized 0x9004, DateTime 0x0132, GPSDateStamp 0x001D,
/// GPSTimeStamp 0x0007); XMP Part 2 (exif:DateTimeOriginal, xmp:CreateDate,
/// photoshop:DateCreated); IPTC-IIM 4.2 (DateCreated 2:55, TimeCreated 2:60).
public enum CaptureDateSource: String, Sendable, Hashable, CaseIterable, Comparable {
    /// EXIF DateTimeOriginal: when the shutter was pressed.
    case original
    /// EXIF DateTimeDigitized (exiftool's CreateDate).
    case digitized
    /// A video's `com.apple.quicktime.creationdate`: local time with its offset.
    case quickTime
    /// An XMP date (exif:DateTimeOriginal, xmp:CreateDate, photoshop:DateCreated).
    case xmp
    /// IPTC-IIM DateCreated and TimeCreated, with its offset (`IPTCDate`):
    /// ranked with XMP, a date with its time before a day alone.
    case iptc
    /// EXIF IFD0 DateTime: when the file was last changed by the camera or an editor.
    case modified
    /// The GPS date and time stamp, in UTC.
    case gps
    /// A video container's `creation_time` (UTC): when the file was
    /// written, which an editor or a copy may have changed.
    case container
    /// A date written in the file's name (`FileNameDate`): "IMG-20240504-WA0001.jpg".
    case fileName
    /// The file's modification time (no date in the file or its name).
    case fileTime

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Whether a person should be told where the date came from: the first
    /// two are the camera's own record of the moment; the others a guess.
    public var isGuess: Bool { self > .quickTime }
}

extension CaptureDateSource {
    /// Where the date came from, for a person: "date from GPS (UTC)".
    public var explanation: String {
        switch self {
        case .original: "EXIF DateTimeOriginal"
        case .digitized: "EXIF CreateDate"
        case .quickTime: "QuickTime creation date"
        case .xmp: "date from XMP"
        case .iptc: "date from IPTC"
        case .modified: "date from EXIF DateTime (when the file was last changed)"
        case .gps: "date from GPS (UTC)"
        case .container: "date from the video's creation time (UTC)"
        case .fileName: "date from the file name"
        case .fileTime: "date from the file's time"
        }
    }
}
