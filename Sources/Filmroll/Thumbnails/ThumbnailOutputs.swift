#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging

/// Thumbnails as planned outputs: one photo, one resize, one encoding.
/// `thumbs` and `process` plan them alike, so a thumbnail's recipe (and
/// key) is the same whichever command asks for it.
public enum ThumbnailOutputs {
    /// A photo to thumbnail, as the catalog knows it.
    public struct Photo: Sendable {
        public var source: SourceIdentity
        public var reference: PhotoReference
        /// What the recipe names it by: its content hash when catalogued.
        public var input: OutputRecipe.Input
        /// Its upright size when known (from the catalog): a day's
        /// animation fits each photo to its frame by it.
        public var uprightSize: PixelSize?
        /// Its own outputs' sizes in the plan (`PlannedOutput.Input.chain`); empty: none.
        public var chain: [ImageProcessors.Resize] = []

        public init(source: SourceIdentity, reference: PhotoReference, input: OutputRecipe.Input) {
            self.source = source
            self.reference = reference
            self.input = input
        }

        /// A photo of the catalog, at `path`, named by its content hash when it has one.
        public init(catalogued record: PhotoRecord, at path: String) {
            source = SourceIdentity(path: path, byteCount: record.byteCount,
                                    modificationTimeNanoseconds: record.modificationTimeNanoseconds)
            reference = .id(record.id)
            uprightSize = record.size
            input = record.hash.map { .content(hash: $0) }
                ?? .file(relativePath: record.path, byteCount: record.byteCount,
                         modificationTimeNanoseconds: record.modificationTimeNanoseconds)
        }
    }

    /// How the catalog describes a thumbnail of `size` (its parameters' JSON).
    public static func parameters(size: Int, fit: TargetSize.Fit, upscale: Bool, format: ImageFormat, quality: Int,
                                  keepMetadata: Bool) -> String {
        JSONValue.object([
            ("size", .int(size)), ("fit", .string(fit.rawValue)), ("upscale", .bool(upscale)),
            ("format", .string(format.rawValue)), ("quality", .int(quality)), ("keepMetadata", .bool(keepMetadata)),
        ]).rendered
    }

    /// The thumbnail of `photo` at `path`, resized by `resize` and encoded by `encoding` (marked as a thumbnail).
    public static func planned(_ photo: Photo, resize: ImageProcessors.Resize, encoding: EncodingFormat,
                               path: String, root: String, parameters: String) -> PlannedOutput {
        planned(photo, resize: resize, encoding: encoding,
                recipeParameters: OutputRecipe.thumbnailParameters(resize: resize, encoding: encoding),
                path: path, root: root, parameters: parameters)
    }

    /// The same, with the recipe's parameters worked out once for many photos
    /// (`OutputRecipe.thumbnailParameters(resize:encoding:)`).
    public static func planned(_ photo: Photo, resize: ImageProcessors.Resize, encoding: EncodingFormat, recipeParameters: String,
                               path: String, root: String, parameters: String) -> PlannedOutput {
        let recipe = OutputRecipe.thumbnail(of: photo.input, parameters: recipeParameters)
        return PlannedOutput(record: .recipe(recipe, parameters: parameters), kind: .thumbnail, path: path, root: root,
                             mark: .thumbnail,
                             inputs: [PlannedOutput.Input(source: photo.source, photo: photo.reference, resize: resize,
                                                         chain: photo.chain)]) { images, _ in
            .bytes(try ImageEncoder.encode(images[0], as: encoding))
        }
    }

    /// The photo's freedesktop.org thumbnail of `size` under `root`
    /// (`XDGThumbnail.cacheRoot`): never recorded, current while it is no
    /// older than the photo, as the specification has it.
    public static func freedesktop(_ photo: Photo, size: XDGThumbnailSize, root: String) -> PlannedOutput {
        let absolute = AbsolutePath.of(photo.source.path)
        let path = XDGThumbnail.path(size: size, sourcePath: absolute, root: root)
        let seconds = photo.source.modificationTimeSeconds
        return PlannedOutput(record: .unrecorded(isCurrent: {
            XDGThumbnail.isCurrent(size: size, sourcePath: absolute, sourceMTimeSeconds: seconds, root: root)
        }), kind: .xdgThumbnail, path: path, root: root, mark: .thumbnail,
            inputs: [PlannedOutput.Input(source: photo.source, photo: photo.reference,
                                         resize: ImageProcessors.Resize(edge: size.pixels), chain: photo.chain)]) { images, _ in
            try XDGThumbnail.write(images[0], size: size, sourcePath: absolute, sourceMTimeSeconds: seconds, root: root)
            return .written
        }
    }
}
