#if canImport(Glibc)
import Glibc
#endif
import Catalog
@testable import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// Each photo and video of the Undated page has its own page, as a dated
/// photo has: the same details, a video playing its clip without the
/// script, links to the undated items before and after it and back to its
/// place on the Undated page, and a "Taken" row that says it has no date.
/// The pages are recorded and kept like other photo pages, in batches too,
/// and go when their item gains a date or is removed.
@Suite struct UndatedPhotoPagesTests {
    /// A dated photo, two stills with no date (just written, so their file
    /// time is no day) and an H.264 4:4:4 video with none, whose clip is made.
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            let plain = try Fixtures.bytes("names/with space.jpg")      // no date inside
            try Folders.create(folder + "/misc")
            try AtomicFile.write(try Fixtures.bytes("dated/IMG_0001.jpg"), to: folder + "/IMG_0001.jpg")
            try AtomicFile.write(plain, to: folder + "/misc/holiday.jpg")
            try AtomicFile.write(plain, to: folder + "/misc/scan.jpg")
            try AtomicFile.write(try FileBytes.read(Fixtures.root + "/Tests/Videos/yuv444.mp4"), to: folder + "/misc/zoom.mp4")
        }
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// The catalog's row id of the output at `relative` (to the gallery), nil when none.
    static func outputID(_ folder: String, _ relative: String) throws -> Int? {
        let catalog = try Catalog(folder: folder, access: .read)
        return try catalog.database.rows("SELECT id FROM outputs WHERE path = ?", [".filmroll/gallery/" + relative]).first?[0].int
    }

    @Test func eachUndatedItemHasAPageWithItsDetails() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0, "\(summary.failures)")
        let gallery = folder + "/.filmroll/gallery"

        // The Undated page links each item's page, in order of their names.
        let undated = try Self.text(gallery + "/undated.html")
        for name in ["holiday", "scan", "zoom"] {
            #expect(undated.contains("<li id=\"p-misc/\(name)\"><figure>\n<a href=\"photos/misc/\(name).html\""), "\(name)")
        }

        let holiday = try Self.text(gallery + "/photos/misc/holiday.html")
        #expect(holiday.contains("<title>holiday.jpg · Undated · "))
        #expect(holiday.contains(#"<li class="day"><a href="../../undated.html#p-misc/holiday">Undated</a></li>"#))
        #expect(!holiday.contains(#"rel="prev""#))
        #expect(holiday.contains(#"<a rel="next" href="../../photos/misc/scan.html">"#))
        #expect(holiday.contains("<dt>Taken</dt><dd>No date in the file or in its name</dd>"))
        // The details a dated photo's page gives.
        #expect(holiday.contains("<dt>Size</dt><dd>") && holiday.contains("<dt>File</dt><dd>JPEG · "))
        #expect(holiday.contains("<dt>Original</dt><dd><a href=\"../../../../misc/holiday.jpg\">"))

        let scan = try Self.text(gallery + "/photos/misc/scan.html")
        #expect(scan.contains(#"<a rel="prev" href="../../photos/misc/holiday.html">"#))
        #expect(scan.contains(#"<a rel="next" href="../../photos/misc/zoom.html">"#))

        // The video plays its clip without the script, and says what it is.
        let zoom = try Self.text(gallery + "/photos/misc/zoom.html")
        #expect(zoom.contains(#"<video src="../../clips/misc/zoom.mp4" poster="../../thumbs/misc/zoom_1024.jpg""#), "\(zoom)")
        #expect(FileBytes.exists(gallery + "/clips/misc/zoom.mp4"))
        #expect(zoom.contains("<dt>Video</dt><dd>H.264 (High 4:4:4)"))
        #expect(!zoom.contains(#"rel="next""#))

        // The dated photo's page is as it was: it links its day, and no undated item.
        let dated = try #require(try FileManager.default.contentsOfDirectory(atPath: gallery + "/photos").first { $0.hasSuffix(".html") })
        let datedPage = try Self.text(gallery + "/photos/" + dated)
        #expect(datedPage.contains(#"<li class="day"><a href="../days/"#) && !datedPage.contains("misc/"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)

        // Recorded as pages, and current on a re-run that plans a few days (their rows untouched).
        let ids = try ["holiday", "scan", "zoom"].map { try Self.outputID(folder, "photos/misc/\($0).html") }
        #expect(ids.allSatisfy { $0 != nil })
        let undatedPageID = try Self.outputID(folder, "undated.html")
        try AtomicFile.write(try Fixtures.bytes("dated/IMG_0002.jpg"), to: folder + "/IMG_0002.jpg")
        let again = try FolderProcess(folder: folder).run()
        #expect(again.scopedDays != nil && again.failed == 0)
        #expect(try ["holiday", "scan", "zoom"].map { try Self.outputID(folder, "photos/misc/\($0).html") } == ids)
        #expect(try Self.outputID(folder, "undated.html") == undatedPageID)
        #expect(FileBytes.exists(gallery + "/photos/misc/holiday.html"))
    }

    @Test func anItemThatGainsADateOrIsRemovedLosesItsUndatedPage() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery"

        // Dated by renaming: its old page goes, its new one links its day.
        #expect(rename(folder + "/misc/holiday.jpg", folder + "/misc/20240505_101010.jpg") == 0)
        var summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0)
        #expect(!FileBytes.exists(gallery + "/photos/misc/holiday.html"))
        #expect(try Self.outputID(folder, "photos/misc/holiday.html") == nil)
        let named = try Self.text(gallery + "/photos/misc/20240505_101010.html")
        #expect(named.contains(#"<li class="day"><a href="../../days/2024-05-05.html#p-misc/20240505_101010">"#))
        // The first undated item now has none before it.
        #expect(!(try Self.text(gallery + "/photos/misc/scan.html")).contains(#"rel="prev""#))

        // Removed (a re-run over its path alone): its page goes, the one before it ends the list.
        #expect(unlink(folder + "/misc/zoom.mp4") == 0)
        summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0 && summary.scopedDays != nil)
        #expect(!FileBytes.exists(gallery + "/photos/misc/zoom.html"))
        #expect(try Self.outputID(folder, "photos/misc/zoom.html") == nil)
        #expect(!(try Self.text(gallery + "/photos/misc/scan.html")).contains(#"rel="next""#))
        #expect(!(try Self.text(gallery + "/undated.html")).contains("zoom"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    /// A library written a batch of days at a time gives the undated items
    /// the pages one batch gives them, and its sweep keeps them.
    @Test func batchesGiveThemTheirPagesToo() throws {
        let whole = try Self.folder(), batched = try Self.folder()
        defer { FolderProcessTests.remove(whole); FolderProcessTests.remove(batched) }
        var options = ProcessOptions()
        #expect(try FolderProcess(folder: whole, options: options).run().failed == 0)
        options.batchItems = 1
        #expect(try FolderProcess(folder: batched, options: options).run().failed == 0)
        let expected = try GalleryBytes.of(whole), found = try GalleryBytes.of(batched)
        #expect(expected.keys.contains("photos/misc/scan.html") && Set(found.keys) == Set(expected.keys),
                "\(Set(found.keys).symmetricDifference(expected.keys).sorted())")
        #expect(expected.keys.filter { found[$0] != expected[$0] }.sorted().isEmpty)
    }

    /// A page without a day links the Undated page and names it in its title.
    @Test func aPageWithoutADayLinksTheUndatedPage() {
        var photo = GallerySamples.photo("download.jpg", "2025-04-20", 2)
        photo.taken = nil
        photo.page = "photos/download.html"
        var next = GallerySamples.photo("later.jpg", "2025-04-20", 3)
        next.page = "photos/later.html"
        let page = PhotoPage(photo: photo, day: nil, previous: nil, next: next, options: GalleryOptions())
        #expect(page.text.contains(#"<li class="day"><a href="../undated.html#p-download">Undated</a></li>"#))
        #expect(page.text.contains(#"<a rel="next" href="../photos/later.html">"#))
        #expect(page.text.contains("<dt>Taken</dt><dd>No date in the file or in its name</dd>"))
        let dated = PhotoPage(photo: photo, day: DayDate(iso: "2025-04-20"), previous: nil, next: next, options: GalleryOptions())
        #expect(dated.key != page.key)
        #expect(!dated.text.contains("undated.html") && !dated.text.contains("No date in the file"))
    }
}
