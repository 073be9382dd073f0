extension ProcessPlan {
    /// Every output the plan calls for, relative to the output folder.
    var expectedOutputs: Set<String> {
        var expected = Set(photos.flatMap { [$0.thumbnail, $0.large] + [$0.preview, $0.clip].compactMap { $0 } })
        for day in days {
            if let fourCut = day.fourCut { expected.insert(fourCut) }
            for animation in day.animations { expected.insert(animation.path) }
        }
        return expected
    }

    /// The gallery's view of the days, linking only files that are there: a
    /// photo whose thumbnails were not made (`notMade`, absolute paths) is
    /// left out, and a sheet or animation shows only when its file exists.
    func galleryDays(options: ProcessOptions, out: String, folder: String, notMade: Set<String> = [],
                     copiedOriginals: Set<String> = []) -> [GalleryDay] {
        let root = AbsolutePath.of(out) + "/"
        // (with copies, for a photo of a hidden place, which is not copied)
        let toOriginals = options.originals != .none ? FolderLink.relative(from: out, to: folder) : nil
        func isThere(_ path: String?) -> Bool {
            guard let path else { return false }
            return !notMade.contains(root + path) && FileBytes.exists(root + path)
        }
        return days.compactMap { day in
            guard let date = DayDate(iso: day.key) else { return nil }
            let photos = day.photos.filter { !notMade.contains(root + $0.thumbnail) && !notMade.contains(root + $0.large) }
                .map { Self.galleryPhoto($0, options: options, toOriginals: toOriginals, copiedOriginals: copiedOriginals,
                                         isThere: isThere) }
            let sheet = isThere(day.fourCut) ? day.fourCut : nil
            let animation = isThere(day.animation) ? day.animation : nil
            return GalleryDay(date: date, photos: photos,
                              fourCut: sheet, fourCutSize: sheet == nil ? nil : options.fourCut.layout.canvas,
                              animation: animation,
                              animationSize: animation == nil ? nil : day.animationSize(edge: options.animationEdge))
        }
    }

    /// `photo` as the gallery shows it, with every detail its page gives:
    /// its views (the preview when `isThere`), page, original, the catalog's
    /// facts, its motion and its burst's other frames.
    /// - Parameter toOriginals: the originals' folder relative to the gallery's, when linked (or copied).
    static func galleryPhoto(_ photo: Photo, options: ProcessOptions, toOriginals: String?, copiedOriginals: Set<String>,
                             isThere: (String?) -> Bool) -> GalleryPhoto {
        let record = photo.record
        let upright = record.size ?? PixelSize(width: 1, height: 1)
        var shown = GalleryPhoto(
            name: String(record.path.split(separator: "/").last ?? ""),
            thumbnail: photo.thumbnail, large: photo.large,
            thumbnailSize: TargetSize.edge(options.thumbnailSize).resultSize(for: upright),
            largeSize: TargetSize.edge(options.largeSize).resultSize(for: upright),
            taken: record.takenISO8601.flatMap { CaptureDate(iso8601: $0) },
            camera: record.camera)
        shown.page = photo.page
        if isThere(photo.preview) {
            shown.preview = photo.preview
            shown.previewSize = TargetSize.edge(options.previewSize).resultSize(for: upright)
        }
        switch options.originals {
        case .link: shown.original = toOriginals.map { $0 + record.path }
        case .copy where photo.hidesPosition: shown.original = toOriginals.map { $0 + record.path }
        case .copy: shown.original = copiedOriginals.contains(record.path) ? OriginalCopies.folder + "/" + record.path : nil
        case .none: shown.original = nil
        }
        shown.details.takenSource = record.takenSource ?? (record.takenFromModificationTime ? .fileTime : nil)
        shown.details.shooting = record.shooting
        shown.details.pixelSize = record.size
        shown.details.colorSpace = record.colorSpace.map(ColorSpaceName.readable)
        shown.details.fileBytes = record.byteCount
        shown.details.format = record.format.map { ImageFormat(rawValue: $0).displayName }
        shown.details.gps = record.gps
        shown.details.place = PlaceNamer(options).name(record.gps)?.description
        shown.details.video = photo.motionSource?.video
        shown.motion = motion(of: photo, toOriginals: options.originals == .link ? toOriginals : nil, isThere: isThere)
        shown.burst = photo.burstFrames.map { frame in
            GalleryBurstFrame(name: String(frame.path.split(separator: "/").last ?? ""),
                              original: options.originals == .link ? toOriginals.map { $0 + frame.path } : nil)
        }
        shown.copies = photo.copies.map { copy in
            GalleryBurstFrame(name: copy.path, original: options.originals == .link ? toOriginals.map { $0 + copy.path } : nil)
        }
        return shown
    }

    /// What moves in `photo` and the clip its page plays: the preview made
    /// for browsers, else the original when browsers play it and it is linked.
    static func motion(of photo: Photo, toOriginals: String?, isThere: (String?) -> Bool) -> GalleryMotion? {
        guard let source = photo.motionSource else { return nil }
        let kind: GalleryMotion.Kind = photo.liveVideo != nil ? .livePhoto : photo.record.isVideo ? .video : .motionPhoto
        var clip: String?
        if isThere(photo.clip) {
            clip = photo.clip
        } else if photo.clip == nil, source.video?.playsInBrowsers == true, let toOriginals {
            clip = toOriginals + source.path
        }
        return GalleryMotion(kind: kind, clip: clip, durationSeconds: source.video?.durationSeconds)
    }
}
