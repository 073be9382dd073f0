/// What LibRaw reads of a camera RAW file, which its `ColorModel` carries:
/// the container, the sensor's layout (which decides LibRaw's half-size
/// decode), the embedded preview (which may stand in for the image) and
/// the exposure. `description` reads "DNG 1.4.0.0, colour filter array,
/// JPEG preview 6000×4000, ISO 400, 1/250 s, f/2.8, 35 mm, Fixture 35mm F2.8".
public struct RAWContents: Sendable, Hashable, CustomStringConvertible {
    public enum Sensor: String, Sendable, Hashable {
        /// A Bayer or X-Trans filter LibRaw's half size halves exactly.
        case colorFilter = "colour filter array"
        /// A filter whose half-size output is another shape (Fuji's rotated sensors, non-square pixels).
        case unevenColorFilter = "colour filter array, uneven"
        /// Every pixel in full colour (linear DNG, Foveon, sRAW).
        case fullColor = "full-colour pixels"
    }

    /// The largest embedded preview.
    public struct Preview: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            case jpeg
            /// RGB pixels as stored.
            case bitmap
        }

        public var kind: Kind
        public var size: PixelSize

        public init(kind: Kind, size: PixelSize) {
            self.kind = kind
            self.size = size
        }
    }

    /// "DNG 1.4.0.0", "NEF", "RAW" when the container is not known.
    public var container: String
    public var sensor: Sensor
    public var preview: Preview?
    /// ISO, shutter, aperture, focal length and lens, as LibRaw reads them.
    public var exposure: ShootingDetails

    public init(container: String, sensor: Sensor, preview: Preview? = nil, exposure: ShootingDetails = ShootingDetails()) {
        self.container = container
        self.sensor = sensor
        self.preview = preview
        self.exposure = exposure
    }

    public var description: String {
        var parts = [container, sensor.rawValue]
        if let preview {
            parts.append("\(preview.kind == .jpeg ? "JPEG" : "bitmap") preview \(preview.size.width)×\(preview.size.height)")
        }
        if let iso = exposure.iso { parts.append("ISO \(iso)") }
        if let seconds = exposure.exposureTime { parts.append(Self.shutterText(seconds)) }
        if let fNumber = exposure.fNumber { parts.append("f/\(Self.oneDecimal(fNumber))") }
        if let focalLength = exposure.focalLength { parts.append("\(Self.oneDecimal(focalLength)) mm") }
        if let lens = exposure.lens, !lens.isEmpty { parts.append(lens) }
        return parts.joined(separator: ", ")
    }

    /// "1/250 s" below a second, "2.5 s" from it.
    static func shutterText(_ seconds: Double) -> String {
        guard seconds < 1 else { return "\(oneDecimal(seconds)) s" }
        // A hostile file's 1e-30 s is no Int.
        return Int(exactly: (1 / seconds).rounded()).map { "1/\($0) s" } ?? "\(seconds) s"
    }

    /// "2.8", "35": one decimal, none when whole (a value no Int holds as it is).
    static func oneDecimal(_ value: Double) -> String {
        guard let tenths = Int(exactly: (value * 10).rounded()) else { return "\(value)" }
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
