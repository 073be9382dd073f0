#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders: made as `mkdir -p` does, listed, told from files.
public enum Folders {
    /// Creates `path` and any missing parents with `mode`; folders that
    /// already exist keep their mode.
    /// - Throws: `FileError.failed(.createFolder, …)` naming the folder that could not be made.
    public static func create(_ path: String, mode: mode_t = 0o755) throws(FileError) {
        var partial = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, mode) == 0 { continue }
            let failure = errno
            var status = stat()
            if failure == EEXIST, stat(partial, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { continue }
            throw .failed(.createFolder, path: partial, .system(errno: failure))
        }
    }

    /// The first of `components`, walked down from `folder`, that is a
    /// symbolic link, as a path; nil when none is (the walk stops at the
    /// first that does not exist).
    public static func firstSymbolicLink(from folder: String, down components: some Sequence<String>) -> String? {
        var path = folder == "/" ? "" : folder
        for component in components {
            path += "/" + component
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            if (status.st_mode & S_IFMT) == S_IFLNK { return path }
        }
        return nil
    }

    /// Whether `path` names a folder (following links).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in `folder` (hidden ones too, without "." and ".."); empty when unreadable.
    public static func names(in folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = entryName(entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The name in a directory entry, its bytes kept (`PathBytes`). Read through a pointer up to its NUL:
    /// glibc packs entries by `d_reclen`, so the last one in a buffer may be
    /// shorter than `dirent`, and copying the whole `d_name` field reads past
    /// the end (found by AddressSanitizer).
    public static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        return PathBytes.decode(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
    }
}
