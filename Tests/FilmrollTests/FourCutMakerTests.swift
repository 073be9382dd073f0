import Catalog
import Filmroll
import Imaging
import Testing
import TestSupport

/// Four-cut sheets through the library alone: one of four photos, and one per day of a catalog.
@Suite struct FourCutMakerTests {
    static func options(_ style: FourCutLayout.Style = .strip) -> FourCutOptions {
        var options = FourCutOptions()
        options.dpi = 100
        options.style = style
        return options
    }

    @Test(arguments: [(FourCutLayout.Style.strip, PixelSize(width: 200, height: 600)),
                      (.grid, PixelSize(width: 400, height: 600))])
    func aSheetOfFourPhotosHasItsPrintSize(style: FourCutLayout.Style, size: PixelSize) throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let output = folder.file("sheet.jpg")

        let sheet = try FourCutMaker(options: Self.options(style)).make(photos: folder.photos(1, 2, 3, 4), output: output)

        #expect(sheet.size == size)
        #expect(sheet.dpi == 100)
        #expect(sheet.recordingError == nil)
        #expect(try ImageDecoder.readInfo(contentsOf: output).storedSize == size)
        #expect(OutputMark.read(contentsOf: output) == .fourcut)
    }

    @Test func aMissingPhotoIsNamedAndNothingIsWritten() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let missing = folder.file("IMG_0009.jpg")
        let output = folder.file("sheet.png")
        #expect {
            try FourCutMaker(options: Self.options()).make(photos: folder.photos(1, 2, 3) + [missing], output: output)
        } throws: { error in
            guard case let .photo(path, _)? = error as? FourCutError else { return false }
            return path == missing
        }
        #expect(!FileBytes.exists(output))
    }

    @Test func aFileFilmrollDidNotMakeIsNotReplaced() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let output = folder.file("notes.jpg")
        try AtomicFile.write(Array("mine".utf8), to: output)
        #expect(throws: FourCutError.self) {
            try FourCutMaker(options: Self.options()).make(photos: folder.photos(1, 2, 3, 4), output: output)
        }
        #expect(try FileBytes.read(output) == Array("mine".utf8))
    }

    /// A sheet of four catalogued photos is recorded with its recipe's key (the photos by content, as
    /// `fourcut --per-day` and `process` name them); asked again, it is found there, not drawn again.
    @Test func aSheetOfCataloguedPhotosIsRecordedAndFoundAgain() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try FolderIndexer(catalog: try Catalog(folder: folder.path, access: .create), jobs: 2).run()
        let output = folder.file("strip.jpg")
        let maker = FourCutMaker(options: Self.options(), lineage: LineageRecorder())
        let first = try maker.make(photos: folder.photos(1, 2, 3, 4), output: output)
        #expect(first.wasMade && first.recordingError == nil)
        let catalog = try Catalog(folder: folder.path, access: .read)
        let key = try #require(try catalog.ledger().first { $0.path == AbsolutePath.of(output) }?.key)
        #expect(key.count == 32)
        let bytes = try FileBytes.read(output)

        let again = try FourCutMaker(options: Self.options(), lineage: LineageRecorder()).make(photos: folder.photos(1, 2, 3, 4), output: output)
        #expect(!again.wasMade)
        #expect(try FileBytes.read(output) == bytes)
        // A photo in two cells: one photo named twice, recorded once.
        let twice = try FourCutMaker(options: Self.options(), lineage: LineageRecorder())
            .make(photos: folder.photos(1, 1, 2, 3), output: folder.file("twice.jpg"))
        #expect(twice.wasMade && twice.recordingError == nil)
        // Other settings: another recipe, drawn.
        var wider = Self.options()
        wider.cornerRadius = 8
        #expect(try FourCutMaker(options: wider, lineage: LineageRecorder()).make(photos: folder.photos(1, 2, 3, 4), output: output).wasMade)
    }

    @Test func aSheetForEachDayWithFourPhotos() throws {
        let folder = try WorkflowFolder(copies: ["IMG_0007.jpg": "IMG_0002.jpg"])    // 2025-04-10 now has four
        defer { folder.remove() }
        _ = try FolderIndexer(catalog: try Catalog(folder: folder.path, access: .create), jobs: 2).run()
        let out = folder.file("days")
        let perDay = FourCutPerDay(maker: FourCutMaker(options: Self.options(), lineage: LineageRecorder()), folder: folder.path,
                                   outputFolder: out)

        let days = try perDay.days()
        #expect(days.map(\.date) == ["2025-04-10"])
        #expect(days.first?.photos.count == 4)
        let sheets = Locked<[FourCutSheet]>([])
        let counts = perDay.make(days) { _, result in if case .success(let sheet) = result { sheets.withLock { $0.append(sheet) } } }

        #expect(counts.made == 1 && counts.failed == 0 && counts.upToDate == 0)
        #expect(sheets.withLock { $0 }.map(\.path) == [out + "/2025-04-10.jpg"])
        #expect(try ImageDecoder.readInfo(contentsOf: out + "/2025-04-10.jpg").storedSize == PixelSize(width: 200, height: 600))
        // Recorded with its recipe's key and its four photos, once each.
        let catalog = try Catalog(folder: folder.path, access: .read)
        let rows = try catalog.ledger()
        #expect(rows.count == 1)
        #expect(rows.first?.key?.count == 32)
        let written = try SourceIdentity.of(out + "/2025-04-10.jpg").modificationTimeNanoseconds

        // Then a second run finds the sheet current in the catalog and leaves it.
        let again = perDay.make(try perDay.days())
        #expect(again.made == 0 && again.upToDate == 1 && again.failed == 0)
        #expect(try SourceIdentity.of(out + "/2025-04-10.jpg").modificationTimeNanoseconds == written)
    }
}
