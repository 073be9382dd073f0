#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Absolute paths: as spelled, for paths that may not exist yet (`of`), or
/// with links resolved (`resolved`).
public enum AbsolutePath {
    /// `path` prefixed with the working folder when relative; "./" segments dropped.
    public static func of(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
            let folder = getcwd(&buffer, buffer.count) != nil
                ? PathBytes.decode(buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }) : "."
            absolute = folder + "/" + path
        }
        let parts = absolute.split(separator: "/").filter { $0 != "." }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return PathBytes.decode(cString: resolved)
    }
}
