import Filmroll
import Testing
import TestSupport

/// The one lineage recorder: thumbnails, four-cuts and GIFs recorded with
/// their photos in the folder's catalog, through the library alone.
@Suite struct LineageRecorderTests {
    /// The kinds and paths of the outputs the catalog links to `photo`.
    static func outputs(of photo: String, in folder: WorkflowFolder) throws -> [String] {
        let catalog = try Catalog(folder: folder.path, access: .read)
        let record = try #require(try catalog.photo(relativePath: photo))
        return try catalog.outputs(ofPhoto: record.id).map { "\($0.kind.rawValue) \($0.path)" }.sorted()
    }

    @Test func outputsAreRecordedWithTheirPhotos() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)    // empty: photos are indexed on the way
        let lineage = LineageRecorder()
        let out = folder.file("out")
        let files = InputWalker.expand([folder.path]).files

        let thumbnails = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [64], outputFolder: out), lineage: lineage).run(files)
        var options = FourCutOptions()
        options.dpi = 100
        let sheet = try FourCutMaker(options: options, lineage: lineage).make(photos: folder.photos(1, 2, 3, 4), output: out + "/sheet.jpg")
        let gif = try AnimationMaker(frames: AnimationFrames(sizing: .width(32)), lineage: lineage)
            .make(InputWalker.expand(folder.photos(1, 5)).files, output: out + "/roll.gif")

        #expect(thumbnails.recordingErrors.isEmpty)
        #expect(sheet.recordingError == nil)
        #expect(gif.recordingError == nil)
        let absolute = AbsolutePath.of(out)
        #expect(try Self.outputs(of: "IMG_0001.jpg", in: folder)
                == ["fourcut \(absolute)/sheet.jpg", "gif \(absolute)/roll.gif", "thumbnail \(absolute)/IMG_0001_64.jpg"])
        #expect(try Self.outputs(of: "IMG_0005.jpg", in: folder) == ["gif \(absolute)/roll.gif", "thumbnail \(absolute)/IMG_0005_64.jpg"])
        #expect(try Self.outputs(of: "IMG_0006.jpg", in: folder) == ["thumbnail \(absolute)/IMG_0006_64.jpg"])
    }

    @Test func thumbnailsTheCatalogKnowsAreNotMadeAgain() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)
        let files = InputWalker.expand([folder.path]).files
        let plan = ThumbnailPlan(sizes: [64], outputFolder: folder.file("out"), store: .none)   // no store: only the catalog knows
        #expect(try ThumbnailBatch(plan: plan, lineage: LineageRecorder()).run(files).made == 6)

        let again = try ThumbnailBatch(plan: plan, lineage: LineageRecorder()).run(files)

        #expect(again.made == 0)
        #expect(again.cached == 6)
        #expect(try ThumbnailBatch(plan: plan).run(files).made == 6)    // without the catalog, made again
    }

    @Test func aDamagedCatalogStopsTheRunBeforeAnyWork() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try Folders.create(folder.file(".filmroll"))
        try AtomicFile.write(Array(repeating: 0x41, count: 4096), to: Catalog.defaultPath(for: folder.path))
        let out = folder.file("out")

        #expect {
            try ThumbnailBatch(plan: ThumbnailPlan(sizes: [64], outputFolder: out), lineage: LineageRecorder())
                .run(InputWalker.expand([folder.path]).files)
        } throws: { error in
            guard case .damaged? = error as? CatalogError else { return false }
            return true
        }
        #expect {
            try FourCutMaker(lineage: LineageRecorder()).make(photos: folder.photos(1, 2, 3, 4), output: out + "/sheet.jpg")
        } throws: { error in
            guard case .catalog(.damaged)? = error as? FourCutError else { return false }
            return true
        }
        #expect(!FileBytes.exists(out))
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "needs root and permission to mount"))
    func aReadOnlyCatalogIsToldOnceAndLeftAsItIs() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        _ = try Catalog(folder: folder.path, access: .create)
        let card = try #require(ScratchMount.readOnlyBind(of: folder.path))
        defer { card.unmount() }
        let out = try WorkflowFolder()
        defer { out.remove() }
        let notes = Locked<[LineageNote]>([])
        let lineage = LineageRecorder { note in notes.withLock { $0.append(note) } }

        let thumbnails = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [32], outputFolder: out.file("thumbs"), store: .none),
                                            lineage: lineage).run(InputWalker.expand([card.path]).files)
        let sheet = try FourCutMaker(lineage: lineage).make(photos: (1...4).map { card.file("IMG_000\($0).jpg") },
                                                            output: out.file("sheet.jpg"))

        #expect(thumbnails.made == 6)
        #expect(thumbnails.recordingErrors.isEmpty)
        #expect(sheet.recordingError == nil)
        let told = notes.withLock { $0 }
        #expect(told.count == 1)
        guard case let .readOnly(path, _)? = told.first else { Issue.record("not a read-only note: \(told)"); return }
        #expect(path == Catalog.defaultPath(for: card.path))
        #expect(try Catalog(folder: folder.path, access: .read).database.value("SELECT count(*) FROM outputs").int == 0)
    }
}
