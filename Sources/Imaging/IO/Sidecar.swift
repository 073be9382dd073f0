/// Files that belong to a photo or video beside them: an iPhone's edits
/// (`IMG_0001.AAE`, and `IMG_O0001.AAE` for the original's), XMP sidecars
/// (`IMG_0001.xmp`, `IMG_0001.CR2.xmp`), a camera's thumbnail and low-resolution
/// copy (`.THM`, `.LRV`), DxO, RawTherapee and ExifTool sidecars (`.DOP`, `.PP3`,
/// `.MIE`), and Google Takeout's JSON (`IMG_0001.jpg.json`,
/// `IMG_0001.jpg.supplemental-metadata.json`). Such a file is no problem:
/// the walk counts it, names it nowhere, and leaves it as it is.
public enum Sidecar {
    /// The extensions of sidecars, lowercased.
    public static let extensions: Set<String> = ["aae", "xmp", "thm", "lrv", "dop", "pp3", "mie", "json"]

    /// Photo and video extensions, lowercased, that a sidecar may sit beside
    /// besides those Filmroll decodes (raw files, videos).
    public static let mediaExtensions: Set<String> = [
        "jpg", "jpeg", "heic", "heif", "hif", "png", "gif", "webp", "avif", "jxl", "tif", "tiff", "dng", "cr2", "cr3",
        "nef", "nrw", "arw", "raf", "orf", "rw2", "pef", "srw", "mov", "mp4", "m4v", "3gp", "insv", "mts",
    ]

    /// The names in one folder that sidecars may belong to: every file's
    /// name and its name without the extension, lowercased (sidecars left out).
    public struct Neighbours: Sendable {
        var names = Set<String>()

        public init(_ fileNames: some Sequence<String>) {
            for name in fileNames {
                let (stem, ext) = Sidecar.split(name.lowercased())
                guard !Sidecar.extensions.contains(ext ?? "") else { continue }
                names.insert(stem)
                if ext != nil { names.insert(name.lowercased()) }
            }
        }
    }

    /// Whether the file `name` is a sidecar of a file among `neighbours`
    /// (same name or same stem, in any case).
    public static func belongs(_ name: String, to neighbours: Neighbours) -> Bool {
        let (base, ext) = split(name.lowercased())
        guard let ext, extensions.contains(ext) else { return false }
        var candidates = [base]
        if ext == "json", let cut = base.firstRange(of: ".suppl") {
            candidates.append(String(base[..<cut.lowerBound]))
        }
        // iOS writes IMG_O0001.AAE for the original of an edited IMG_0001.
        if ext == "aae", base.hasPrefix("img_o") { candidates.append("img_" + base.dropFirst(5)) }
        return candidates.contains { neighbours.names.contains($0) }
    }

    /// "img_0001.heic" → ("img_0001", "heic"); a name without a dot (or starting with its only one) has no extension.
    static func split(_ name: String) -> (String, String?) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil) }
        return (String(name[..<dot]), String(name[name.index(after: dot)...]))
    }
}
