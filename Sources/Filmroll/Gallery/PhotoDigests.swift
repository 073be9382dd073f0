/// The digest of each photo's fields (`PageFingerprint.add(_: GalleryPhoto)`),
/// worked out once per write and shared by the pages that show the photo:
/// its own page, its day's, the "On this day" page, a calendar or a year
/// whose cover it is. A page's fingerprint holds these 32 hex digits, not
/// the fields again.
final class PhotoDigests {
    /// By day; a gallery holds one day per date (`GalleryWriter.normalized`).
    private var byDay: [DayDate: [String]] = [:]

    init() {}

    /// The digests of `day`'s photos, in order.
    func of(_ day: GalleryDay) -> [String] {
        if let known = byDay[day.date], known.count == day.photos.count { return known }
        let digests = day.photos.map(Self.digest)
        byDay[day.date] = digests
        return digests
    }

    /// The digest of one photo's fields.
    static func digest(_ photo: GalleryPhoto) -> String {
        var fingerprint = PageFingerprint()
        fingerprint.add(photo)
        return fingerprint.digest
    }
}
