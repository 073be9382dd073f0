/// A photo in a fingerprint: every field of `GalleryPhoto` that any page
/// shows, so a page made from a photo (through its digest, `PhotoDigests`)
/// changes its key when the photo does.
extension PageFingerprint {
    mutating func add(_ photo: GalleryPhoto) {
        add(photo.name)
        add(photo.thumbnail)
        add(photo.large)
        add(photo.thumbnailSize)
        add(photo.largeSize)
        add(photo.taken)
        add(photo.camera)
        add(photo.page)
        add(photo.preview)
        add(photo.previewSize)
        add(photo.original)
        add(photo.details)
        add(photo.motion)
        add(photo.burst.count)
        for frame in photo.burst {
            add(frame.name)
            add(frame.original)
        }
        add(photo.copies.count)
        for copy in photo.copies {
            add(copy.name)
            add(copy.original)
        }
    }

    mutating func add(_ date: CaptureDate?) {
        guard let date else { return addNil() }
        add(((date.year * 100 + date.month) * 100 + date.day) * 1_000_000 + (date.hour * 100 + date.minute) * 100 + date.second)
        add(date.utcOffsetMinutes)
        add(date.hasTimeOfDay)
    }

    mutating func add(_ details: GalleryPhotoDetails) {
        add(details.takenSource?.rawValue)
        add(details.shooting.exposureTime)
        add(details.shooting.fNumber)
        add(details.shooting.iso)
        add(details.shooting.focalLength)
        add(details.shooting.lens)
        add(details.pixelSize)
        add(details.colorSpace)
        add(details.fileBytes)
        add(details.format)
        add(details.gps?.latitude)
        add(details.gps?.longitude)
        add(details.place)
        if let video = details.video {
            add(video.durationSeconds)
            add(video.codec)
            add(video.frameRate)
            add(video.hasAudio)
            add(video.soundPlaysInBrowsers)
        } else {
            addNil()
        }
    }

    mutating func add(_ motion: GalleryMotion?) {
        guard let motion else { return addNil() }
        add(motion.kind.rawValue)
        add(motion.clip)
        add(motion.durationSeconds)
    }
}
