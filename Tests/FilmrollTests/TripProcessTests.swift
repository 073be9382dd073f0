#if canImport(Glibc)
import Glibc
#endif
import Catalog
@testable import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// A folder processed with photos at home in Seoul on 1–3 April and in
/// Helsinki on 5–7 April: one trip page and map, recorded, the same in
/// batches, swept when the trip's photos go; hidden places on no map.
@Suite struct TripProcessTests {
    /// A photo taken at `taken` ("2025:04:05 10:00:00") at latitude, longitude (degrees north and east).
    static func photo(taken: String, _ position: (Double, Double)) throws -> [UInt8] {
        func degrees(_ value: Double) -> EXIFBuilder.Value {
            let whole = UInt32(value), minutes = (value - Double(UInt32(value))) * 60
            let wholeMinutes = UInt32(minutes), milliseconds = (minutes - Double(wholeMinutes)) * 60_000
            let one: UInt32 = 1, thousand: UInt32 = 1000
            return .rationals([(whole, one), (wholeMinutes, one), (UInt32(milliseconds.rounded()), thousand)])
        }
        var exif = EXIFBuilder()
        exif.exif[0x9003] = .ascii(taken)
        exif.gps[0x0001] = .ascii("N")
        exif.gps[0x0002] = degrees(position.0)
        exif.gps[0x0003] = .ascii("E")
        exif.gps[0x0004] = degrees(position.1)
        let pixels = (0..<64 * 48 * 3).map { UInt8(truncatingIfNeeded: $0 / 5 + position.0.exponent) }
        return try ImageEncoder.encode(Image(width: 64, height: 48, format: .rgb8, pixels: pixels),
                                       as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    static let espoo = (60.2055, 24.6559)

    /// Two photos a day: Seoul on the 1st to 3rd, Helsinki on the 5th to 7th (and Espoo on the 6th).
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            for day in 1...3 {
                try AtomicFile.write(try photo(taken: "2025:04:0\(day) 10:00:00", (37.5665, 126.978)), to: folder + "/seoul-\(day)a.jpg")
                try AtomicFile.write(try photo(taken: "2025:04:0\(day) 15:00:00", (37.5700, 126.990)), to: folder + "/seoul-\(day)b.jpg")
            }
            for day in 5...7 {
                try AtomicFile.write(try photo(taken: "2025:04:0\(day) 10:00:00", (60.1675, 24.9460)), to: folder + "/helsinki-\(day)a.jpg")
                try AtomicFile.write(try photo(taken: "2025:04:0\(day) 15:00:00", day == 6 ? espoo : (60.1800, 24.9300)),
                                     to: folder + "/helsinki-\(day)b.jpg")
            }
        }
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func aTripAwayFromHomeHasItsPageAndMapAndARerunWithoutItsPhotosSweepsThem() throws {
        let folder = try Self.folder(), batched = try Self.folder()
        defer { FolderProcessTests.remove(folder); FolderProcessTests.remove(batched) }
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        let gallery = folder + "/.filmroll/gallery"
        let page = try Self.text(gallery + "/trips/2025-04-05.html")
        #expect(page.contains("<h1>Helsinki, 5–7 April 2025</h1>"))
        let map = try Self.text(gallery + "/trips/2025-04-05-map.svg")
        #expect(TripMapTests.links(in: map) == ["../days/2025-04-05.html", "../days/2025-04-06.html", "../days/2025-04-07.html"])
        #expect(map.utf8.count <= 400_000)
        for day in 5...7 {
            #expect(try Self.text(gallery + "/days/2025-04-0\(day).html").contains("href=\"../trips/2025-04-05.html\""))
        }
        for day in 1...3 { #expect(!(try Self.text(gallery + "/days/2025-04-0\(day).html")).contains("trips/")) }
        #expect(try Self.text(gallery + "/index.html").contains("<a href=\"trips/2025-04-05.html\">Helsinki, 5–7 April 2025</a>"))
        // Recorded as the gallery's pages are.
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.database.rows("SELECT path FROM outputs WHERE path LIKE '%trips/2025-04-05%'").count == 2)

        // Written a day at a time, the same bytes.
        var options = ProcessOptions()
        options.batchItems = 1
        #expect(try FolderProcess(folder: batched, options: options).run().failed == 0)
        let whole = try GalleryBytes.of(folder), inBatches = try GalleryBytes.of(batched)
        #expect(Set(whole.keys) == Set(inBatches.keys), "\(Set(whole.keys).symmetricDifference(inBatches.keys).sorted())")
        #expect(whole.keys.filter { whole[$0] != inBatches[$0] }.sorted().isEmpty)

        // The trip's photos deleted: a re-run sweeps its page and map, and no page links them.
        for day in 5...7 {
            for part in ["a", "b"] { #expect(unlink(folder + "/helsinki-\(day)\(part).jpg") == 0) }
        }
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        #expect(!FileBytes.exists(gallery + "/trips/2025-04-05.html") && !FileBytes.exists(gallery + "/trips/2025-04-05-map.svg"))
        #expect(!(try Self.text(gallery + "/index.html")).contains("trips/"))
        let after = try Catalog(folder: folder, access: .read)
        #expect(try after.database.rows("SELECT path FROM outputs WHERE path LIKE '%trips/%'").isEmpty)
    }

    @Test func hiddenPlacesAreOnNeitherTheIndexMapNorATripMap() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let gallery = folder + "/.filmroll/gallery"
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        let shown = try Self.text(gallery + "/trips/2025-04-05-map.svg")
        #expect(PageLinkScanner.count(of: "<circle class=\"stop", in: shown) == 6)

        // Espoo hidden: the trip map draws five points, and nothing names it.
        var options = ProcessOptions()
        options.hiddenPlaces = HiddenPlaces([HiddenPlace(latitude: Self.espoo.0, longitude: Self.espoo.1, kilometres: 2)])
        #expect(try FolderProcess(folder: folder, options: options).run().failed == 0)
        let hidden = try Self.text(gallery + "/trips/2025-04-05-map.svg")
        #expect(PageLinkScanner.count(of: "<circle class=\"stop", in: hidden) == 5)

        // Home hidden: the index's map has Helsinki alone, and no trip is drawn from a place it cannot show.
        options.hiddenPlaces = HiddenPlaces([HiddenPlace(latitude: 37.5665, longitude: 126.978, kilometres: 5),
                                             HiddenPlace(latitude: Self.espoo.0, longitude: Self.espoo.1, kilometres: 2)])
        #expect(try FolderProcess(folder: folder, options: options).run().failed == 0)
        #expect(!FileBytes.exists(gallery + "/trips/2025-04-05.html"))
        let world = try Self.text(gallery + "/map.svg")
        #expect(TripMapTests.links(in: world).count == 1 && world.contains("aria-label=\"Helsinki, Uusimaa, Finland: 3 days\""))
        for (path, bytes) in try GalleryBytes.of(folder) where path.hasSuffix(".html") || path.hasSuffix(".svg") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("Seoul") && !text.contains("Espoo"), "\(path)")
        }
    }
}
