#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Encoded thumbnails on disk (by default `FOLDER/.filmroll/thumbs/`),
/// named by a key over the source's identity and the processing, with a
/// size budget that evicts the least recently used files.
///
/// A hit refreshes the file's modification time, which is the recency the
/// eviction sorts by; writes are atomic, so a reader never sees half a file.
public struct ThumbnailStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The key of one thumbnail: the source's path relative to its folder
    /// (so the folder may move), size and mtime, and the cache identifiers
    /// of the processing and the encoding (every setting of each).
    public static func key(relativePath: String, source: SourceIdentity, processors: [any CacheIdentifiable],
                           encoding: EncodingFormat) -> String {
        let text = "filmroll-thumb-3\n\(relativePath)\n\(source.byteCount)\n\(source.modificationTimeNanoseconds)\n"
            + processors.map(\.cacheIdentifier).joined(separator: "|") + "\n" + encoding.cacheIdentifier
        return MD5.hex(Array(text.utf8))
    }

    /// Where the thumbnail with `key` lives: `directory/ab/abcdef….ext`.
    public func path(forKey key: String, extension ext: String) -> String {
        "\(directory)/\(key.prefix(2))/\(key).\(ext)"
    }

    /// The stored file for `key`, marked as just used; nil when absent.
    public func cachedPath(forKey key: String, extension ext: String) -> String? {
        let path = path(forKey: key, extension: ext)
        // utimensat with NULL times sets both to now: the LRU clock.
        guard utimensat(AT_FDCWD, path, nil, 0) == 0 else { return nil }
        return path
    }

    /// Stores `bytes` under `key` and returns the file's path.
    @discardableResult
    public func store(_ bytes: [UInt8], key: String, extension ext: String) throws(ImagingError) -> String {
        let path = path(forKey: key, extension: ext)
        try ImagingError.converting(try Folders.create(String(path[..<path.lastIndex(of: "/")!])))
        try ImagingError.converting(try AtomicFile.write(bytes, to: path))
        return path
    }

    public struct Usage: Sendable, Equatable {
        public var files: Int
        public var bytes: Int

        public init(files: Int, bytes: Int) {
            self.files = files
            self.bytes = bytes
        }
    }

    /// Removes temporaries that crashed writers left, then deletes the
    /// least recently used thumbnails until the store holds at most
    /// `limit` bytes; returns what was removed, temporaries included.
    ///
    /// Only files named as the store names them (`ab/abcdef….ext`) are
    /// deleted, reached without following a symbolic link below
    /// `directory` (`ConfinedFiles`): a shard replaced by a link to
    /// somebody's folder is left alone.
    @discardableResult
    public func evict(toFit limit: Int) -> Usage {
        var removed = Usage(files: 0, bytes: 0)
        for folder in [directory] + Folders.names(in: directory).filter({ $0.count == 2 }).map({ directory + "/" + $0 }) {
            let swept = TemporaryFiles.sweep(folder: folder)
            removed.files += swept.files
            removed.bytes += swept.bytes
        }
        var entries = files()
        var total = entries.reduce(0) { $0 + $1.bytes }
        guard total > limit else { return removed }
        entries.sort { $0.modified < $1.modified }
        let root = AbsolutePath.of(directory)
        for entry in entries where total > limit && !entry.isTemporary && Self.isStoreName(entry.path) {
            if case .removed = ConfinedFiles.remove(AbsolutePath.of(entry.path), root: root, isOurs: { _ in true }) {
                total -= entry.bytes
                removed.files += 1
                removed.bytes += entry.bytes
            }
        }
        return removed
    }

    /// Files and bytes in the store now.
    public func usage() -> Usage {
        let entries = files()
        return Usage(files: entries.count, bytes: entries.reduce(0) { $0 + $1.bytes })
    }

    /// Whether `path` ends in `ab/KEY.ext`, KEY being 32 hex digits starting with `ab`.
    static func isStoreName(_ path: String) -> Bool {
        let parts = path.split(separator: "/").suffix(2)
        guard parts.count == 2, let dot = parts.last!.firstIndex(of: ".") else { return false }
        let key = parts.last![..<dot]
        return key.count == 32 && key.allSatisfy(\.isHexDigit) && key.prefix(2) == parts.first!
    }

    private struct Entry {
        var path: String
        var bytes: Int
        var modified: Int64
        /// A write in progress: counted, never deleted.
        var isTemporary: Bool
    }

    /// Every stored file (two levels: shard folders, then files), the
    /// temporaries of writes in progress included: they take space too.
    private func files() -> [Entry] {
        var entries: [Entry] = []
        for shard in Folders.names(in: directory) where shard.count == 2 {
            let folder = directory + "/" + shard
            for name in Folders.names(in: folder) {
                let path = folder + "/" + name
                var status = stat()
                guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
                let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
                entries.append(Entry(path: path, bytes: Int(status.st_size), modified: modified,
                                     isTemporary: TemporaryFiles.writerProcess(ofName: name) != nil))
            }
        }
        return entries
    }
}
