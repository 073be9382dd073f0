import Imaging

/// The files of walked folders that are not photos (videos, `.AAE`
/// sidecars, text), which a command passes over but never without a word:
/// it counts them at the end of the run (`summary`), and `--json` lists each.
/// Hidden files (`.DS_Store`, `.filmroll/`) are not the user's photos and
/// are not counted (`PhotoFolder` never reports them).
public struct SkippedFiles: Sendable {
    public var files: [PhotoFolder.Skipped]

    public init(files: [PhotoFolder.Skipped] = []) {
        self.files = files
    }

    public var isEmpty: Bool { files.isEmpty }

    /// Counts by lowercased extension (".mov", or "(no extension)"), most
    /// frequent first, then by extension ("(no extension)" last).
    public var countsByExtension: [(label: String, count: Int)] {
        var counts: [String: Int] = [:]
        for file in files { counts[Self.extensionLabel(file.path), default: 0] += 1 }
        return counts.map { (label: $0.key, count: $0.value) }.sorted { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count > rhs.count }
            if lhs.label.hasPrefix(".") != rhs.label.hasPrefix(".") { return lhs.label.hasPrefix(".") }
            return lhs.label < rhs.label
        }
    }

    /// "skipped 12 files that are not photos: 8 .mov, 4 .aae", or nil when none was.
    public var summary: String? {
        guard !files.isEmpty else { return nil }
        let counts = countsByExtension.map { "\($0.count) \($0.label)" }.joined(separator: ", ")
        return files.count == 1
            ? "skipped 1 file that is not a photo: \(counts)"
            : "skipped \(files.count) files that are not photos: \(counts)"
    }

    /// ".mov" for "clip.MOV"; "(no extension)" for "README" or "notes.".
    public static func extensionLabel(_ path: String) -> String {
        let name = InputWalker.lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
              name.index(after: dot) != name.endIndex else { return "(no extension)" }
        return "." + name[name.index(after: dot)...].lowercased()
    }
}
