import Imaging

/// What `thumbs` makes of each photo and where it puts it.
struct ThumbnailPlan: Sendable {
    var sizes: [Int]
    var fit: TargetSize.Fit
    var upscale: Bool
    var format: ImageFormat
    var quality: Int
    var outputFolder: String?
    /// The store folder of each input root (see `StoreLocations`); a root without one has no store.
    var storeFolders: [String: String]
    var useCache: Bool
    var xdg: Bool
    var keepMetadata: Bool

    var fileExtension: String { format == .png ? "png" : "jpg" }

    /// How to encode a thumbnail, with the EXIF to carry over (`--keep-metadata`), marked as Filmroll's.
    func encoding(exif: [UInt8]? = nil) -> EncodingFormat {
        let format: EncodingFormat = format == .png
            ? .png(PNGEncodingOptions(exif: exif))
            : .jpeg(JPEGEncodingOptions(quality: quality, optimizeHuffman: false, exif: exif))
        return format.marked(.thumbnail)
    }

    func resize(_ size: Int) -> ImageProcessors.Resize {
        ImageProcessors.Resize(edge: size, fit: fit, upscale: upscale)
    }

    /// The store for a photo: `--cache-dir`, else `.filmroll/thumbs` in the
    /// folder it was found in, else the fallback for a read-only folder.
    func store(for file: InputFile) -> ThumbnailStore? {
        guard useCache, let folder = storeFolders[file.root] else { return nil }
        return ThumbnailStore(directory: folder)
    }

    /// Relative paths without extension that more than one input shares
    /// (`IMG_0001.HEIC` beside `IMG_0001.JPG`, as iPhones export them).
    var sharedStems: Set<String> = []

    /// `--out` path: `DIR/<relative path without extension>_<size>.<ext>`;
    /// for a stem two inputs share, the source's extension stays in the
    /// name (`IMG_0001_heic_256.jpg`) so neither replaces the other.
    func outputPath(for file: InputFile, size: Int) -> String? {
        guard let outputFolder else { return nil }
        var (stem, sourceExtension) = Self.split(file.relativePath)
        if sharedStems.contains(stem), let sourceExtension { stem += "_" + sourceExtension.lowercased() }
        return "\(outputFolder)/\(stem)_\(size).\(fileExtension)"
    }

    /// The stems that more than one of `files` has.
    static func sharedStems(of files: [InputFile]) -> Set<String> {
        var seen: [String: Int] = [:]
        for file in files { seen[split(file.relativePath).stem, default: 0] += 1 }
        return Set(seen.filter { $0.value > 1 }.keys)
    }

    private static func split(_ path: String) -> (stem: String, extension: String?) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return (path, nil) }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }

    /// The freedesktop.org sizes written with `--xdg`: normal and large
    /// always, the larger ones when a size that large was asked for.
    var xdgSizes: [XDGThumbnailSize] {
        let largest = sizes.max() ?? 256
        return XDGThumbnailSize.allCases.filter { $0.pixels <= 256 || $0.pixels <= largest }
    }
}
