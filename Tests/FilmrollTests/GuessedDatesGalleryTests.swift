#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// A photo dated by its name sits on that day, marked as a guess on its
/// day, month and photo pages; so does one whose file time a copy kept from
/// an earlier file. One with no date but the time it was copied here sits on
/// no day, but on the Undated page the index links.
@Suite struct GuessedDatesGalleryTests {
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            let plain = try Fixtures.bytes("names/with space.jpg")      // no date inside
            try Folders.create(folder + "/WhatsApp")
            try Folders.create(folder + "/misc")
            try AtomicFile.write(plain, to: folder + "/WhatsApp/IMG-20240504-WA0001.jpg")
            try AtomicFile.write(plain, to: folder + "/misc/holiday.jpg")
            try AtomicFile.write(try Fixtures.bytes("dated/IMG_0001.jpg"), to: folder + "/IMG_0001.jpg")
            // As `cp -p` leaves it: the time of the file it was copied from, years before.
            try AtomicFile.write(plain, to: folder + "/misc/scan.jpg")
            try Self.setFileTime(folder + "/misc/scan.jpg", year: 2020, month: 1, day: 2)
        }
    }

    /// Sets a file's modification time to noon of a day, local time.
    static func setFileTime(_ path: String, year: Int, month: Int, day: Int) throws {
        var noon = tm()
        (noon.tm_year, noon.tm_mon, noon.tm_mday, noon.tm_hour, noon.tm_isdst) = (Int32(year - 1900), Int32(month - 1), Int32(day), 12, -1)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: TimeInterval(mktime(&noon)))],
                                              ofItemAtPath: path)
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func namedDatesAreMarkedAndTheUndatedHaveTheirPage() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0)
        let gallery = folder + "/.filmroll/gallery"

        // The name's day, marked.
        let day = try Self.text(gallery + "/days/2024-05-04.html")
        #expect(day.contains("IMG-20240504-WA0001.jpg"))
        #expect(day.contains(#"<span class="guess" title="date from the file name" aria-hidden="true">≈</span>"#))
        #expect(day.contains(#"<span class="visually-hidden"> (date from the file name)</span>"#))
        let month = try Self.text(gallery + "/months/2024-05.html")
        #expect(month.contains(#"class="guess""#) && month.contains("(date from the file name)"))
        let photoPage = try Self.text(gallery + "/photos/WhatsApp/IMG-20240504-WA0001.html")
        #expect(photoPage.contains("(time unknown · date from the file name)"))

        // The kept file time's day, marked.
        let kept = try Self.text(gallery + "/days/2020-01-02.html")
        #expect(kept.contains("scan.jpg") && kept.contains(#"<span class="visually-hidden"> (date from the file&#39;s time)</span>"#))

        // The dated photo's day carries no mark.
        let dayPages = try FileManager.default.contentsOfDirectory(atPath: gallery + "/days").filter { $0.hasSuffix(".html") }.sorted()
        let datedDay = try #require(dayPages.first { $0 != "2024-05-04.html" && $0 != "2020-01-02.html" })
        #expect(!(try Self.text(gallery + "/days/" + datedDay)).contains(#"class="guess""#))

        // The undated photo is on no day (not on the day it was copied), but on the Undated page.
        #expect(dayPages.count == 3)
        for page in dayPages { #expect(!(try Self.text(gallery + "/days/" + page)).contains("holiday")) }
        let undated = try Self.text(gallery + "/undated.html")
        #expect(undated.contains("holiday.jpg") && !undated.contains("IMG-20240504"))
        #expect(try Self.text(gallery + "/index.html").contains(#"<a href="undated.html">1 undated</a>"#))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)

        // Dated by renaming, it leaves the Undated page, and the page goes.
        #expect(rename(folder + "/misc/holiday.jpg", folder + "/misc/20240505_101010.jpg") == 0)
        _ = try FolderProcess(folder: folder).run()
        #expect(!FileBytes.exists(gallery + "/undated.html"))
        #expect(try Self.text(gallery + "/days/2024-05-05.html").contains("20240505_101010.jpg"))
        #expect(!(try Self.text(gallery + "/index.html")).contains("undated.html"))
    }
}

/// The problems page names files by their place in the folder, says what is
/// wrong and what to do, fits a phone's width, and leaves the sidecars
/// beside their photos out but for a count.
@Suite struct ProblemsPageReasonTests {
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            let whole = try Fixtures.bytes("dated/IMG_0001.jpg")
            try Folders.create(folder + "/DCIM/100APPLE")
            try AtomicFile.write(whole, to: folder + "/DCIM/100APPLE/IMG_0001.JPG")
            try AtomicFile.write(Array("<plist/>".utf8), to: folder + "/DCIM/100APPLE/IMG_0001.AAE")
            try AtomicFile.write(Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8), to: folder + "/DCIM/100APPLE/IMG_0001.xmp")
            try AtomicFile.write(Array(whole.prefix(700)), to: folder + "/DCIM/100APPLE/IMG_0002.JPG")
            try AtomicFile.write(Array("<plist/>".utf8), to: folder + "/DCIM/100APPLE/IMG_O0002.AAE")
        }
    }

    @Test func onlyTheTruncatedFileIsListedInPlainWords() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failures.map(\.path) == [folder + "/DCIM/100APPLE/IMG_0002.JPG"])
        #expect(summary.index.skipped.allSatisfy(\.isSidecar) && summary.index.skipped.count == 3)
        let page = try String(contentsOfFile: folder + "/.filmroll/gallery/problems.html", encoding: .utf8)
        let items = page.components(separatedBy: "<li>").dropFirst()
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(item.hasPrefix(#"<span class="name"><bdi>DCIM/100APPLE/IMG_0002.JPG</bdi></span>"#))
        #expect(item.contains(#"<span class="why">The file is cut short.</span>"#))
        #expect(item.contains(#"<span class="advice">Copy it again from the camera or phone.</span>"#))
        #expect(item.contains("truncated JPEG"))
        #expect(!page.contains(folder))
        #expect(!page.contains(".AAE") && !page.contains(".xmp"))
        #expect(page.contains("3 edit and sidecar files beside their photos, left as they are"))
    }
}
