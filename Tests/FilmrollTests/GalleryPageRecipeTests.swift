import Filmroll
import Testing
import TestSupport

/// Gallery pages are outputs like the others: recorded in the catalog with
/// their recipe's key, and judged current by it.
@Suite struct GalleryPageRecipeTests {
    /// The page rows of the folder's catalog: path relative to the gallery → key.
    static func pageKeys(_ folder: String) throws -> [String: String] {
        let catalog = try Catalog(folder: folder, access: .read)
        let gallery = AbsolutePath.of(folder + "/.filmroll/gallery") + "/"
        var keys: [String: String] = [:]
        for entry in try catalog.ledger() where entry.kind == .page {
            keys[String(entry.path.dropFirst(gallery.count))] = entry.key
        }
        return keys
    }

    static func text(_ path: String) throws -> String { String(decoding: try FileBytes.read(path), as: UTF8.self) }

    @Test func everyPageIsRecordedWithItsRecipesKey() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let keys = try Self.pageKeys(folder)
        #expect(keys.keys.sorted() == ["days/2025-04-10.html", "days/2025-04-11.html", "days/2025-04-12.html",
                                       "gallery.js", "index.html", "months/2025-04.html"]
            + (1...7).map { "photos/IMG_000\($0).html" } + ["style.css", "years/2025.html"])
        for (path, key) in keys { #expect(key.count == 32 && key.allSatisfy(\.isHexDigit), "\(path)") }
        // The stylesheet and the script are constants: their keys are their texts'.
        for path in ["style.css", "gallery.js"] {
            #expect(keys[path] == GalleryWriter.textKey(path: path, text: try Self.text(folder + "/.filmroll/gallery/" + path)))
        }
        // The same photos again: the same keys, nothing made.
        let again = try FolderProcess(folder: folder).run()
        #expect(again.pagesWritten == 0)
        #expect(try Self.pageKeys(folder) == keys)
    }

    @Test func theCatalogDecidesWhichPagesAreMadeAgain() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery/"
        let before = try Self.pageKeys(folder)

        // A page its row still describes (same size) is not read again, let alone rewritten.
        let page = gallery + "days/2025-04-11.html"
        let original = try Self.text(page)
        let touched = original.replacingOccurrences(of: "<html", with: "<HTML")
        #expect(touched.utf8.count == original.utf8.count && touched != original)
        try AtomicFile.write(Array(touched.utf8), to: page)
        let again = try FolderProcess(folder: folder).run()
        #expect(again.pagesWritten == 0)
        #expect(try Self.text(page) == touched)

        // One more photo on 04-12: its day, month and year pages, the index, its page and its neighbours' pages change, and only they.
        try AtomicFile.write(try Fixtures.repainted("dated/IMG_0005.jpg", seed: 8), to: folder + "/IMG_0008.jpg")
        let grown = try FolderProcess(folder: folder).run()
        let after = try Self.pageKeys(folder)
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == ["days/2025-04-12.html", "index.html", "months/2025-04.html", "years/2025.html",
                            "photos/IMG_0005.html", "photos/IMG_0008.html", "photos/IMG_0006.html"])
        #expect(grown.pagesWritten == 7)
    }

    @Test func aDayThatIsGoneTakesItsPageAndItsRow() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        #expect(unlink(folder + "/IMG_0004.jpg") == 0)    // the only photo of 04-11
        _ = try FolderProcess(folder: folder).run()
        #expect(try Self.pageKeys(folder)["days/2025-04-11.html"] == nil)
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/days/2025-04-11.html"))
    }
}
