#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging
import Synchronization

/// Makes the thumbnails of one photo: looks each size up in the store,
/// decodes once (through the pipeline) for the sizes that are missing,
/// encodes, stores and writes them, and reports every output.
final class ThumbnailMaker: Sendable {
    let pipeline: ImagePipeline
    let plan: ThumbnailPlan
    /// Writes `--out` files: never over a photo, atomically.
    let writer: OutputWriter
    let threadsPerImage: Int
    /// Outputs the catalogs know, by key: work already done.
    let knownOutputs: [String: [String]]
    private let stores = Locked<[String: ThumbnailStore]>([:])

    init(pipeline: ImagePipeline, plan: ThumbnailPlan, writer: OutputWriter, threadsPerImage: Int,
         knownOutputs: [String: [String]] = [:]) {
        self.pipeline = pipeline
        self.plan = plan
        self.writer = writer
        self.threadsPerImage = threadsPerImage
        self.knownOutputs = knownOutputs
    }

    /// The stores thumbnails were looked up in or written to.
    var storesUsed: [ThumbnailStore] { stores.withLock { Array($0.values) } }

    /// Where thumbnails went when there is no `--out`: the store's folder.
    var storeLocation: String? { stores.withLock { $0.keys.sorted().first } }

    func make(_ file: InputFile, report: ThumbnailReport) {
        do throws(ImagingError) {
            try makeThumbnails(file, report: report)
        } catch {
            report.failed(path: file.path, reason: String(describing: error))
            if plan.xdg { writeXDGFailure(file) }
        }
    }

    private struct Pending {
        var size: Int
        var resize: ImageProcessors.Resize
        var key: String
    }

    private func makeThumbnails(_ file: InputFile, report: ThumbnailReport) throws(ImagingError) {
        let source = try SourceIdentity.of(file.path)
        let store = plan.store(for: file)
        if let store { stores.withLock { $0[store.directory] = store } }

        var pending: [Pending] = []
        for size in plan.sizes {
            let resize = plan.resize(size)
            let key = ThumbnailStore.key(relativePath: file.relativePath, source: source, processors: [resize],
                                         encoding: plan.encoding(exif: plan.keepMetadata ? [] : nil))
            if let done = alreadyMade(key: key, file: file, size: size, store: store) {
                let dimensions = report.wantsDimensions ? try? ImageDecoder.readInfo(contentsOf: done).storedSize : nil
                report.output(source: file.path, size: size, path: done, dimensions: dimensions, status: .cached)
                report.record(.init(file: file, size: size, path: done, key: key))
            } else if let store, let cached = store.cachedPath(forKey: key, extension: plan.fileExtension) {
                let path = try deliverCached(cached, for: file, size: size)
                let dimensions = report.wantsDimensions ? try? ImageDecoder.readInfo(contentsOf: cached).storedSize : nil
                report.output(source: file.path, size: size, path: path, dimensions: dimensions, status: .cached)
                report.record(.init(file: file, size: size, path: path, key: key))
            } else {
                pending.append(Pending(size: size, resize: resize, key: key))
            }
        }
        let xdgSizes = plan.xdg ? try missingXDGSizes(file, source: source) : []
        if pending.isEmpty && xdgSizes.isEmpty { return }

        let resizes = pending.map(\.resize) + xdgSizes.map { ImageProcessors.Resize(edge: $0.pixels) }
        let images = try pipeline.images(for: source, resizes: resizes, threads: threadsPerImage)
        let exif = plan.keepMetadata ? EXIFPayload.read(from: try ImagingError.converting(try FileBytes.read(file.path))) : nil
        for (item, image) in zip(pending, images) {
            let uprightEXIF = try exif.map { payload throws(ImagingError) in try EXIFPayload.upright(payload, size: image.size) }
            let bytes = try ImageEncoder.encode(image, as: plan.encoding(exif: uprightEXIF))
            var path: String?
            if let store {
                do {
                    path = try store.store(bytes, key: item.key, extension: plan.fileExtension)
                } catch where plan.outputFolder != nil {
                    // The store is a convenience when the thumbnail goes to --out.
                    report.noteOnce("thumbnails not kept in \(displayPath(store.directory)): \(error.cause)")
                }
            }
            if let output = plan.outputPath(for: file, size: item.size) {
                try write(bytes, to: output)
                path = output
            }
            report.output(source: file.path, size: item.size, path: path ?? "", dimensions: image.size, status: .made)
            if let path { report.record(.init(file: file, size: item.size, path: path, key: item.key)) }
        }
        for (size, image) in zip(xdgSizes, images.dropFirst(pending.count)) {
            try XDGThumbnail.write(image, size: size, sourcePath: try absolutePath(file.path),
                                   sourceMTimeSeconds: source.modificationTimeSeconds, root: xdgRoot)
        }
    }

    /// An output the catalog says was made with this key and that is still
    /// where this run would put it: the `--out` path, or else this run's
    /// store (another store's copy, say before `--cache-dir`, does not count).
    private func alreadyMade(key: String, file: InputFile, size: Int, store: ThumbnailStore?) -> String? {
        guard let paths = knownOutputs[key] else { return nil }
        guard let wanted = plan.outputPath(for: file, size: size) ?? store?.path(forKey: key, extension: plan.fileExtension),
              paths.contains(AbsolutePath.of(wanted)), FileBytes.exists(wanted) else { return nil }
        return wanted
    }

    /// Copies a stored thumbnail to its `--out` path unless the same
    /// thumbnail is already there; returns the path reported.
    private func deliverCached(_ cached: String, for file: InputFile, size: Int) throws(ImagingError) -> String {
        guard let output = plan.outputPath(for: file, size: size) else { return cached }
        var outputStatus = stat(), cachedStatus = stat()
        if stat(output, &outputStatus) == 0, stat(cached, &cachedStatus) == 0,
           outputStatus.st_size == cachedStatus.st_size, OutputMark.read(contentsOf: output) == .thumbnail,
           !writer.outputGuard.inputs.contains(output) {
            return output
        }
        try write(try ImagingError.converting(try FileBytes.read(cached)), to: output)
        return output
    }

    /// Writes an `--out` file; a refusal names the output, since the
    /// failure line names the photo.
    private func write(_ bytes: [UInt8], to output: String) throws(ImagingError) {
        do {
            try writer.write(bytes, to: output)
        } catch .fileSystem(let reason) where !reason.contains(output) {
            throw .fileSystem("\(displayPath(output)): \(reason)")
        }
    }

    // MARK: freedesktop.org thumbnails

    private var xdgRoot: String { XDGThumbnail.cacheRoot(environment: ProcessEnvironment.current) }

    /// The XDG sizes whose thumbnail is missing or older than the photo.
    private func missingXDGSizes(_ file: InputFile, source: SourceIdentity) throws(ImagingError) -> [XDGThumbnailSize] {
        let uri = XDGThumbnail.fileURI(forAbsolutePath: try absolutePath(file.path))
        let name = XDGThumbnail.fileName(forURI: uri)
        return plan.xdgSizes.filter { size in
            var status = stat()
            let path = "\(xdgRoot)/\(size.rawValue)/\(name)"
            return stat(path, &status) != 0 || Int(status.st_mtim.tv_sec) < source.modificationTimeSeconds
        }
    }

    private func writeXDGFailure(_ file: InputFile) {
        guard let source = try? SourceIdentity.of(file.path), let path = try? absolutePath(file.path) else { return }
        try? XDGThumbnail.writeFailure(sourcePath: path, sourceMTimeSeconds: source.modificationTimeSeconds,
                                       root: xdgRoot, version: CLI.version)
    }

    private func absolutePath(_ path: String) throws(ImagingError) -> String {
        guard let resolved = CatalogAccess.resolvedPath(path) else { throw .fileSystem(FileBytes.systemMessage(errno)) }
        return resolved
    }
}
