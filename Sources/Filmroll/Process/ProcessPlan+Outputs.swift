import Catalog
import Imaging

extension ProcessPlan {
    /// Every output `process` makes, as the plans of `thumbs`,
    /// `fourcut --per-day` and the day animations make them, day by day (so
    /// a day's sheet and animation follow its photos' decodes), then the
    /// photos without a date.
    /// Each still's fingerprint (`fingerprints`) is made from its thumbnail's image
    /// (a burst's other frames are fingerprinted before: `FolderProcess.fingerprintBursts`).
    func outputs(options: ProcessOptions, out: String, folder folderPath: String, encoderBytes: Int,
                 fingerprints: FingerprintOutputs? = nil) -> [PlannedOutput] {
        let root = AbsolutePath.of(out)
        var outputs: [PlannedOutput] = []
        var planned = Set<String>()
        // What every photo's thumbnails share, worked out once.
        let encoding = EncodingFormat.jpeg(JPEGEncodingOptions(quality: options.quality, optimizeHuffman: false))
            .marked(.thumbnail)
        // The thumbnail and large view as `thumbs` makes them; the preview as `GalleryViewEncoding` has it.
        let preview = GalleryViewEncoding.preview(quality: options.previewQuality)
        let views = [(options.thumbnailSize, encoding, options.quality), (options.largeSize, encoding, options.quality)]
            + (options.previewSize > 0 ? [(options.previewSize, preview, options.previewQuality)] : [])
        let sizes = views.map { size, encoding, quality in
            let resize = ImageProcessors.Resize(edge: size)
            return (resize: resize, encoding: encoding, recipe: OutputRecipe.thumbnailParameters(resize: resize, encoding: encoding),
                    catalog: ThumbnailOutputs.parameters(size: size, fit: .inside, upscale: false, format: encoding.format,
                                                         quality: quality, keepMetadata: false))
        }
        let xdgResizes = options.xdgRoot == nil ? [] : XDGThumbnailSize.allCases.map { ImageProcessors.Resize(edge: $0.pixels) }
        // Every input of a photo carries its own outputs' sizes, so that what is made of it
        // is the same whichever of its outputs are stale (and in a shard, which makes no days).
        func input(_ photo: Photo) -> ThumbnailOutputs.Photo {
            var input = Self.input(photo)
            input.chain = zip(sizes, [photo.thumbnail, photo.large, photo.preview]).compactMap { $1 == nil ? nil : $0.resize }
                + xdgResizes
            return input
        }
        func thumbnails(of photo: Photo) {
            guard planned.insert(photo.record.path).inserted else { return }
            let input = input(photo)
            for (size, path) in zip(sizes, [photo.thumbnail, photo.large, photo.preview]) {
                guard let path else { continue }
                outputs.append(ThumbnailOutputs.planned(input, resize: size.resize, encoding: size.encoding, recipeParameters: size.recipe,
                                                        path: root + "/" + path, root: root, parameters: size.catalog))
            }
            if let xdgRoot = options.xdgRoot {
                for size in XDGThumbnailSize.allCases { outputs.append(ThumbnailOutputs.freedesktop(input, size: size, root: xdgRoot)) }
            }
            if let output = fingerprints?.planned(input, record: photo.record, resize: sizes[0].resize, root: root) {
                outputs.append(output)
            }
        }
        for day in days {
            day.photos.forEach(thumbnails)
            let dayParameters = JSONValue.object([("day", .string(day.key))]).rendered
            if let sheet = day.fourCut {
                // `fourcut --per-day`'s plan at the gallery's settings: either command finds the other's sheet.
                outputs.append(FourCutPerDay.plannedSheet(ofDay: day.key, photos: day.distinctPhotos.map(input), options: options.fourCut,
                                                          quality: options.fourCutQuality, path: root + "/" + sheet, root: root,
                                                          parameters: dayParameters))
            }
            for (format, path) in day.animations {
                let settings = AnimationMaker.DaySettings(format: format, frameSize: day.animationSize(edge: options.animationEdge),
                                                          delay: options.animationDelay, gifSpeed: options.animationSpeed,
                                                          limits: options.limits, encoderBytes: encoderBytes)
                outputs.append(AnimationMaker.plannedDay(day.animationPhotos.map(input), settings: settings,
                                                         minimum: options.animationMinimum, path: root + "/" + path,
                                                         root: root, parameters: dayParameters))
            }
        }
        photos.forEach(thumbnails)
        // Clips last: each is long work on one file, best overlapped with the end of the rest.
        for photo in photos {
            guard let clip = photo.clip, let motion = photo.motionSource else { continue }
            let source = ThumbnailOutputs.Photo(catalogued: motion, at: folderPath + "/" + motion.path)
            outputs.append(ClipPreviewOutputs.planned(source, record: motion, path: root + "/" + clip, root: root,
                                                      limits: options.limits,
                                                      parameters: JSONValue.object([("clip", .string(motion.path))]).rendered))
        }
        return outputs
    }

    /// A catalogued photo as the recipes name it: by its content hash.
    static func input(_ photo: Photo) -> ThumbnailOutputs.Photo {
        ThumbnailOutputs.Photo(catalogued: photo.record, at: photo.source.path)
    }
}
