extension ProcessPlan {
    /// Every output the plan calls for, relative to the output folder.
    var expectedOutputs: Set<String> {
        var expected = Set(photos.flatMap { [$0.thumbnail, $0.large] })
        for day in days {
            if let fourCut = day.fourCut { expected.insert(fourCut) }
            for animation in day.animations { expected.insert(animation.path) }
        }
        return expected
    }

    /// The gallery's view of the days, linking only files that are there: a
    /// photo whose thumbnails were not made (`notMade`, absolute paths) is
    /// left out, and a sheet or animation shows only when its file exists.
    func galleryDays(options: ProcessOptions, out: String, notMade: Set<String> = []) -> [GalleryDay] {
        let root = AbsolutePath.of(out) + "/"
        func isThere(_ path: String?) -> Bool {
            guard let path else { return false }
            return !notMade.contains(root + path) && FileBytes.exists(root + path)
        }
        return days.compactMap { day in
            guard let date = DayDate(iso: day.key) else { return nil }
            let photos = day.photos.filter { !notMade.contains(root + $0.thumbnail) && !notMade.contains(root + $0.large) }
                .map { photo in
                    let upright = photo.record.size ?? PixelSize(width: 1, height: 1)
                    return GalleryPhoto(
                        name: String(photo.record.path.split(separator: "/").last ?? ""),
                        thumbnail: photo.thumbnail, large: photo.large,
                        thumbnailSize: TargetSize.edge(options.thumbnailSize).resultSize(for: upright),
                        largeSize: TargetSize.edge(options.largeSize).resultSize(for: upright),
                        taken: photo.record.takenAt.flatMap { CaptureDate(iso8601: $0) },
                        camera: photo.record.camera)
                }
            let sheet = isThere(day.fourCut) ? day.fourCut : nil
            let animation = isThere(day.animation) ? day.animation : nil
            return GalleryDay(date: date, photos: photos,
                              fourCut: sheet, fourCutSize: sheet == nil ? nil : options.fourCut.layout.canvas,
                              animation: animation,
                              animationSize: animation == nil ? nil : day.animationSize(edge: options.animationEdge))
        }
    }
}
