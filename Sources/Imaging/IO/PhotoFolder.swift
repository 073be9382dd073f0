#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Finds the photos in a folder tree.
///
/// The walk is recursive; hidden entries (and so `.filmroll/` and
/// Filmroll's temporaries) and folders holding an `OwnedFolderMarker`
/// (outputs, whichever catalog made them) are passed over and symlinked
/// folders are not followed. A file is taken when its name says it is an image or its first
/// bytes do, including an image format Filmroll cannot decode (a TIFF, a
/// HEIC; see `UnsupportedFormat`), so that it is reported: a JPEG named
/// `.dat` is found. A sidecar beside its photo (`Sidecar`: an `.AAE`, an
/// `.xmp`, a `.THM` even though it is a JPEG) is skipped and marked so; any
/// other file (a `notes.txt`) is listed as skipped, never dropped without a word.
public enum PhotoFolder {
    /// The extensions the registered decoders claim (`ImageDecoders`).
    public static var imageExtensions: Set<String> { ImageDecoders.fileExtensions }

    /// A photo found in the tree, with what `stat` said of it.
    public struct Entry: Sendable, Hashable {
        public var path: String
        /// The path below the folder walked.
        public var relativePath: String
        public var byteCount: Int
        public var modificationTimeNanoseconds: Int64
        /// When its inode last changed (`st_ctime`): when it was written, copied or moved here.
        public var changeTimeNanoseconds: Int64 = 0

        /// Whether its file time was carried over from an earlier file (by a
        /// copy that keeps times, an archive, a camera import): it is more
        /// than a day older than the file. A file time that is not is when
        /// the file was written here, so it says nothing of when the photo was taken.
        public var keepsAnEarlierTime: Bool {
            changeTimeNanoseconds - modificationTimeNanoseconds > 86_400 * 1_000_000_000
        }
    }

    /// A folder that could not be read.
    public struct Unreadable: Error, Sendable {
        public var path: String
        public var reason: String
    }

    /// A file of the tree that is not a photo, left out of the walk.
    public struct Skipped: Sendable, Hashable {
        public var path: String
        public var relativePath: String
        /// "not a photo", or what a special file is (`SpecialFile`): "a
        /// FIFO, not a regular file", "a symbolic link to /dev/zero, a character device".
        public var reason: String
        /// Whether it is no regular file (a FIFO, a socket, a device, a
        /// broken link): each is named, where files that are not photos are counted.
        public var isSpecial = false
        /// Whether it belongs to a photo or video beside it (`Sidecar`): counted, never named.
        public var isSidecar = false
    }

    /// The photos below `folder`, in natural order of their relative paths,
    /// and the files that are not photos, in the same order.
    ///
    /// Each folder's entries are put in order as they are read (a folder's
    /// name sorting as if it ended in "/", as the paths below it do), so the
    /// walk comes out in the order of its paths without sorting them all,
    /// and each file is `stat`ed by its name in its folder, not by its path.
    public static func walk(_ folder: String) -> (entries: [Entry], unreadable: [Unreadable], skipped: [Skipped]) {
        var found = Found()
        walk(folder: folder, relative: "", into: &found)
        return (found.entries, found.unreadable, found.skipped)
    }

    private struct Found {
        var entries: [Entry] = []
        var unreadable: [Unreadable] = []
        var skipped: [Skipped] = []
        /// Read once from the registry for the whole walk.
        let extensions = imageExtensions
        let signatureLength = max(ImageDecoders.signatureLength, UnsupportedFormat.signatureLength)
    }

    private static func walk(folder: String, relative: String, into found: inout Found) {
        guard let directory = opendir(folder) else {
            found.unreadable.append(Unreadable(path: folder, reason: FileBytes.systemMessage(errno)))
            return
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        // (sort key, name, status): folders keyed "NAME/".
        var children: [(key: String, name: String, status: stat)] = []
        while let entry = readdir(directory) {
            let name = Folders.entryName(entry)
            if name.hasPrefix(".") { continue }
            var status = stat()
            guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            if (status.st_mode & S_IFMT) == S_IFLNK {
                // A link to a file counts as that file; links to folders are not followed.
                var target = stat()
                if fstatat(descriptor, name, &target, 0) == 0 {
                    if (target.st_mode & S_IFMT) == S_IFDIR { continue }
                    status = target
                }
            }
            children.append(((status.st_mode & S_IFMT) == S_IFDIR ? name + "/" : name, name, status))
        }
        // Sorted by index, not moving the entries and their `stat`s about.
        let order = children.indices.sorted { naturalOrder(children[$0].key, children[$1].key) }
        // The photos and videos of the folder, by name, that sidecars belong to.
        let extensions = found.extensions
        let neighbours = Sidecar.Neighbours(children.filter { !$0.key.hasSuffix("/") }.map(\.name).filter { name in
            guard let dot = name.lastIndex(of: ".") else { return false }
            let ext = name[name.index(after: dot)...].lowercased()
            return extensions.contains(ext) || Sidecar.mediaExtensions.contains(ext)
        })
        for index in order {
            let name = children[index].name, status = children[index].status
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if (status.st_mode & S_IFMT) == S_IFDIR {
                // Filmroll's outputs (an `--out` folder inside the photos), whichever catalog made them.
                var marker = stat()
                if fstatat(descriptor, name + "/" + OwnedFolderMarker.fileName, &marker, AT_SYMLINK_NOFOLLOW) == 0 { continue }
                walk(folder: path, relative: relativePath, into: &found)
                continue
            }
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                let reason = SpecialFile.reason(name: name, in: descriptor) ?? "not a regular file"
                found.skipped.append(Skipped(path: path, relativePath: relativePath, reason: reason, isSpecial: true))
                continue
            }
            if Sidecar.belongs(name, to: neighbours) {
                found.skipped.append(Skipped(path: path, relativePath: relativePath, reason: "a sidecar beside its photo",
                                             isSidecar: true))
                continue
            }
            guard isCandidate(path: path, name: name, extensions: found.extensions,
                              signatureLength: found.signatureLength) else {
                found.skipped.append(Skipped(path: path, relativePath: relativePath, reason: "not a photo"))
                continue
            }
            found.entries.append(Entry(path: path, relativePath: relativePath, byteCount: Int(status.st_size),
                                       modificationTimeNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000
                                           + Int64(status.st_mtim.tv_nsec),
                                       changeTimeNanoseconds: Int64(status.st_ctim.tv_sec) * 1_000_000_000
                                           + Int64(status.st_ctim.tv_nsec)))
        }
    }

    /// Whether a file is a photo to work on: its name says so, or its
    /// first bytes are an image's, decodable or not. A file that cannot be
    /// opened is taken, so that the reason is reported.
    private static func isCandidate(path: String, name: String, extensions: Set<String>,
                                    signatureLength: Int) -> Bool {
        if let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased()) {
            return true
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: signatureLength)
        let count = read(descriptor, &head, head.count)
        guard count > 0 else { return false }
        return ImageFormat.sniff(head.prefix(count)) != nil || UnsupportedFormat.sniff(head.prefix(count)) != nil
    }
}

/// Orders names as people do: "frame2" before "frame10".
public func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
    var left = lhs, right = rhs
    // UTF-8 keeps code-point order, and its ASCII digits are never part of
    // a longer sequence: comparing bytes orders as comparing scalars would.
    let order = left.withUTF8 { left in right.withUTF8 { right in naturalOrder(left, right) } }
    return order ?? (lhs < rhs)
}

/// Whether `left` sorts before `right` (nil: equal but for leading zeros).
private func naturalOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
    @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    var l = 0, r = 0
    while l < left.count && r < right.count {
        let a = left[l], b = right[r]
        guard isDigit(a) && isDigit(b) else {
            if a != b { return a < b }
            l += 1
            r += 1
            continue
        }
        // Two runs of digits compare as numbers: leading zeros skipped, then by length, then digit by digit.
        while l < left.count && left[l] == 48 { l += 1 }
        while r < right.count && right[r] == 48 { r += 1 }
        var leftEnd = l, rightEnd = r
        while leftEnd < left.count && isDigit(left[leftEnd]) { leftEnd += 1 }
        while rightEnd < right.count && isDigit(right[rightEnd]) { rightEnd += 1 }
        if leftEnd - l != rightEnd - r { return leftEnd - l < rightEnd - r }
        while l < leftEnd {
            if left[l] != right[r] { return left[l] < right[r] }
            l += 1
            r += 1
        }
    }
    if l == left.count && r == right.count { return nil }
    return l == left.count
}

extension PhotoFolder {
    /// The entry for one file, or nil when it is not a regular file.
    public static func entry(at path: String, relativePath: String) -> Entry? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Entry(path: path, relativePath: relativePath, byteCount: Int(status.st_size),
                     modificationTimeNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                     changeTimeNanoseconds: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }
}
