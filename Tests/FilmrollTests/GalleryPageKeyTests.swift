@testable import Filmroll
import Testing
import TestSupport

/// A page's recipe key is made from what it is made of, not from its
/// text: the same days give the same keys (and bytes), a change to a field
/// a page shows changes that page's key, and a page whose key is current is
/// not even rendered.
@Suite struct GalleryPageKeyTests {
    /// The sample days, each photo with its own page.
    static var days: [GalleryDay] {
        GallerySamples.days.map { day in
            var day = day
            for index in day.photos.indices { day.photos[index].page = "photos/\(day.date.iso)-\(index).html" }
            return day
        }
    }

    /// The keys of every file of the gallery of `days`, worked out without rendering a page.
    static func keys(_ days: [GalleryDay], options: GalleryOptions = GalleryOptions()) throws -> [String: String] {
        let folder = GalleryFolder()
        let pass = try GalleryWriter.pass(days: days, options: options, to: folder.path) { _, _ in true }
        #expect(pass.renderCount == 0 && pass.summary.written == 0)
        return pass.summary.keys
    }

    /// A change to one field of a photo.
    enum PhotoChange: String, CaseIterable {
        case name, thumbnail, large, thumbnailSize, largeSize, taken, camera, page, preview, previewSize, original
        case motion, burst, copies
        case takenSource, pixelSize, colorSpace, fileBytes, format, gps, place, video
        case exposureTime, fNumber, iso, focalLength, lens

        func apply(to photo: inout GalleryPhoto) {
            switch self {
            case .name: photo.name += "x"
            case .thumbnail: photo.thumbnail += "x"
            case .large: photo.large += "x"
            case .thumbnailSize: photo.thumbnailSize.width += 1
            case .largeSize: photo.largeSize.height += 1
            case .taken: photo.taken?.minute += 1
            case .camera: photo.camera = "Other"
            case .page: photo.page? += "x"
            case .preview: photo.preview = "preview.jpg"
            case .previewSize: photo.previewSize = PixelSize(width: 2048, height: 1536)
            case .original: photo.original = "../../IMG.jpg"
            case .takenSource: photo.details.takenSource = .fileTime
            case .exposureTime: photo.details.shooting.exposureTime = 0.01
            case .fNumber: photo.details.shooting.fNumber = 2.8
            case .iso: photo.details.shooting.iso = 400
            case .focalLength: photo.details.shooting.focalLength = 35
            case .lens: photo.details.shooting.lens = "50mm"
            case .pixelSize: photo.details.pixelSize = PixelSize(width: 4000, height: 3000)
            case .colorSpace: photo.details.colorSpace = "Display P3"
            case .fileBytes: photo.details.fileBytes = 1234
            case .format: photo.details.format = "JPEG"
            case .gps: photo.details.gps = GPSCoordinate(latitude: 37.5, longitude: 127)
            case .place: photo.details.place = "Seoul"
            case .video: photo.details.video = VideoFacts(durationSeconds: 2, codec: "hevc", frameRate: 30, hasAudio: true)
            case .motion: photo.motion = GalleryMotion(kind: .livePhoto, clip: "clip.mp4", durationSeconds: 2)
            case .burst: photo.burst = [GalleryBurstFrame(name: "B.jpg", original: nil)]
            case .copies: photo.copies = [GalleryBurstFrame(name: "Exports/A.png", original: nil)]
            }
        }
    }

    @Test func theSameDaysGiveTheSameKeysInAnyOrder() throws {
        #expect(try Self.keys(Self.days) == (try Self.keys(Self.days.reversed())))
        #expect(try Self.keys(Self.days).count == 3 + 1 + 2 + 4 + 12, "style, script, index, a year, two months, four days, twelve photos")
    }

    @Test(arguments: PhotoChange.allCases)
    func aChangedPhotoChangesItsPagesKeysAndNoOthers(change: PhotoChange) throws {
        // Given the second photo of 10 April changed in one field
        let before = try Self.keys(Self.days)
        var days = Self.days
        change.apply(to: &days[1].photos[1])
        let after = try Self.keys(days)

        // Then its day page's key changes, and its own page's (unless the page moved), and its neighbours' for its name
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        #expect(changed.contains("days/2025-04-10.html"))
        if change == .page {
            #expect(after["photos/2025-04-10-1.html"] == nil && after["photos/2025-04-10-1.htmlx"] != nil)
        } else {
            #expect(changed.contains("photos/2025-04-10-1.html"))
        }
        // And no page that does not show it: not the other days, months, year or index (unless the library
        // gets a map), nor photos further away
        var unaffected: Set = ["days/2025-03-30.html", "days/2025-04-11.html", "index.html", "months/2025-04.html",
                               "months/2025-03.html", "years/2025.html", "photos/2025-04-10-3.html", "style.css"]
        if change == .gps { unaffected.remove("index.html") }
        #expect(changed.isDisjoint(with: unaffected))
    }

    @Test func aChangedCoverChangesTheCalendarsThatShowIt() throws {
        let before = try Self.keys(Self.days)
        var days = Self.days
        days[1].photos[0].thumbnail = "thumbs/other.jpg"
        let after = try Self.keys(days)
        let changed = Set(before.keys.filter { before[$0] != after[$0] })
        #expect(changed == ["days/2025-04-10.html", "photos/2025-04-10-0.html", "months/2025-04.html", "years/2025.html",
                            "index.html"], "April's cover on its month's calendars and on its year's tile")
    }

    @Test func neighboursOptionsAndTheDaysMakingsChangeKeys() throws {
        let before = try Self.keys(Self.days)
        // A neighbour's name shows on a photo page
        var renamed = Self.days
        renamed[1].photos[2].name = "renamed.jpg"
        let afterRename = try Self.keys(renamed)
        #expect(afterRename["photos/2025-04-10-1.html"] != before["photos/2025-04-10-1.html"])
        #expect(afterRename["photos/2025-04-10-3.html"] != before["photos/2025-04-10-3.html"])
        #expect(afterRename["photos/2025-04-10-4.html"] == before["photos/2025-04-10-4.html"])
        // A day's sheet
        var sheet = Self.days
        sheet[2].fourCut = "fourcut/scan.jpg"
        #expect(try Self.keys(sheet)["days/2025-04-11.html"] != before["days/2025-04-11.html"])
        // The options change every page's key
        let korean = try Self.keys(Self.days, options: GalleryOptions(locale: .ko))
        #expect(korean.keys.filter { $0.hasSuffix(".html") }.allSatisfy { korean[$0] != before[$0] })
        #expect(try Self.keys(Self.days, options: GalleryOptions(title: "Other"))["index.html"] != before["index.html"])
    }

    @Test func aPhotoAndADayHoldWhatTheirFingerprintsCover() {
        // A field added to these types must be added to `PageFingerprint` and to `PhotoChange`.
        let photo = GallerySamples.photo("A.jpg", "2025-04-10", 9)
        #expect(Mirror(reflecting: photo).children.count == 15)
        #expect(Mirror(reflecting: photo.details).children.count == 9)
        #expect(Mirror(reflecting: photo.details.shooting).children.count == 5)
        // (`summary` enters the keys as the day's `count` and `route`.)
        #expect(Mirror(reflecting: GalleryDay(date: GallerySamples.date("2025-04-10"), photos: [])).children.count == 7)
        #expect(PhotoChange.allCases.count == (15 - 1) + (9 - 1) + 5, "each field of a photo, of its details and of their shooting")
    }

    @Test func anUnchangedGalleryRendersNothingAndAChangedOneOnlyItsPages() throws {
        // Given a written gallery and the keys it recorded
        let folder = GalleryFolder()
        let first = try GalleryWriter.pass(days: Self.days, to: folder.path)
        #expect(first.renderCount == first.summary.keys.count)
        let recorded = first.summary.keys

        // When it is written again with the same days, every key current
        let again = try GalleryWriter.pass(days: Self.days, to: folder.path) { path, key in recorded[path] == key }

        // Then no file is rendered, read or written
        #expect(again.renderCount == 0)
        #expect(again.summary.written == 0 && again.summary.unchanged == recorded.count)
        #expect(again.summary.keys == recorded)

        // And one more photo on 20 April renders its day, month, year, index, its page and its neighbour's only
        var grown = Self.days
        var photo = GallerySamples.photo("IMG_0299.JPG", "2025-04-20", 19)
        photo.page = "photos/2025-04-20-4.html"
        grown[3].photos.append(photo)
        let third = try GalleryWriter.pass(days: grown, to: folder.path) { path, key in recorded[path] == key }
        #expect(third.renderCount == 6)
        #expect(third.summary.writtenFiles.sorted() == ["days/2025-04-20.html", "index.html", "months/2025-04.html",
                                                        "photos/2025-04-20-3.html", "photos/2025-04-20-4.html", "years/2025.html"])
    }

    @Test func theLibraryMapsKeyFollowsItsDots() throws {
        func keys(_ latitude: Double) throws -> [String: String] {
            var days = Self.days
            days[0].photos[0].details.gps = GPSCoordinate(latitude: latitude, longitude: 127)
            return try Self.keys(days)
        }
        let base = try keys(37.5)
        #expect(base["map.svg"] != nil && base["days/2025-03-30-map.svg"] != nil)
        // A move within one dot of the library's map changes the day's map, not the library's
        let near = try keys(37.51)
        #expect(near["map.svg"] == base["map.svg"] && near["days/2025-03-30-map.svg"] != base["days/2025-03-30-map.svg"])
        // A move to another dot changes both
        #expect(try keys(38)["map.svg"] != base["map.svg"])
    }
}
