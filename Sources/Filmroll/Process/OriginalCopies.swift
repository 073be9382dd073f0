#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Imaging

/// `--originals copy`: each photo copied into the gallery's `originals/`
/// folder under its own relative path, written atomically with the photo's
/// modification time. A copy of the same size and time is current and left
/// alone; a different file there is never replaced (it may be the user's)
/// unless `force`, and is reported. Copies are never deleted.
struct OriginalCopies {
    static let folder = "originals"

    var out: String
    var anchor: String
    var force: Bool
    var limits: DecodeLimits

    /// Copies what is missing; returns the photos (relative paths) whose
    /// copy is in place, and reports each one that is not.
    func copy(_ photos: [ProcessPlan.Photo], events: (ProcessEvent) -> Void) -> (copied: Int, current: Set<String>) {
        var current = Set<String>(), copied = 0
        for photo in photos {
            let relative = photo.record.path, target = out + "/" + Self.folder + "/" + relative
            do throws(ImagingError) {
                try LinkFreeFolders.check(InputWalker.parentFolder(target), below: anchor)
                if try isCurrent(target, photo) {
                    current.insert(relative)
                    continue
                }
                try ImagingError.converting(try Folders.create(InputWalker.parentFolder(target)))
                let bytes = try ImagingError.converting(try FileBytes.read(photo.source.path, limit: limits.maxFileBytes))
                try ImagingError.converting(try AtomicFile.write(bytes, to: target))
                // The photo's time, read and modified: how the copy is known to be current.
                let time = timespec(tv_sec: Int(photo.record.modificationTimeNanoseconds / 1_000_000_000),
                                    tv_nsec: Int(photo.record.modificationTimeNanoseconds % 1_000_000_000))
                var times = [time, time]
                _ = utimensat(AT_FDCWD, target, &times, 0)
                current.insert(relative)
                copied += 1
            } catch {
                events(.failed(path: target, reason: error.description, storageErrno: StorageCause.code(of: error)))
            }
        }
        return (copied, current)
    }

    /// Whether the copy at `target` is the photo's (same size and time);
    /// throws when something else is there that may not be replaced.
    private func isCurrent(_ target: String, _ photo: ProcessPlan.Photo) throws(ImagingError) -> Bool {
        var status = stat()
        guard lstat(target, &status) == 0 else { return false }
        let nanoseconds = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        if (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) == photo.record.byteCount
            && nanoseconds == photo.record.modificationTimeNanoseconds { return true }
        if force && (status.st_mode & S_IFMT) == S_IFREG { return false }
        throw .outputRefused(OutputRefusal(path: target, .notMadeByFilmroll))
    }
}
