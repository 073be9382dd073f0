import Imaging

/// What a `ThumbnailBatch` makes of each photo and where it puts it.
public struct ThumbnailPlan: Sendable {
    /// Where thumbnails are kept between runs, so that a re-run makes only what changed.
    public enum Store: Sendable, Hashable {
        /// No store: everything is made afresh and nothing kept.
        case none
        /// `FOLDER/.filmroll/thumbs` in each photo folder; a folder that cannot
        /// be written gets one under `$XDG_CACHE_HOME/filmroll/thumbs/` instead.
        case besidePhotos
        /// One folder for every photo folder.
        case folder(String)
    }

    /// Longest edges in pixels (with `.cover`, the square's side); all come from one decode.
    public var sizes: [Int]
    public var fit: TargetSize.Fit
    /// Enlarge photos smaller than the size (never done otherwise).
    public var upscale: Bool
    /// A format `ImageEncoders` writes (`.jpeg` or `.png` built in); JPEG when none does.
    public var format: ImageFormat
    /// JPEG quality, 1 to 100.
    public var quality: Int
    /// Carry the photo's EXIF over (orientation set to 1, embedded thumbnail dropped).
    public var keepMetadata: Bool
    /// Write `DIR/<relative path without extension>_<size>.<ext>`,
    /// mirroring the input tree; nil: thumbnails stay in the store.
    public var outputFolder: String?
    public var store: Store
    /// The store's size budget in bytes; least recently used thumbnails go first.
    public var storeLimit: Int
    /// Also write freedesktop.org thumbnails under this root
    /// (`XDGThumbnail.cacheRoot`); nil: not.
    public var xdgRoot: String?

    /// The store folder of each input root (see `StoreLocations`), set for a run.
    var storeFolders: [String: String] = [:]
    /// Relative paths without extension that more than one input shares
    /// (`IMG_0001.HEIC` beside `IMG_0001.JPG`, as iPhones export them), set for a run.
    var sharedStems: Set<String> = []

    public init(sizes: [Int] = [256], fit: TargetSize.Fit = .inside, upscale: Bool = false, format: ImageFormat = .jpeg,
                quality: Int = 85, keepMetadata: Bool = false, outputFolder: String? = nil, store: Store = .besidePhotos,
                storeLimit: Int = 1_000_000_000, xdgRoot: String? = nil) {
        self.sizes = sizes
        self.fit = fit
        self.upscale = upscale
        self.format = format
        self.quality = quality
        self.keepMetadata = keepMetadata
        self.outputFolder = outputFolder
        self.store = store
        self.storeLimit = storeLimit
        self.xdgRoot = xdgRoot
    }

    /// The encoder of `format`.
    var encoder: any ImageEncoding { ImageEncoders.encoder(for: format) ?? ImageEncoders.standard }

    var fileExtension: String { encoder.preferredExtension }

    /// How to encode a thumbnail, with the EXIF to carry over (`keepMetadata`), marked as Filmroll's.
    func encoding(exif: [UInt8]? = nil) -> EncodingFormat {
        encoder.encoding(EncodingSettings(quality: quality, optimizeHuffman: false, exif: exif, mark: .thumbnail))
    }

    func resize(_ size: Int) -> ImageProcessors.Resize {
        ImageProcessors.Resize(edge: size, fit: fit, upscale: upscale)
    }

    /// The store for a photo: the `.folder` store, else `.filmroll/thumbs`
    /// in the folder it was found in, else the fallback for a read-only folder.
    func store(for file: InputFile) -> ThumbnailStore? {
        guard store != .none, let folder = storeFolders[file.root] else { return nil }
        return ThumbnailStore(directory: folder)
    }

    /// The output path: `DIR/<relative path without extension>_<size>.<ext>`;
    /// for a stem two inputs share, the source's extension stays in the
    /// name (`IMG_0001_heic_256.jpg`) so neither replaces the other; a
    /// name longer than 255 bytes is fitted (`FittedFileName`).
    func outputPath(for file: InputFile, size: Int) -> String? {
        guard let outputFolder else { return nil }
        var (stem, sourceExtension) = Self.split(file.relativePath)
        if sharedStems.contains(stem), let sourceExtension { stem += "_" + sourceExtension.lowercased() }
        return "\(outputFolder)/" + FittedFileName.of(stem, suffix: "_\(size).\(fileExtension)")
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

    /// The freedesktop.org sizes written with `xdgRoot`: normal and large
    /// always, the larger ones when a size that large was asked for.
    var xdgSizes: [XDGThumbnailSize] {
        let largest = sizes.max() ?? 256
        return XDGThumbnailSize.allCases.filter { $0.pixels <= 256 || $0.pixels <= largest }
    }

    /// How a thumbnail of `size` was made, as recorded in the catalog.
    func lineageParameters(size: Int) -> String {
        ThumbnailOutputs.parameters(size: size, fit: fit, upscale: upscale, format: format, quality: quality,
                                    keepMetadata: keepMetadata)
    }
}
