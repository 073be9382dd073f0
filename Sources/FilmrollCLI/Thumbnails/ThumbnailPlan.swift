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

    /// Part of the store key: the same photo encoded differently is another thumbnail.
    var encodingTag: String { (format == .png ? "png" : "jpeg q\(quality)") + (keepMetadata ? " exif" : "") }

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

    /// `--out` path: `DIR/<relative path without extension>_<size>.<ext>`.
    func outputPath(for file: InputFile, size: Int) -> String? {
        guard let outputFolder else { return nil }
        var stem = file.relativePath
        if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = String(stem[..<dot]) }
        return "\(outputFolder)/\(stem)_\(size).\(fileExtension)"
    }

    /// The freedesktop.org sizes written with `--xdg`: normal and large
    /// always, the larger ones when a size that large was asked for.
    var xdgSizes: [XDGThumbnailSize] {
        let largest = sizes.max() ?? 256
        return XDGThumbnailSize.allCases.filter { $0.pixels <= 256 || $0.pixels <= largest }
    }
}
