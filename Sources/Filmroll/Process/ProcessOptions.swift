#if canImport(Glibc)
import Glibc
#endif
import Files
import Imaging
/// What `FolderProcess` makes, and where.
public struct ProcessOptions: Sendable {
    /// Where outputs go; nil = `FOLDER/.filmroll/gallery`.
    public var outputFolder: String?
    /// Thumbnail sizes for the gallery: the small one on the pages, the large one behind each.
    public var thumbnailSize = 256
    public var largeSize = 1024
    /// The photo pages' preview for high-density screens, made for photos
    /// larger than `largeSize`; 0 = none (the pages show the large view).
    /// 1512 (`GalleryViewEncoding`): a 12 MP photo is decoded at 3/8 for
    /// every output, as for the large view alone.
    public var previewSize = GalleryViewEncoding.previewSize
    /// The preview's JPEG quality (`GalleryViewEncoding`).
    public var previewQuality = GalleryViewEncoding.previewQuality
    /// How photo pages link each original (`--originals`).
    public var originals = OriginalLinks.link
    public var quality = 85
    /// A day needs this many photos for a four-cut sheet.
    public var fourCutMinimum = 4
    /// A day needs this many photos for an animation.
    public var animationMinimum = 2
    /// A busier day's animation shows this many photos, spread over the day.
    public var animationMaximum = 30
    /// The animation's long side; its shape is the one most of the day's photos have (`AnimationCanvas`).
    public var animationEdge = 480
    /// How long each photo shows in the animation, in centiseconds.
    public var animationDelay = 80
    /// The formats each day's animation is made in, in order; the gallery
    /// shows the first. GIF alone by default.
    public var animationFormats: [ImageFormat] = [.gif]
    /// libimagequant's speed for the animation's palettes (`GIFOptions.speed`):
    /// 8, twice as fast as the `gif` command's default for 0.2 dB less.
    public var animationSpeed = 8
    /// The day sheets: `fourcut --per-day`'s defaults at 300 dpi (its own default is 600, for print).
    public var fourCut = FourCutOptions()
    /// The day sheets' JPEG quality: `fourcut`'s.
    public var fourCutQuality = FourCutMaker.defaultQuality
    public var gallery = GalleryOptions()
    /// Also fill the freedesktop.org thumbnail cache at this root
    /// (`XDGThumbnail.cacheRoot`), from the same decode; nil = not.
    public var xdgRoot: String?
    /// Replace a file in the way that Filmroll did not make (`--force`): a
    /// gallery page or stylesheet, or an image; never one of the photos.
    public var force = false
    /// false (`--no-catalog`): the photos are indexed into a catalog made
    /// for the run and deleted after it (`ScratchCatalog`); the folder's own
    /// catalog is neither read nor written.
    public var keepsCatalog = true
    /// false (`--no-similar`): no fingerprints are made, and similar photos
    /// are not grouped (copies each have their tile; a burst's stand-in is
    /// the frame with the most bytes per pixel).
    public var findsSimilar = true
    /// Photos decoded at once.
    public var jobs = 2
    public var limits = DecodeLimits.default
    /// The run's memory budget in bytes (`MemoryBudget`): decodes in flight,
    /// whatever `jobs` says, and the memory cache stay within it.
    public var memoryBytes = MemoryBudget.defaultBytes
    /// Only this shard's photos, into its own catalog beside the folder's,
    /// and only their own outputs (thumbnails, previews, clips): the day
    /// sheets, animations and gallery span shards and are `merge`'s.
    public var shard: Shard?
    /// First fold the shards' catalogs into the folder's (`filmroll merge`).
    public var mergesShards = false
    /// A library of more items than this is planned and made a batch of
    /// whole days of about this many at a time (`ProcessBatches`), bounding
    /// the memory a run takes whatever the library's size.
    public var batchItems = 10_000
    /// The basemap the day maps are drawn from (`--basemap FILE`, else the
    /// one the folder's catalog remembers), absolute; nil = none, or a
    /// remembered one that is gone (`FolderSettings`).
    public var basemapPath: String?
    /// Places whose photos' positions are left off every map, page and
    /// copied original (`--hide-places-near`, else the remembered ones).
    public var hiddenPlaces = HiddenPlaces()

    public init() {
        fourCut.dpi = 300
    }

    /// The output folder for `folder`.
    public func resolvedOutputFolder(for folder: String) -> String {
        outputFolder.map(AbsolutePath.normalized) ?? folder + "/.filmroll/gallery"
    }

    /// Which existing pages the gallery may replace: every one in the
    /// folder's own `.filmroll/gallery`, only its own (marked) ones in an
    /// `outputFolder` the user chose, any with `force`.
    ///
    /// A `.filmroll` that is a symbolic link is taken for a folder the user
    /// chose: what it leads to may hold the user's own pages.
    public func galleryFileGuard(for folder: String) -> GalleryFileGuard {
        var status = stat()
        let linked = lstat(folder + "/.filmroll", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
        return GalleryFileGuard(ownsFolder: outputFolder == nil && !linked, force: force)
    }
}
