#if canImport(Glibc)
import Glibc
#endif
import Files

/// The image work of one day, in two steps that `FolderProcess` overlaps
/// (the next day's photos decode while this day's animation is encoded):
/// decoding each photo once for every size it is needed at, then the
/// day's sheet and animation.
struct PhotoWork: Sendable {
    let process: FolderProcess
    let out: String
    /// The photos, which `--force` never replaces; nil without `--force`.
    let photos: InputIdentities?
    let cancellation: CancellationToken
    let events: @Sendable (ProcessEvent) -> Void

    var options: ProcessOptions { process.options }
    var pipeline: ImagePipeline { process.pipeline }

    /// A day whose photos are decoded, its sheet and animation still to make.
    struct DecodedDay: Sendable {
        var day: ProcessPlan.Day?
        /// The animation's frames, in order, when it is out of date.
        var frames: [Image] = []
        /// The signatures the sheet and animation will be saved with; nil when up to date.
        var fourCutSignature: String?
        /// Out-of-date animations (one per format asked for), by output.
        var animationSignatures: [String: String] = [:]
        /// The thumbnails made, for the catalog.
        var made: [LineageOutput] = []
        var thumbnailsMade = 0
        var failed = 0
    }

    /// What making a day's sheet and animation did.
    struct FinishedDay: Sendable {
        var made: [LineageOutput] = []
        /// New signatures, by output.
        var signatures: [String: String] = [:]
        var fourCutsMade = 0
        var animationsMade = 0
        var failed = 0
    }

    /// Decodes each of the day's photos once, for every size it is
    /// needed at: thumbnails (written here), the sheet cell (left in the
    /// pipeline's cache) and the animation frame (returned).
    func decode(_ day: ProcessPlan.Day?, photos: [ProcessPlan.Photo], state: OutputState) -> DecodedDay {
        var decoded = DecodedDay(day: day)
        if let day, let output = day.fourCut {
            let signature = OutputState.signature(day.fourCutPhotos, settings: "fourcut \(options.fourCut)")
            if !FileBytes.exists(out + "/" + output) || state[output] != signature { decoded.fourCutSignature = signature }
        }
        for (format, output) in day?.animations ?? [] {
            let signature = OutputState.signature(day!.animationPhotos,
                                                  settings: "\(format) \(options.animationWidth) \(options.animationDelay)")
            if !FileBytes.exists(out + "/" + output) || state[output] != signature { decoded.animationSignatures[output] = signature }
        }
        let needsFourCut = decoded.fourCutSignature != nil, needsAnimation = !decoded.animationSignatures.isEmpty
        let cells = options.fourCut.layout.cells
        let frameSize = day.map { day -> TargetSize in
            let size = day.animationSize(width: options.animationWidth)
            return TargetSize(width: size.width, height: size.height, fit: .cover)
        }

        // Every size each photo is needed at, asked for in one call: one decode.
        let results = Parallel.map(photos, jobs: options.jobs, shouldStop: { cancellation.isCancelled }) { photo in
            let cellIndex = needsFourCut ? day?.fourCutPhotos.firstIndex { $0.record.path == photo.record.path } : nil
            let inAnimation = needsAnimation && day?.animationPhotos.contains { $0.record.path == photo.record.path } == true
            return prepare(photo, cell: cellIndex.map { cells[$0] }, frame: inAnimation ? frameSize : nil)
        }
        for (photo, result) in zip(photos, results) {
            switch result {
            case .made(let thumbnails, let frame)?:
                decoded.thumbnailsMade += thumbnails
                if thumbnails > 0 {
                    decoded.made += [lineage(.thumbnail, photo.thumbnail, photos: [photo]),
                                     lineage(.thumbnail, photo.large, photos: [photo])]
                }
                if let frame { decoded.frames.append(frame) }
            case .failed?:
                decoded.failed += 1
            case .upToDate?, nil:
                break
            }
        }
        return decoded
    }

    /// Makes the day's sheet and animation when they are out of date, the
    /// sheet on another thread while the animation encodes (both only read
    /// the pipeline's cache and the frames).
    func finish(_ decoded: DecodedDay) -> FinishedDay {
        guard let day = decoded.day, !cancellation.isCancelled else { return FinishedDay() }
        var sheet: BackgroundWork<FinishedDay>?
        if let signature = decoded.fourCutSignature, let output = day.fourCut {
            sheet = BackgroundWork { makeSheet(for: day, signature: signature, to: output) }
        }
        var finished = FinishedDay()
        for (format, output) in day.animations {
            guard let signature = decoded.animationSignatures[output] else { continue }
            do throws(ImagingError) {
                guard decoded.frames.count >= options.animationMinimum else { throw .limitExceeded("too few photos decoded") }
                try makeAnimation(decoded.frames, format: format, to: output)
                events(.made(kind: "animation", path: output))
                finished.signatures[output] = signature
                finished.animationsMade += 1
                finished.made.append(lineage(format.outputKind, output, photos: day.animationPhotos))
            } catch {
                events(.failed(path: out + "/" + output, reason: error.description))
                finished.failed += 1
            }
        }
        if let made = sheet?.result() {
            finished.made = made.made + finished.made
            finished.signatures.merge(made.signatures) { new, _ in new }
            finished.fourCutsMade += made.fourCutsMade
            finished.failed += made.failed
        }
        return finished
    }

    /// The day's four-cut sheet, captioned with the day's date.
    private func makeSheet(for day: ProcessPlan.Day, signature: String, to output: String) -> FinishedDay {
        var finished = FinishedDay()
        do {
            var sheetOptions = options.fourCut
            // The day's date, from the plan: no photo is read again for it.
            if let date = DayDate(iso: day.key),
               let text = sheetOptions.dates.text(for: [CaptureDate(year: date.year, month: date.month, day: date.day,
                                                                    hour: 12, minute: 0, second: 0)]) {
                sheetOptions.caption = .text(text)
            } else {
                sheetOptions.caption = .auto
            }
            let sheet = try FourCutRenderer(pipeline: pipeline).render(day.fourCutPhotos.map(\.source), options: sheetOptions)
            try write(sheet, to: output, mark: .fourcut, quality: 90)
            finished.signatures[output] = signature
            finished.fourCutsMade += 1
            finished.made.append(lineage(.fourcut, output, photos: day.fourCutPhotos))
        } catch {
            events(.failed(path: out + "/" + output, reason: "\(error)"))
            finished.failed += 1
        }
        return finished
    }

    /// Encodes the day's frames, each shown `animationDelay`, in `format`.
    private func makeAnimation(_ frames: [Image], format: DayAnimationFormat, to output: String) throws(ImagingError) {
        switch format {
        case .gif:
            var gifOptions = GIFOptions()
            gifOptions.comment = OutputMark.gif.text
            gifOptions.speed = options.animationSpeed
            gifOptions.paletteFromHalfSize = true
            gifOptions.triesSharedPalette = false    // a day's photos are different pictures
            let delays = Array(repeating: options.animationDelay, count: frames.count)
            try writeBytes(try GIFAnimator(options: gifOptions).encode(frames, delays: delays), to: output)
        case .webp:
            var webpOptions = WebPAnimationOptions()
            webpOptions.mark = OutputMark.webp.text
            let milliseconds = Array(repeating: Double(options.animationDelay * 10), count: frames.count)
            try writeBytes(try WebPAnimator.encode(frames, milliseconds: milliseconds, options: webpOptions), to: output)
        case .mp4:
            let path = out + "/" + output
            try checkReplaceable(path)
            var videoOptions = VideoOptions(timing: .milliseconds(nominal: FrameRate(numerator: 100, denominator: max(1, options.animationDelay)) ?? 1))
            videoOptions.comment = OutputMark.video.text
            videoOptions.threads = 1
            videoOptions.limits = options.limits
            videoOptions.memoryBytes = pipeline.configuration.memory.encoderBytes
            let encoder = try VideoEncoder(path: path, size: frames[0].size, options: videoOptions)
            for frame in frames { try encoder.add(frame, duration: options.animationDelay * 10) }
            try encoder.finish()
        }
    }

    /// An output (a path relative to the output folder) to record with its photos.
    private func lineage(_ kind: OutputRecord.Kind, _ output: String, photos: [ProcessPlan.Photo]) -> LineageOutput {
        LineageOutput(kind: kind, path: out + "/" + output, root: out, parameters: #"{"by":"process"}"#, photos: photos.map { .id($0.record.id) })
    }

    enum PhotoResult {
        case upToDate
        case made(thumbnails: Int, frame: Image?)
        case failed
    }

    /// Decodes `photo` once for its thumbnails, when they are out of date,
    /// and for its sheet cell and animation frame when asked.
    private func prepare(_ photo: ProcessPlan.Photo, cell: PixelRect?, frame: TargetSize?) -> PhotoResult {
        let staleThumbnails = isStale(photo.thumbnail, for: photo) || isStale(photo.large, for: photo)
        guard staleThumbnails || cell != nil || frame != nil else { return .upToDate }
        var resizes = [ImageProcessors.Resize(edge: options.thumbnailSize), ImageProcessors.Resize(edge: options.largeSize)]
        if let cell { resizes.append(FourCutRenderer.cellResize(cell, crop: options.fourCut.crop)) }
        if let frame { resizes.append(ImageProcessors.Resize(target: frame, upscale: true)) }
        let xdgSizes = staleThumbnails && options.xdgRoot != nil ? XDGThumbnailSize.allCases : []
        resizes += xdgSizes.map { ImageProcessors.Resize(edge: $0.pixels) }
        do throws(ImagingError) {
            let images = try pipeline.images(for: photo.source, resizes: resizes, threads: 1)
            if staleThumbnails {
                try write(images[0], to: photo.thumbnail, mark: .thumbnail)
                try write(images[1], to: photo.large, mark: .thumbnail)
            }
            for (index, size) in xdgSizes.enumerated() {
                try XDGThumbnail.write(images[images.count - xdgSizes.count + index], size: size,
                                       sourcePath: AbsolutePath.of(photo.source.path),
                                       sourceMTimeSeconds: Int(photo.record.modificationTimeNanoseconds / 1_000_000_000),
                                       root: options.xdgRoot!)
            }
            let frameIndex = images.count - xdgSizes.count - 1
            return .made(thumbnails: staleThumbnails ? 2 : 0, frame: frame == nil ? nil : images[frameIndex])
        } catch .outputRefused(let refusal) where refusal.namedPath == nil {
            events(.failed(path: refusal.path, reason: refusal.description))    // told of the file in the way
            return .failed
        } catch {
            events(.failed(path: photo.source.path, reason: error.description))
            return .failed
        }
    }

    /// Whether the output is missing or older than its photo.
    private func isStale(_ output: String, for photo: ProcessPlan.Photo) -> Bool {
        var status = stat()
        guard stat(out + "/" + output, &status) == 0 else { return true }
        let made = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        return made < photo.record.modificationTimeNanoseconds
    }

    /// Thumbnails are encoded as `filmroll thumbs` encodes them: without
    /// the optimised Huffman tables' second pass (4% larger, made faster);
    /// a day's sheet gets them.
    private func write(_ image: Image, to output: String, mark: OutputMark, quality: Int? = nil) throws(ImagingError) {
        let jpeg = JPEGEncodingOptions(quality: quality ?? options.quality, optimizeHuffman: mark != .thumbnail)
        let encoding = EncodingFormat.jpeg(jpeg).marked(mark)
        try writeBytes(try ImageEncoder.encode(image, as: encoding), to: output)
    }

    /// Refuses a file at `path` that Filmroll did not make, unless `--force`
    /// (and it is not one of the photos).
    private func checkReplaceable(_ path: String) throws(ImagingError) {
        guard FileBytes.exists(path) && OutputMark.read(contentsOf: path) == nil else { return }
        if let photos {
            if !photos.contains(path) { return }
            throw .outputRefused(OutputRefusal(path: path, .input))
        }
        throw .outputRefused(OutputRefusal(path: path, .notMadeByFilmroll))
    }

    /// Writes atomically, replacing only a file Filmroll made (any but a photo with `--force`).
    private func writeBytes(_ bytes: [UInt8], to output: String) throws(ImagingError) {
        let path = out + "/" + output
        try checkReplaceable(path)
        if let slash = path.lastIndex(of: "/") { try ImagingError.converting(try Folders.create(String(path[..<slash]))) }
        try ImagingError.converting(try AtomicFile.write(bytes, to: path))
    }
}
