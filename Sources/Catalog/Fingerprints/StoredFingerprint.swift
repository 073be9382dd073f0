import Imaging

/// A photo's perceptual fingerprint as the catalog keeps it (schema
/// version 15's `fingerprints` table): made by `Filmroll`'s
/// `PhotoFingerprint`, read back to group similar photos and to name a
/// burst's best frame.
public struct StoredFingerprint: Sendable, Hashable {
    /// pHash, 64 bits.
    public var dct: UInt64
    /// dHash, 64 bits.
    public var gradient: UInt64
    /// The picture's luma on a 16 × 16 grid, row after row.
    public var luma: [UInt8]
    /// One score to rank frames of one scene by, higher better.
    public var quality: Double
    /// The parts of `quality`: sharpness, share clipped, distance of the mean from mid-grey.
    public var sharpness: Double
    public var clipped: Double
    public var exposure: Double

    /// The cells of `luma`.
    public static let lumaCells = 256

    public init(dct: UInt64, gradient: UInt64, luma: [UInt8], quality: Double, sharpness: Double, clipped: Double,
                exposure: Double) {
        self.dct = dct
        self.gradient = gradient
        self.luma = luma
        self.quality = quality
        self.sharpness = sharpness
        self.clipped = clipped
        self.exposure = exposure
    }
}

/// A still of the catalog with its fingerprint, and what groups it:
/// its time, camera, burst identifier, size and file.
public struct FingerprintedPhoto: Sendable, Hashable {
    public var id: Int64
    /// Relative to the catalogued folder.
    public var path: String
    public var format: String?
    public var byteCount: Int
    /// Upright.
    public var size: PixelSize?
    /// Local time of capture, ISO 8601 without offset, when the file says it.
    public var takenAt: String?
    /// Whether `takenAt` is a time of capture the file states to the second
    /// (EXIF, XMP, a container's): not a name's, a file time, or a day alone.
    public var isTimedByFile: Bool
    public var modificationTimeNanoseconds: Int64
    /// Make and model, when known.
    public var camera: String?
    /// Apple's burst identifier.
    public var burstIdentifier: String?
    public var fingerprint: StoredFingerprint

    public init(id: Int64, path: String, format: String?, byteCount: Int, size: PixelSize?, takenAt: String?,
                isTimedByFile: Bool, modificationTimeNanoseconds: Int64, camera: String?,
                burstIdentifier: String?, fingerprint: StoredFingerprint) {
        self.id = id
        self.path = path
        self.format = format
        self.byteCount = byteCount
        self.size = size
        self.takenAt = takenAt
        self.isTimedByFile = isTimedByFile
        self.modificationTimeNanoseconds = modificationTimeNanoseconds
        self.camera = camera
        self.burstIdentifier = burstIdentifier
        self.fingerprint = fingerprint
    }
}
