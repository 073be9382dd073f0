#if canImport(Glibc)
import Glibc
#endif
import Files

/// Removes outputs nobody needs any more (a deleted photo's thumbnails, the
/// sheet of a day that lost its fourth photo, a removed video's clip):
/// files under `thumbs/`, `days/` and `clips/` of the output folder that
/// carry Filmroll's mark and are not expected, a clip only when the catalog
/// records it too. Anything without the mark, or reached through a symbolic
/// link, is left alone (`ConfinedFiles`).
enum OutputSweep {
    /// - Parameter recordedClips: the clips the catalog records, relative to `out`.
    /// - Returns: the removed files, relative to `out`.
    static func removeAllBut(expected: Set<String>, recordedClips: Set<String> = [], in out: String) -> [String] {
        remove(["thumbs", "days"].flatMap { unexpectedFiles(under: $0, in: out, expected: expected) }
               + unexpectedFiles(under: "clips", in: out, expected: expected).filter(recordedClips.contains), in: out)
    }

    /// Removes each of `files` (relative to `out`) that carries Filmroll's
    /// mark, never through a symbolic link; returns those removed.
    static func remove(_ files: [String], in out: String) -> [String] {
        let root = AbsolutePath.of(out)
        return files.filter { relative in
            let outcome = ConfinedFiles.remove(root + "/" + relative, root: root) { OutputMark.read(descriptor: $0) != nil }
            guard case .removed = outcome else { return false }
            return true
        }
    }

    /// Regular files below `folder` (relative to `out`), not hidden, that
    /// are not `expected` (an expected name is passed over without a `stat`);
    /// symbolic links are not followed. A folder holding a temporary is
    /// swept of those of dead writers (`TemporaryFiles`).
    static func unexpectedFiles(under folder: String, in out: String, expected: Set<String>) -> [String] {
        var found: [String] = []
        var swept = false
        for name in Folders.names(in: out + "/" + folder) {
            // A killed run's temporary in a folder no later run writes into would stay for good.
            if name.hasPrefix(".") {
                if !swept && TemporaryFiles.writerProcess(ofName: name) != nil {
                    TemporaryFiles.sweepOnce(folder: out + "/" + folder)
                    swept = true
                }
                continue
            }
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
