import Imaging

/// The files of walked folders that are not photos (text, and sidecars such
/// as `.AAE`), which a command passes over but never without a word:
/// it counts them at the end of the run (`summary`), and `--json` lists each.
/// Sidecars beside their photos are no problem and are left out of the
/// summary (`sidecars` counts them).
/// A FIFO, socket, device or broken link is named on a line of its own,
/// with what it is, whatever its name (`specialFileLines`).
/// Hidden files (`.DS_Store`, `.filmroll/`) are not the user's photos and
/// are not counted (`PhotoFolder` never reports them).
public struct SkippedFiles: Sendable {
    public var files: [PhotoFolder.Skipped]

    public init(files: [PhotoFolder.Skipped] = []) {
        self.files = files
    }

    public var isEmpty: Bool { files.isEmpty }

    /// The files that are not regular files (FIFOs, sockets, devices,
    /// broken links), each named with what it is by `report`.
    public var specialFiles: [PhotoFolder.Skipped] { files.filter(\.isSpecial) }

    /// The regular files that are not photos, counted by `summary`; not the sidecars.
    public var notPhotos: [PhotoFolder.Skipped] { files.filter { !$0.isSpecial && !$0.isSidecar } }

    /// The edit and sidecar files beside their photos (`Sidecar`): no problem, counted only.
    public var sidecars: [PhotoFolder.Skipped] { files.filter(\.isSidecar) }

    /// "skipped DIR/pipe.jpg: a FIFO, not a regular file", one per special file.
    public var specialFileLines: [String] { specialFiles.map { "skipped \($0.path): \($0.reason)" } }

    /// Counts by lowercased extension (".mov", or "(no extension)"), most
    /// frequent first, then by extension ("(no extension)" last).
    public var countsByExtension: [(label: String, count: Int)] {
        var counts: [String: Int] = [:]
        for file in notPhotos { counts[Self.extensionLabel(file.path), default: 0] += 1 }
        return counts.map { (label: $0.key, count: $0.value) }.sorted { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.label.hasPrefix(".") != rhs.label.hasPrefix(".") { return lhs.label.hasPrefix(".") }
            return lhs.label < rhs.label
        }
    }

    /// "skipped 12 files that are not photos: 8 .mov, 4 .aae", or nil when none was.
    /// Special files are not in it (`specialFileLines`).
    public var summary: String? {
        let count = notPhotos.count
        guard count > 0 else { return nil }
        let counts = countsByExtension.map { "\($0.count) \($0.label)" }.joined(separator: ", ")
        return count == 1
            ? "skipped 1 file that is not a photo: \(counts)"
            : "skipped \(count) files that are not photos: \(counts)"
    }

    /// ".mov" for "clip.MOV"; "(no extension)" for "README" or "notes.".
    public static func extensionLabel(_ path: String) -> String {
        let name = InputWalker.lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
              name.index(after: dot) != name.endIndex else { return "(no extension)" }
        return "." + name[name.index(after: dot)...].lowercased()
    }
}
