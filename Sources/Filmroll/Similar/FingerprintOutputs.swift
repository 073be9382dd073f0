import Catalog
import Files
import Imaging

/// Fingerprints as planned outputs of `process`: each still's is made from
/// the image its thumbnail is made from (the same size in the same chain,
/// so the executor decodes the photo once for both), collected here and
/// kept in the catalog after each run of the executor (`drain`).
///
/// A fingerprint is current while the catalog holds one by this recipe of
/// the photo's file as it is now (`Catalog.fingerprintedPhotoIDs`).
public final class FingerprintOutputs: Sendable {
    /// A fingerprint made and not yet kept.
    public typealias Made = (photoID: Int64, byteCount: Int, modificationTimeNanoseconds: Int64,
                             fingerprint: StoredFingerprint)

    private let current: Set<Int64>
    /// Every fingerprint made this run, and whether `drain` has handed it out.
    private let made = Locked<[Int64: (made: Made, handedOut: Bool)]>([:])

    /// - Parameter current: the photos whose fingerprint is current.
    public init(current: Set<Int64>) {
        self.current = current
    }

    /// The fingerprint of catalogued `photo` (`record`'s file), from its
    /// image at `resize`; nil for a video, which has none.
    func planned(_ photo: ThumbnailOutputs.Photo, record: PhotoRecord, resize: ImageProcessors.Resize,
                 root: String) -> PlannedOutput? {
        guard !record.isVideo else { return nil }
        let (id, bytes, time) = (record.id, record.byteCount, record.modificationTimeNanoseconds)
        return PlannedOutput(record: .unrecorded(isCurrent: { [current, made] in
            current.contains(id) || made.withLock { $0[id] != nil }
        }), kind: .fingerprint, path: photo.source.path + "#fingerprint", root: root, mark: .thumbnail,
            inputs: [PlannedOutput.Input(source: photo.source, photo: photo.reference, resize: resize,
                                         chain: photo.chain)]) { [made] images, _ in
            let fingerprint = PhotoFingerprint.of(images[0])
            made.withLock { $0[id] = ((id, bytes, time, fingerprint), false) }
            return .written
        }
    }

    /// The fingerprints made since the last call, to keep in the catalog.
    public func drain() -> [Made] {
        made.withLock { made in
            let pending = made.values.filter { !$0.handedOut }.map(\.made).sorted { $0.photoID < $1.photoID }
            for item in pending { made[item.photoID]?.handedOut = true }
            return pending
        }
    }
}
