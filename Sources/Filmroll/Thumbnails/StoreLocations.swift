#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Where a `ThumbnailBatch` keeps the store of each folder it reads: the
/// `.folder` store, else `FOLDER/.filmroll/thumbs`. A folder that cannot be
/// written (a camera card, a read-only share) gets a store of its own under
/// `$XDG_CACHE_HOME/filmroll/thumbs/` instead, and the run says so once;
/// when even that fails, the run goes on without a store.
struct StoreLocations: Sendable {
    /// The store folder for each input root; absent: no store.
    var directories: [String: String] = [:]
    /// One note per folder whose store moved or is missing.
    var notes: [StoreNote] = []

    static func resolve(roots: Set<String>, store: ThumbnailPlan.Store, environment: [String: String]) -> StoreLocations {
        var locations = StoreLocations()
        switch store {
        case .none:
            break
        case .folder(let folder):
            if let reason = unusable(folder) {
                locations.notes.append(.unusable(folder: folder, reason: reason))
            } else {
                for root in roots { locations.directories[root] = folder }
            }
        case .besidePhotos:
            for root in roots.sorted() {
                let beside = (root.hasSuffix("/") ? root : root + "/") + ".filmroll/thumbs"
                guard let reason = unusable(beside) else {
                    locations.directories[root] = beside
                    continue
                }
                let elsewhere = fallbackFolder(for: root, environment: environment)
                if unusable(elsewhere) == nil {
                    locations.directories[root] = elsewhere
                    locations.notes.append(.moved(root: root, reason: reason, fallback: elsewhere))
                } else {
                    locations.notes.append(.missing(root: root, reason: reason))
                }
            }
        }
        return locations
    }

    /// `$XDG_CACHE_HOME/filmroll/thumbs/<md5 of the folder's absolute path>`.
    static func fallbackFolder(for root: String, environment: [String: String]) -> String {
        let cache: String
        if let configured = environment["XDG_CACHE_HOME"], configured.hasPrefix("/") {
            cache = configured
        } else {
            cache = (environment["HOME"] ?? "/tmp") + "/.cache"
        }
        let folder = AbsolutePath.resolved(root) ?? AbsolutePath.of(root)
        return cache + "/filmroll/thumbs/" + MD5.hex(Array(folder.utf8))
    }

    /// Why `folder` cannot hold a store (made when missing), or nil when it can.
    static func unusable(_ folder: String) -> String? {
        do throws(FileError) {
            try Folders.create(folder)
        } catch {
            return ImagingError(error).cause
        }
        return access(folder, W_OK) == 0 ? nil : FileBytes.systemMessage(errno)
    }
}
