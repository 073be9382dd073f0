/// How a photo was taken, as EXIF records it; each nil when absent.
public struct ShootingDetails: Sendable, Hashable {
    /// Seconds (ExposureTime).
    public var exposureTime: Double?
    /// FNumber.
    public var fNumber: Double?
    /// PhotographicSensitivity (ISOSpeedRatings).
    public var iso: Int?
    /// Millimetres (FocalLength).
    public var focalLength: Double?
    /// LensModel.
    public var lens: String?

    public init(exposureTime: Double? = nil, fNumber: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
                lens: String? = nil) {
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
        self.lens = lens
    }

    /// "1/125 s", "2.5 s".
    public static func exposureText(_ seconds: Double) -> String {
        if seconds >= 0.3 { return (seconds * 10).rounded() / 10 == seconds.rounded() ? "\(Int(seconds.rounded())) s" : "\((seconds * 10).rounded() / 10) s" }
        return "1/\(Int((1 / seconds).rounded())) s"
    }

    /// "ƒ/1.8", "ƒ/8".
    public static func apertureText(_ fNumber: Double) -> String {
        let tenths = (fNumber * 10).rounded() / 10
        return tenths == tenths.rounded() ? "ƒ/\(Int(tenths))" : "ƒ/\(tenths)"
    }

    /// "26 mm", "5.7 mm".
    public static func focalLengthText(_ millimetres: Double) -> String {
        let tenths = (millimetres * 10).rounded() / 10
        return tenths == tenths.rounded() ? "\(Int(tenths)) mm" : "\(tenths) mm"
    }
}
