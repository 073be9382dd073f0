import Catalog

/// Photos `SimilarPhotos` found to belong together, all of one kind.
public struct SimilarGroup: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The same picture saved again: re-encoded, resized, in another format.
        case copy
        /// One camera's frames a fraction of a second apart, of close content.
        case burst
        /// The same scene, moments apart.
        case similar
    }

    public var kind: Kind
    /// Its photos by path (relative to the folder), `best` among them.
    public var photos: [FingerprintedPhoto]
    /// The one to keep or show: for copies the original (largest, then
    /// with its capture time in the file, then the earliest file, then the
    /// least compressed); for bursts and similar photos the best measured
    /// (`StoredFingerprint.quality`: sharpest and best exposed).
    public var best: FingerprintedPhoto
    /// The most bits by which the DCT hashes of two photos joined in the
    /// group differ (0...64): how far apart its pictures are.
    public var distance: Int
}
