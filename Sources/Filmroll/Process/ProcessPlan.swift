/// Which outputs a folder's photos call for, and their names: thumbnails
/// per photo, a four-cut sheet and an animation per day.
struct ProcessPlan {
    /// One catalogued photo and where its thumbnails go.
    struct Photo {
        var record: PhotoRecord
        var source: SourceIdentity
        /// Relative to the output folder.
        var thumbnail: String
        var large: String
        /// The photo page's preview for high-density screens, when the photo is larger than the large view.
        var preview: String?
        /// The photo's page ("photos/2025/IMG_0001.html").
        var page: String
        /// A Live Photo's MOV.
        var liveVideo: PhotoRecord?
        /// Its position lies in a hidden place (`ProcessOptions.hiddenPlaces`): `record.gps` is
        /// cleared, and its original is not copied.
        var hidesPosition = false
        /// The clip its page plays, made for browsers (`ClipPreviewOutputs`), when it needs one.
        var clip: String?
        /// The other frames of the burst it stands for, in time order.
        var burstFrames: [PhotoRecord] = []
        /// The other copies of its picture (it is their set's best), by path.
        var copies: [PhotoRecord] = []

        /// The catalogued file whose video the page plays: the item itself
        /// (a video, a motion photo) or a Live Photo's MOV; nil for a still.
        var motionSource: PhotoRecord? {
            liveVideo ?? (record.isVideo || record.motionPhoto != nil ? record : nil)
        }
    }

    struct Day {
        /// "YYYY-MM-DD"
        var key: String
        var photos: [Photo]
        /// Its photos with one of each burst or similar group (`SimilarLinks.distinct`): its sheet's.
        var distinctPhotos: [Photo]
        /// The photos of its animation, when it has one.
        var animationPhotos: [Photo]
        var fourCut: String?
        /// Its animation in each format asked for, when it has one; the gallery shows the first.
        var animations: [(format: ImageFormat, path: String)]

        var animation: String? { animations.first?.path }

        /// The animation's frame: the dominant shape of its photos (see
        /// `AnimationCanvas.init(dominantShapeOf:edge:)`) with its long side
        /// `edge`, the short side made even (as thumbnails are sized by their
        /// long side, and as the page shows a portrait no taller).
        func animationSize(edge: Int) -> PixelSize {
            AnimationCanvas(dominantShapeOf: (animationPhotos.isEmpty ? photos : animationPhotos).map(\.record.size),
                            edge: edge).size
        }
    }

    var photos: [Photo]
    var days: [Day]

    /// - Parameter liveVideos: the MOVs of Live Photos, by their still's row id.
    ///   - burstFrames: the other frames of each burst, by the row id of the one that stands for it.
    ///   - sharedStems: the stems several items share, when `records` are some of them (`sharedStems(_:)` of every item's path).
    ///   - similar: the copies of each set's best, and the groups of which a sheet or animation shows one photo.
    init(records: [PhotoRecord], liveVideos: [Int64: PhotoRecord] = [:], burstFrames: [Int64: [PhotoRecord]] = [:],
         similar: SimilarLinks = SimilarLinks(), sharedStems: Set<String>? = nil, folder: String, options: ProcessOptions) {
        let shared = sharedStems ?? Self.sharedStems(records.map(\.path))
        photos = records.map { found in
            var record = found
            let hidden = options.hiddenPlaces.hides(record.gps)
            if hidden { record.gps = nil }
            let stem = Self.stem(of: record.path, sharedStems: shared)
            var photo = Photo(record: record,
                         source: SourceIdentity(path: folder + "/" + record.path, byteCount: record.byteCount,
                                                modificationTimeNanoseconds: record.modificationTimeNanoseconds),
                         thumbnail: "thumbs/" + FittedFileName.of(stem, suffix: "_\(options.thumbnailSize).jpg"),
                         large: "thumbs/" + FittedFileName.of(stem, suffix: "_\(options.largeSize).jpg"),
                         preview: options.previewSize > options.largeSize
                             && max(record.size?.width ?? 0, record.size?.height ?? 0) > options.largeSize
                             ? "thumbs/" + FittedFileName.of(stem, suffix: "_\(options.previewSize).jpg") : nil,
                         page: "photos/" + FittedFileName.of(stem, suffix: ".html"))
            photo.hidesPosition = hidden
            photo.liveVideo = liveVideos[record.id]
            photo.burstFrames = burstFrames[record.id] ?? []
            photo.copies = similar.copies[record.id] ?? []
            if let motion = photo.motionSource, ClipPreviewOutputs.needsPreview(motion) { photo.clip = "clips/" + FittedFileName.of(stem, suffix: ".mp4") }
            return photo
        }
        var byDay: [String: [Photo]] = [:]
        for photo in photos {
            // A file time is when the file was copied or saved: such a photo is undated (`UndatedPage`).
            guard let taken = photo.record.takenAt, taken.count >= 10, !photo.record.isUndated else { continue }
            byDay[String(taken.prefix(10)), default: []].append(photo)
        }
        days = byDay.keys.sorted().map { key in
            let photos = byDay[key]!.sorted { ($0.record.takenAt ?? "", $0.record.path) < ($1.record.takenAt ?? "", $1.record.path) }
            let distinct = similar.distinct(photos) { $0.record.id }
            let frames = distinct.count >= options.animationMinimum ? DaySpread.pick(distinct, count: options.animationMaximum) : []
            return Day(key: key, photos: photos, distinctPhotos: distinct, animationPhotos: frames,
                       fourCut: distinct.count >= options.fourCutMinimum ? "days/" + FourCutPerDay.fileName(ofDay: key) : nil,
                       animations: distinct.count >= options.animationMinimum
                           ? options.animationFormats.map { ($0, "days/" + Self.animationName(ofDay: key, format: $0)) } : [])
        }
    }

    /// Stems (relative paths without extension) that several photos share:
    /// `IMG_0001.HEIC` beside `IMG_0001.JPG` keep their extension in the name.
    static func sharedStems(_ paths: [String]) -> Set<String> {
        var seen = Set<Substring>(minimumCapacity: paths.count)
        var shared = Set<String>()
        for path in paths {
            let utf8 = path.utf8
            var stem = Substring(path)
            if let dot = utf8.lastIndex(of: UInt8(ascii: ".")), !utf8[dot...].contains(UInt8(ascii: "/")) {
                stem = path[..<dot]
            }
            if !seen.insert(stem).inserted { shared.insert(String(stem)) }
        }
        return shared
    }

    /// The page of the photo at `path` ("photos/2025/IMG_0001.html"), as the plan names it.
    static func page(of path: String, sharedStems: Set<String>) -> String {
        "photos/" + FittedFileName.of(stem(of: path, sharedStems: sharedStems), suffix: ".html")
    }

    /// What the plan names the photo at `path`'s outputs by: its path without
    /// the extension, with the extension kept ("IMG_0001_heic") when another
    /// photo shares the stem.
    static func stem(of path: String, sharedStems: Set<String>) -> String {
        let (stem, sourceExtension) = split(path)
        guard sharedStems.contains(stem), let sourceExtension else { return stem }
        return stem + "_" + sourceExtension.lowercased()
    }

    /// "2025-04-10.gif": a day's animation in `format`, by its writer's extension.
    static func animationName(ofDay day: String, format: ImageFormat) -> String {
        day + "." + (ImageEncoders.animationWriter(for: format)?.preferredExtension ?? format.rawValue)
    }

    static func split(_ path: String) -> (stem: String, extension: String?) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return (path, nil) }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }
}
