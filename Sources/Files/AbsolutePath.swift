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
        if isNormalAbsolute(path) { return path }
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

    /// Whether `path` is already what `of` makes of it: absolute, with no
    /// empty or "." component and no trailing slash (most paths a plan
    /// builds, checked without splitting them).
    private static func isNormalAbsolute(_ path: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        var first = true
        for byte in path.utf8 {
            if first {
                guard byte == UInt8(ascii: "/") else { return false }
                first = false
            } else if byte == UInt8(ascii: "/") {
                // "//", or "/./" (a "." component)
                if previous == UInt8(ascii: "/") || (previous == UInt8(ascii: ".") && beforePrevious == UInt8(ascii: "/")) {
                    return false
                }
            }
            beforePrevious = previous
            previous = byte
        }
        if first || path.utf8.count == 1 { return path == "/" }
        // A trailing "/" or "/."
        return previous != UInt8(ascii: "/") && !(previous == UInt8(ascii: ".") && beforePrevious == UInt8(ascii: "/"))
    }

    /// `path` absolute with its `.` and `..` components worked out, so that
    /// two spellings of one folder (`A/./sub/..` and `A`) are one path: the
    /// part up to the last `..` is resolved where it exists (a `..` after a
    /// symbolic link leads where the system says), the rest kept as spelled.
    public static func normalized(_ path: String) -> String {
        let absolute = of(path)
        let parts = absolute.split(separator: "/", omittingEmptySubsequences: true)
        guard let last = parts.lastIndex(of: "..") else { return absolute }
        let head = "/" + parts[...last].joined(separator: "/")
        let rest = parts[(last + 1)...].joined(separator: "/")
        let base = resolved(head) ?? lexical(parts[...last])
        return rest.isEmpty ? base : (base == "/" ? "/" : base + "/") + rest
    }

    /// Components with each `..` taking away the one before it, as text.
    private static func lexical(_ parts: ArraySlice<Substring>) -> String {
        var kept: [Substring] = []
        for part in parts {
            if part == ".." { _ = kept.popLast() } else { kept.append(part) }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// `path` with every symbolic link resolved, or nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return PathBytes.decode(cString: resolved)
    }
}
