#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// Every photo has a page: at screen size with a preview for high-density
/// screens, its neighbours across days, its day, its details and its original.
@Suite struct PhotoPageTests {
    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func pagesLinkNeighboursAcrossDaysTheirDayAndTheOriginal() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        // A large photo without any date: its page says where the date came from.
        let big = Image(width: 2400, height: 1600, format: .rgb8, pixels: [UInt8](repeating: 90, count: 2400 * 1600 * 3))
        try AtomicFile.write(try ImageEncoder.encode(big, as: .jpeg(JPEGEncodingOptions(quality: 70))), to: folder + "/big one.jpg")
        FileTimes.setKept(folder + "/big one.jpg")   // its day is its file time's, kept by a copy
        // A photo with a position (Seoul) on 2025-04-10 at 14:30: its day gets a map, its page the coordinates.
        try AtomicFile.write(try Fixtures.bytes("jpeg/photo.jpg"), to: folder + "/gps.jpg")
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery"
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)

        // IMG_0003 is the last photo of 04-10; the next is IMG_0004, the first of 04-11.
        let third = try Self.text(gallery + "/photos/IMG_0003.html")
        #expect(third.contains("<a rel=\"next\" href=\"../photos/IMG_0004.html\">"))
        #expect(third.contains("<a rel=\"prev\" href=\"../photos/gps.html\">"))
        #expect(FileBytes.exists(gallery + "/days/2025-04-10-map.svg") && FileBytes.exists(gallery + "/map.svg"))
        #expect(try Self.text(gallery + "/photos/gps.html").contains("<dt>Place</dt><dd>Seoul, South Korea (37.5665° N, 126.978° E)</dd>"))
        #expect(try Self.text(gallery + "/days/2025-04-10.html").contains("<p class=\"places\"><bdi>Seoul, South Korea</bdi></p>"))
        #expect(third.contains("href=\"../days/2025-04-10.html#p-IMG_0003\""))
        #expect(third.contains("Thursday, 10 April 2025, 18:05:10, UTC+09:00"))
        #expect(third.contains("<dt>Camera</dt><dd>Filmroll Fixture Cam</dd>"))
        #expect(third.contains("<a href=\"../../../IMG_0003.jpg\">Open the original</a>"))
        #expect(third.contains("<script src=\"../gallery.js\"></script>"))
        let day = try Self.text(gallery + "/days/2025-04-10.html")
        #expect(day.contains("<li id=\"p-IMG_0003\"><figure>\n<a href=\"../photos/IMG_0003.html\" data-view=\"../thumbs/IMG_0003_1024.jpg\""))

        // The big one: a 1512 px preview offered to screens that can use it, and its date's source said.
        let bigPage = try Self.text(gallery + "/photos/big one.html")
        #expect(bigPage.contains("srcset=\"../thumbs/big%20one_1024.jpg 1024w, ../thumbs/big%20one_1512.jpg 1512w\""))
        #expect(bigPage.contains("(date from the file&#39;s time)") || bigPage.contains("(date from the file's time)"))
        #expect(bigPage.contains("<dt>Size</dt><dd>2400 × 1600 pixels</dd>"))
        let preview = try ImageDecoder.readInfo(contentsOf: gallery + "/thumbs/big one_1512.jpg")
        #expect(preview.storedSize == PixelSize(width: 1512, height: 1008))
        #expect(!FileBytes.exists(gallery + "/thumbs/IMG_0001_1512.jpg"))   // no preview larger than the photo needs

        // A photo gone takes its page and preview with it.
        #expect(unlink(folder + "/big one.jpg") == 0)
        _ = try FolderProcess(folder: folder).run()
        #expect(!FileBytes.exists(gallery + "/photos/big one.html"))
        #expect(!FileBytes.exists(gallery + "/thumbs/big one_1512.jpg"))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    /// A gallery elsewhere links the originals back into the folder, or not at all.
    @Test(arguments: [OriginalLinks.link, .none])
    func originalsFromAGalleryElsewhere(originals: OriginalLinks) throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        let out = folder + "-gallery"
        defer { FolderProcessTests.remove(out) }
        var options = ProcessOptions()
        options.outputFolder = out
        options.originals = originals
        _ = try FolderProcess(folder: folder, options: options).run()
        let page = try Self.text(out + "/photos/IMG_0001.html")
        let name = String(folder.split(separator: "/").last!)
        #expect(page.contains("<a href=\"../../\(name)/IMG_0001.jpg\">") == (originals == .link))
        #expect(page.contains("Open the original") == (originals == .link))
        #expect(try GalleryLinks.broken(in: out).isEmpty)
    }

    /// --originals copy: each photo copied into the gallery, linked from its
    /// page, left alone when current; a different file in its place is never replaced.
    @Test func originalsCopiedIntoTheGallery() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        let out = folder + "-gallery"
        defer { FolderProcessTests.remove(out) }
        var options = ProcessOptions()
        options.outputFolder = out
        options.originals = .copy
        let first = try FolderProcess(folder: folder, options: options).run()
        #expect(first.originalsCopied == 7 && first.failed == 0)
        #expect(try FileBytes.read(out + "/originals/IMG_0001.jpg") == (try FileBytes.read(folder + "/IMG_0001.jpg")))
        #expect(try Self.text(out + "/photos/IMG_0001.html").contains("<a href=\"../originals/IMG_0001.jpg\">Open the original</a>"))
        #expect(try GalleryLinks.broken(in: out).isEmpty)

        let again = try FolderProcess(folder: folder, options: options).run()
        #expect(again.originalsCopied == 0 && again.failed == 0)

        // Somebody's own file where a copy goes: left alone, named, and the page links no original.
        try AtomicFile.write(Array("mine".utf8), to: out + "/originals/IMG_0002.jpg")
        let refused = try FolderProcess(folder: folder, options: options).run()
        #expect(refused.failed == 1 && refused.failures.map(\.path) == [out + "/originals/IMG_0002.jpg"])
        #expect(try FileBytes.read(out + "/originals/IMG_0002.jpg") == Array("mine".utf8))
        #expect(!(try Self.text(out + "/photos/IMG_0002.html")).contains("Open the original"))
    }

    /// `previewSize` 0 (`--preview-size 0`): no preview is made, and the page offers the large view alone.
    @Test func noPreviewWhenAskedForNone() throws {
        let folder = try FolderProcessTests.folderOf { folder in
            let big = Image(width: 2400, height: 1600, format: .rgb8, pixels: [UInt8](repeating: 90, count: 2400 * 1600 * 3))
            try AtomicFile.write(try ImageEncoder.encode(big, as: .jpeg(JPEGEncodingOptions(quality: 70))), to: folder + "/big.jpg")
            FileTimes.setKept(folder + "/big.jpg")
        }
        defer { FolderProcessTests.remove(folder) }
        var options = ProcessOptions()
        options.previewSize = 0
        let summary = try FolderProcess(folder: folder, options: options).run()
        #expect(summary.thumbnailsMade == 2)
        let gallery = folder + "/.filmroll/gallery"
        #expect(!FileBytes.exists(gallery + "/thumbs/big_1512.jpg"))
        let page = try Self.text(gallery + "/photos/big.html")
        #expect(page.contains("<img src=\"../thumbs/big_1024.jpg\" width=\"1024\" height=\"683\""))
        #expect(!page.contains("srcset"))
    }
}
