#if canImport(Glibc)
import Glibc
#endif
import Files

/// Removes outputs nobody needs any more (a deleted photo's thumbnails, the
/// sheet of a day that lost its fourth photo): files under `thumbs/` and
/// `days/` of the output folder that carry Filmroll's mark and are not
/// expected. Anything without the mark, or reached through a symbolic
/// link, is left alone (`ConfinedFiles`).
enum OutputSweep {
    /// - Returns: the removed files, relative to `out`.
    static func removeAllBut(expected: Set<String>, in out: String) -> [String] {
        var removed: [String] = []
        let root = AbsolutePath.of(out)
        for folder in ["thumbs", "days"] {
            for relative in unexpectedFiles(under: folder, in: out, expected: expected) {
                let outcome = ConfinedFiles.remove(root + "/" + relative, root: root) { OutputMark.read(descriptor: $0) != nil }
                guard case .removed = outcome else { continue }
                removed.append(relative)
            }
        }
        return removed
    }

    /// Regular files below `folder` (relative to `out`), not hidden, that
    /// are not `expected` (an expected name is passed over without a `stat`);
    /// symbolic links are not followed.
    static func unexpectedFiles(under folder: String, in out: String, expected: Set<String>) -> [String] {
        var found: [String] = []
        for name in Folders.names(in: out + "/" + folder) where !name.hasPrefix(".") {
            let relative = folder + "/" + name
            if expected.contains(relative) { continue }
            var status = stat()
            guard lstat(out + "/" + relative, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: found += unexpectedFiles(under: relative, in: out, expected: expected)
            case S_IFREG: found.append(relative)
            default: break
            }
        }
        return found
    }
}
