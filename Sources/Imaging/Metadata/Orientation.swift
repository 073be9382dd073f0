/// The EXIF Orientation: how the stored pixels must be transformed to show
/// the picture upright.
///
/// Related documentation: EXIF 2.32, tag 0x0112 (Orientation).
public enum Orientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Stored upright.
    case up = 1
    /// Mirror left and right.
    case upMirrored = 2
    /// Rotate 180°.
    case down = 3
    /// Flip top and bottom.
    case downMirrored = 4
    /// Transpose: mirror across the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Rotate 90° clockwise.
    case right = 6
    /// Transverse: mirror across the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Rotate 90° counter-clockwise.
    case left = 8

    /// The orientation for an EXIF value; anything outside 1...8 means upright.
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .up
    }

    /// Whether showing it upright exchanges width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// The displayed size of an image stored at `stored`.
    public func uprightSize(of stored: PixelSize) -> PixelSize {
        swapsDimensions ? stored.transposed : stored
    }

    public var description: String {
        switch self {
        case .up: "1 (upright)"
        case .upMirrored: "2 (mirrored)"
        case .down: "3 (rotated 180°)"
        case .downMirrored: "4 (flipped)"
        case .leftMirrored: "5 (transposed)"
        case .right: "6 (rotate 90° CW)"
        case .rightMirrored: "7 (transversed)"
        case .left: "8 (rotate 90° CCW)"
        }
    }
}
