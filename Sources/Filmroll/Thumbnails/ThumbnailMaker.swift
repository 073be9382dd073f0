#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Imaging
import Synchronization

/// Plans the thumbnails of one photo: looks each size up in the catalog
/// and the store, and makes the photo's planned output for the sizes that
/// are missing, which encodes, stores and writes them from one decode
/// (the executor's), and reports every output.
final class ThumbnailMaker: Sendable {
    let plan: ThumbnailPlan
    /// Writes output-folder files: never over a photo, atomically.
    let writer: OutputWriter
    /// What the catalogs record as made: work already done, here or by another command.
    let ledger: OutputLedger
    /// The catalogued photos' content hashes, by root and relative path:
    /// a thumbnail's recipe names its photo by content when the catalog knows it.
    let photoHashes: [String: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]]
    /// Whether a found thumbnail's header is read for its pixel size.
    let readsCachedDimensions: Bool
    private let stores = Locked<[String: ThumbnailStore]>([:])

    init(plan: ThumbnailPlan, writer: OutputWriter,
         ledger: OutputLedger = OutputLedger(),
         photoHashes: [String: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]] = [:],
         readsCachedDimensions: Bool = true) {
        self.photoHashes = photoHashes
        self.plan = plan
        self.writer = writer
        self.ledger = ledger
        self.readsCachedDimensions = readsCachedDimensions
    }

    /// The stores thumbnails were looked up in or written to.
    var storesUsed: [ThumbnailStore] { stores.withLock { Array($0.values) } }

    /// Where thumbnails went when there is no output folder: the store's folder.
    var storeLocation: String? { stores.withLock { $0.keys.sorted().first } }

    /// Plans `file`'s thumbnails: tells each one found already made (in
    /// the catalog, the store, or made by another command and copied) to
    /// `events`, and returns the photo's planned output for the sizes it
    /// lacks (nil when it lacks none, or it failed: told to `events` then).
    func plan(_ file: InputFile, events: @escaping @Sendable (ThumbnailEvent) -> Void) -> PlannedOutput? {
        var refusedOutput: String?
        do throws(ImagingError) {
            return try planThumbnails(file, refusedOutput: &refusedOutput, events: events)
        } catch {
            fail(file, output: refusedOutput, error, events: events)
            return nil
        }
    }

    /// Tells why `file`'s thumbnails were not made, and records the failure
    /// in the freedesktop.org cache when it is filled.
    func fail(_ file: InputFile, output: String?, _ error: ImagingError, events: @Sendable (ThumbnailEvent) -> Void) {
        events(.failed(path: file.path, output: output, reason: String(describing: error), storage: StorageCause.code(of: error).map { ($0, StorageCause.file(of: error) ?? output ?? file.path) }))
        if let xdgRoot = plan.xdgRoot { writeXDGFailure(file, root: xdgRoot) }
    }

    /// A failure while writing a thumbnail: the output file it is about,
    /// when its sentence does not name it.
    struct OutputFailure: Error {
        var output: String?
        var error: ImagingError
    }

    private struct Pending: Sendable {
        var size: Int
        var resize: ImageProcessors.Resize
        var key: String
    }

    /// - Parameter refusedOutput: set to the output file a failure is about, when its reason does not name it.
    private func planThumbnails(_ file: InputFile, refusedOutput: inout String?,
                                events: @escaping @Sendable (ThumbnailEvent) -> Void) throws(ImagingError) -> PlannedOutput? {
        let source = try SourceIdentity.of(file.path)
        let store = plan.store(for: file)
        if let store { stores.withLock { $0[store.directory] = store } }

        var pending: [Pending] = []
        for size in plan.sizes {
            let resize = plan.resize(size)
            let key = OutputRecipe.thumbnail(of: input(file, source: source), resize: resize,
                                             encoding: plan.encoding(exif: plan.keepMetadata ? [] : nil)).key
            if let done = alreadyMade(key: key, file: file, size: size, store: store) {
                let dimensions = readsCachedDimensions ? try? ImageDecoder.readInfo(contentsOf: done).storedSize : nil
                events(.output(ThumbnailOutput(file: file, size: size, path: done, dimensions: dimensions, status: .cached, key: key)))
            } else if let made = madeElsewhere(key: key, notAt: plan.outputPath(for: file, size: size)) {
                // The same recipe's thumbnail made by another command (`process`): copied, not remade.
                let path = try deliverCached(made, for: file, size: size, store: store, key: key, refusedOutput: &refusedOutput)
                events(.output(ThumbnailOutput(file: file, size: size, path: path, dimensions: nil, status: .cached, key: key)))
            } else if let store, let cached = store.cachedPath(forKey: key, extension: plan.fileExtension) {
                let path = try deliverCached(cached, for: file, size: size, refusedOutput: &refusedOutput)
                let dimensions = readsCachedDimensions ? try? ImageDecoder.readInfo(contentsOf: cached).storedSize : nil
                events(.output(ThumbnailOutput(file: file, size: size, path: path, dimensions: dimensions, status: .cached, key: key)))
            } else {
                pending.append(Pending(size: size, resize: resize, key: key))
            }
        }
        let xdgSizes = plan.xdgRoot != nil ? try missingXDGSizes(file, source: source, root: plan.xdgRoot!) : []
        if pending.isEmpty && xdgSizes.isEmpty { return nil }

        // One output for the photo, one input per size it lacks: the executor decodes it once for all.
        let resizes = pending.map(\.resize) + xdgSizes.map { ImageProcessors.Resize(edge: $0.pixels) }
        let reference = PhotoReference.relativePath(file.relativePath)
        return PlannedOutput(record: .unrecorded(isCurrent: { false }), kind: .thumbnail, path: file.path, root: file.root,
                             mark: .thumbnail,
                             inputs: resizes.map { PlannedOutput.Input(source: source, photo: reference, resize: $0) }) { [pending] images, _ in
            var refusedOutput: String?
            do throws(ImagingError) {
                try self.finish(file, source: source, store: store, pending: pending, xdgSizes: xdgSizes, images: images,
                                refusedOutput: &refusedOutput, events: events)
            } catch {
                throw OutputFailure(output: refusedOutput, error: error)
            }
            return .written
        }
    }

    /// Encodes, stores and writes the thumbnails of `file` from its images
    /// (the sizes of `pending`, then those of `xdgSizes`).
    private func finish(_ file: InputFile, source: SourceIdentity, store: ThumbnailStore?, pending: [Pending],
                        xdgSizes: [XDGThumbnailSize], images: [Image], refusedOutput: inout String?,
                        events: @Sendable (ThumbnailEvent) -> Void) throws(ImagingError) {
        let exif = plan.keepMetadata ? EXIFPayload.read(from: try ImagingError.converting(try FileBytes.read(file.path))) : nil
        for (item, image) in zip(pending, images) {
            let uprightEXIF = try exif.map { payload throws(ImagingError) in try EXIFPayload.upright(payload, size: image.size) }
            let bytes = try ImageEncoder.encode(image, as: plan.encoding(exif: uprightEXIF))
            var path: String?
            if let store {
                do {
                    path = try store.store(bytes, key: item.key, extension: plan.fileExtension)
                } catch where plan.outputFolder != nil {
                    // The store is a convenience when the thumbnail goes to the output folder.
                    events(.store(.notKept(folder: store.directory, cause: error.cause)))
                }
            }
            if let output = plan.outputPath(for: file, size: item.size) {
                try write(bytes, to: output, refusedOutput: &refusedOutput)
                path = output
            }
            events(.output(ThumbnailOutput(file: file, size: item.size, path: path, dimensions: image.size, status: .made, key: item.key)))
        }
        for (size, image) in zip(xdgSizes, images.dropFirst(pending.count)) {
            try XDGThumbnail.write(image, size: size, sourcePath: try absolutePath(file.path),
                                   sourceMTimeSeconds: source.modificationTimeSeconds, root: plan.xdgRoot!)
        }
    }

    /// An output the catalog says was made with this key and that is still
    /// where this run would put it: the output path, or else this run's
    /// store (another store's copy, say before a `.folder` store, does not count).
    private func alreadyMade(key: String, file: InputFile, size: Int, store: ThumbnailStore?) -> String? {
        guard let wanted = plan.outputPath(for: file, size: size) ?? store?.path(forKey: key, extension: plan.fileExtension),
              ledger.isCurrent(path: AbsolutePath.of(wanted), key: key) else { return nil }
        return wanted
    }

    /// What a thumbnail's recipe names its photo by: its content hash when
    /// its folder has a catalog (the catalog's, while the file is as
    /// catalogued, else hashed here as the indexer would), else its place,
    /// size and time: without a catalog nothing is recorded to compare with.
    private func input(_ file: InputFile, source: SourceIdentity) -> OutputRecipe.Input {
        if let catalogued = photoHashes[file.root] {
            if let known = catalogued[file.relativePath], known.byteCount == source.byteCount,
               known.modificationTimeNanoseconds == source.modificationTimeNanoseconds {
                return .content(hash: known.hash)
            }
            if let descriptor = try? FileBytes.openRegular(file.path).descriptor {
                defer { close(descriptor) }
                if let identity = ContentHash.identity(ofDescriptor: descriptor) { return .content(hash: identity.hash) }
            }
        }
        return .file(relativePath: file.relativePath, byteCount: source.byteCount,
                     modificationTimeNanoseconds: source.modificationTimeNanoseconds)
    }

    /// A file the catalogs record as made by this recipe (by any command)
    /// in a folder they own (`OutputLedger.madeElsewhere`), still a Filmroll thumbnail.
    private func madeElsewhere(key: String, notAt path: String?) -> String? {
        guard let made = ledger.madeElsewhere(key: key, notAt: path.map(AbsolutePath.of) ?? ""),
              OutputMark.read(contentsOf: made) == .thumbnail else { return nil }
        return made
    }

    /// A thumbnail made elsewhere, delivered where this run puts it: the
    /// output path, else the store.
    private func deliverCached(_ made: String, for file: InputFile, size: Int, store: ThumbnailStore?, key: String,
                               refusedOutput: inout String?) throws(ImagingError) -> String {
        if plan.outputPath(for: file, size: size) != nil || store == nil {
            return try deliverCached(made, for: file, size: size, refusedOutput: &refusedOutput)
        }
        return try store!.store(try ImagingError.converting(try FileBytes.read(made)), key: key, extension: plan.fileExtension)
    }

    /// Copies a stored thumbnail to its output path unless the same
    /// thumbnail is already there; returns the path reported.
    private func deliverCached(_ cached: String, for file: InputFile, size: Int,
                               refusedOutput: inout String?) throws(ImagingError) -> String {
        guard let output = plan.outputPath(for: file, size: size) else { return cached }
        var outputStatus = stat(), cachedStatus = stat()
        if stat(output, &outputStatus) == 0, stat(cached, &cachedStatus) == 0,
           outputStatus.st_size == cachedStatus.st_size, OutputMark.read(contentsOf: output) == .thumbnail,
           !writer.outputGuard.inputs.contains(output) {
            return output
        }
        try write(try ImagingError.converting(try FileBytes.read(cached)), to: output, refusedOutput: &refusedOutput)
        return output
    }

    /// Writes an output-folder file; a failure whose sentence does not
    /// name the output (a refusal, a folder that cannot be made) sets
    /// `refusedOutput`, since the failure is told of the photo.
    private func write(_ bytes: [UInt8], to output: String, refusedOutput: inout String?) throws(ImagingError) {
        do {
            try writer.write(bytes, to: output)
        } catch {
            if error.namedPath != output { refusedOutput = output }
            throw error
        }
    }

    // MARK: freedesktop.org thumbnails

    /// The XDG sizes whose thumbnail is missing or older than the photo.
    private func missingXDGSizes(_ file: InputFile, source: SourceIdentity, root: String) throws(ImagingError) -> [XDGThumbnailSize] {
        let absolute = try absolutePath(file.path)
        return plan.xdgSizes.filter { size in
            !XDGThumbnail.isCurrent(size: size, sourcePath: absolute, sourceMTimeSeconds: source.modificationTimeSeconds, root: root)
        }
    }

    private func writeXDGFailure(_ file: InputFile, root: String) {
        guard let source = try? SourceIdentity.of(file.path), let path = try? absolutePath(file.path) else { return }
        try? XDGThumbnail.writeFailure(sourcePath: path, sourceMTimeSeconds: source.modificationTimeSeconds,
                                       root: root, version: Filmroll.version)
    }

    private func absolutePath(_ path: String) throws(ImagingError) -> String {
        guard let resolved = AbsolutePath.resolved(path) else { throw .fileSystem(.failed(.read, path: path, .system(errno: errno))) }
        return resolved
    }
}
