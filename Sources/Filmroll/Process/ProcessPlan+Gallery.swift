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

    /// The gallery's view of the days.
    func galleryDays(options: ProcessOptions) -> [GalleryDay] {
        days.compactMap { day in
            guard let date = DayDate(iso: day.key) else { return nil }
            let photos = day.photos.map { photo in
                let upright = photo.record.size ?? PixelSize(width: 1, height: 1)
                return GalleryPhoto(
                    name: String(photo.record.path.split(separator: "/").last ?? ""),
                    thumbnail: photo.thumbnail, large: photo.large,
                    thumbnailSize: TargetSize.edge(options.thumbnailSize).resultSize(for: upright),
                    largeSize: TargetSize.edge(options.largeSize).resultSize(for: upright),
                    taken: photo.record.takenAt.flatMap { CaptureDate(iso8601: $0) },
                    camera: photo.record.camera)
            }
            let sheet = options.fourCut.layout.canvas
            return GalleryDay(date: date, photos: photos,
                              fourCut: day.fourCut, fourCutSize: day.fourCut == nil ? nil : sheet,
                              animation: day.animation,
                              animationSize: day.animation == nil ? nil : day.animationSize(edge: options.animationEdge))
        }
    }
}
