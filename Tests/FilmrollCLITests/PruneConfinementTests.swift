#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Catalog
import Imaging
import Testing
import TestSupport

/// `prune` and `index --rebuild` act only on files Filmroll made, inside
/// the folder each was made in, reached without following a symbolic
/// link; `process` never writes through a linked gallery folder. A catalog
/// is a file anyone can hand over with a folder: its rows are not trusted.
/// Through the real binary.
@Suite(.serialized) struct PruneConfinementTests {
    /// A temporary folder holding `F` (four dated photos, indexed) and `outside`.
    static func scene() throws -> TemporaryFolder {
        let base = TemporaryFolder()
        try Folders.create(base.file("outside"))
        for index in 1...4 { try put(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "F/IMG_000\(index).jpg", in: base) }
        #expect(try BinaryRun.run("index", base.file("F"), "--quiet").status == 0)
        return base
    }

    /// Writes `bytes` as `relative` in `base`, making its folder.
    static func put(_ bytes: [UInt8], as relative: String, in base: borrowing TemporaryFolder) throws {
        let path = base.file(relative)
        try Folders.create(String(path[..<path.lastIndex(of: "/")!]))
        try AtomicFile.write(bytes, to: path)
    }

    /// Records `path` in F's catalog as an output of IMG_0001.jpg.
    static func record(_ path: String, root: String?, in base: borrowing TemporaryFolder) throws {
        let catalog = try Catalog(folder: base.file("F"))
        let photo = try #require(try catalog.photo(relativePath: "IMG_0001.jpg"))
        try catalog.recordOutput(kind: .gif, path: path, root: root, parameters: "{}", sources: [photo.id])
    }

    /// Deletes IMG_0001.jpg and has `index` notice.
    static func losePhoto(in base: borrowing TemporaryFolder) throws {
        #expect(unlink(base.file("F/IMG_0001.jpg")) == 0)
        #expect(try BinaryRun.run("index", base.file("F"), "--quiet").status == 0)
    }

    /// `path` relative to the working folder, climbing with `..` from it.
    static func relativeToWorkingFolder(_ path: String) -> String {
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        return String(repeating: "../", count: depth) + path.dropFirst()
    }

    /// A row the catalog may hold, and the file it points at.
    enum HostileRow: String, CaseIterable, Sendable {
        case relativePath
        case absoluteOutsideItsRoot
        case absoluteOutsideWithoutARecordedRoot
        case dotDotOutOfFilmroll
        case insideWithoutTheMark
        case throughASymlinkedGalleryThumbs
        case aSymlinkItself

        /// Places the file (and any link); returns the row's path, its recorded root, the
        /// file that must survive, and the reason the line must give.
        func plant(in base: borrowing TemporaryFolder) throws -> (row: String, root: String?, file: String, reason: String) {
            let filmroll = base.file("F/.filmroll")
            let photo = try Fixtures.bytes("jpeg/photo.jpg")
            let marked = try Fixtures.markedBytes("jpeg/photo.jpg", as: .thumbnail)
            switch self {
            case .relativePath:
                try PruneConfinementTests.put(Array("dear diary\n".utf8), as: "outside/diary.txt", in: base)
                // A relative row is read as relative to the folder (where its outputs are kept so).
                let relative = PruneConfinementTests.relativeToWorkingFolder(base.file("outside/diary.txt"))
                return (relative, nil, base.file("outside/diary.txt"), "has a '..' component")
            case .absoluteOutsideItsRoot:
                try PruneConfinementTests.put(marked, as: "outside/sheet.jpg", in: base)
                return (base.file("outside/sheet.jpg"), filmroll, base.file("outside/sheet.jpg"), "outside \(filmroll)")
            case .absoluteOutsideWithoutARecordedRoot:
                try PruneConfinementTests.put(photo, as: "outside/photo.jpg", in: base)
                return (base.file("outside/photo.jpg"), nil, base.file("outside/photo.jpg"),
                        "\(base.file("outside")) is not a folder this catalog made (it holds no .filmroll-owner naming it)")
            case .dotDotOutOfFilmroll:
                try PruneConfinementTests.put(marked, as: "outside/x.jpg", in: base)
                return (filmroll + "/../../outside/x.jpg", nil, base.file("outside/x.jpg"), "has a '..' component")
            case .insideWithoutTheMark:
                try PruneConfinementTests.put(photo, as: "F/.filmroll/notes.jpg", in: base)
                return (filmroll + "/notes.jpg", nil, filmroll + "/notes.jpg", "not made by Filmroll")
            case .throughASymlinkedGalleryThumbs:
                try PruneConfinementTests.put(marked, as: "outside/thumbs/IMG_0001_256.jpg", in: base)
                try Folders.create(filmroll + "/gallery")
                #expect(symlink(base.file("outside/thumbs"), filmroll + "/gallery/thumbs") == 0)
                return (filmroll + "/gallery/thumbs/IMG_0001_256.jpg", filmroll + "/gallery",
                        base.file("outside/thumbs/IMG_0001_256.jpg"), "\(filmroll)/gallery/thumbs is a symbolic link")
            case .aSymlinkItself:
                try PruneConfinementTests.put(marked, as: "outside/kept.jpg", in: base)
                try Folders.create(filmroll + "/thumbs/ab")
                #expect(symlink(base.file("outside/kept.jpg"), filmroll + "/thumbs/ab/link.jpg") == 0)
                return (filmroll + "/thumbs/ab/link.jpg", nil, base.file("outside/kept.jpg"),
                        "\(filmroll)/thumbs/ab/link.jpg is a symbolic link")
            }
        }
    }

    /// A row's path as Filmroll names it: a relative one is read below the folder.
    static func shownRow(_ row: String, in base: borrowing TemporaryFolder) -> String {
        row.hasPrefix("/") ? row : base.file("F") + "/" + row
    }

    @Test(arguments: HostileRow.allCases)
    func pruneLeavesAFileItMayNotDeleteAloneAndSaysWhy(row: HostileRow) throws {
        let base = try Self.scene()
        let planted = try row.plant(in: base)
        let before = try FileBytes.read(planted.file)
        try Self.record(planted.row, root: planted.root, in: base)
        try Self.losePhoto(in: base)

        let shown = Self.shownRow(planted.row, in: base)
        let dryRun = try BinaryRun.run("prune", base.file("F"), "--dry-run")
        #expect(dryRun.status == 1)
        #expect(dryRun.errorLines == ["filmroll: prune: output \(shown): \(planted.reason); would be left alone"])

        let run = try BinaryRun.run("prune", base.file("F"))

        #expect(run.status == 1)
        #expect(run.errorLines == ["filmroll: prune: output \(shown): \(planted.reason); left alone"])
        #expect(run.stdout.contains("removed 1 missing photo and 1 output (0 files deleted)"), "\(run.stdout)")
        #expect(try FileBytes.read(planted.file) == before)
        // The row is forgotten with its photo: the next prune has nothing to say.
        #expect(try Catalog(folder: base.file("F")).database.value("SELECT count(*) FROM outputs").int == 0)
        let again = try BinaryRun.run("prune", base.file("F"))
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }

    @Test func pruneDeletesTheMarkedOutputsOfAMissingPhoto() throws {
        let base = try Self.scene()
        let folder = base.file("F")
        #expect(try BinaryRun.run("thumbs", folder, "--size", "32", "--quiet").status == 0)
        let sheet = base.file("F/.filmroll/sheet.jpg")
        #expect(try BinaryRun.run(["fourcut"] + (1...4).map { base.file("F/IMG_000\($0).jpg") }
                                  + ["-o", sheet, "--dpi", "100", "--quiet"]).status == 0)
        let catalog = try Catalog(folder: folder)
        let photo = try #require(try catalog.photo(relativePath: "IMG_0001.jpg"))
        let made = try catalog.outputs(ofPhoto: photo.id).map(\.path)
        #expect(made.count == 2 && made.contains(sheet), "\(made)")
        #expect(made.allSatisfy { OutputMark.read(contentsOf: $0) != nil })
        try Self.losePhoto(in: base)

        let run = try BinaryRun.run("prune", folder, "--json")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["filesDeleted"] as? Int == 2 && report["filesLeftAlone"] as? Int == 0, "\(run.stdout)")
        #expect(made.allSatisfy { !FileBytes.exists($0) })
        #expect(try Catalog(folder: folder).database.value("SELECT count(*) FROM outputs").int == 3)
        for index in 2...4 { #expect(FileBytes.exists(base.file("F/IMG_000\(index).jpg"))) }
    }

    @Test func anUnmarkedOutputIsFilmrollsWhileItHasTheRecordedSizeAndHash() throws {
        // Outputs are recorded with their size and hash as made: an output without the mark
        // that still has both is deleted; one changed since is somebody's and left alone.
        let base = try Self.scene()
        let folder = base.file("F")
        let kept = base.file("F/.filmroll/old/kept.jpg"), changed = base.file("F/.filmroll/old/changed.jpg")
        let unmarked = try Fixtures.bytes("jpeg/photo.jpg")
        try Self.put(unmarked, as: "F/.filmroll/old/kept.jpg", in: base)
        try Self.put(unmarked, as: "F/.filmroll/old/changed.jpg", in: base)
        let catalog = try Catalog(folder: folder)
        let photo = try #require(try catalog.photo(relativePath: "IMG_0001.jpg"))
        for path in [kept, changed] {
            try catalog.recordOutput(kind: .gif, path: path, root: base.file("F/.filmroll"), identity: OutputIdentity.of(path: path),
                                     parameters: "{}", sources: [photo.id])
        }
        try Self.put(unmarked + [0], as: "F/.filmroll/old/changed.jpg", in: base)
        try Self.losePhoto(in: base)

        let run = try BinaryRun.run("prune", folder)

        #expect(run.status == 1)
        #expect(!FileBytes.exists(kept))
        #expect(try FileBytes.read(changed) == unmarked + [0])
        #expect(run.stderr.contains("output \(changed): not made by Filmroll; left alone"), "\(run.stderr)")
    }

    @Test func outputsAreRecordedWithTheirSizeAndHash() throws {
        let base = try Self.scene()
        #expect(try BinaryRun.run("thumbs", base.file("F"), "--size", "32", "--quiet").status == 0)
        let catalog = try Catalog(folder: base.file("F"))
        let rows = try catalog.database.rows("SELECT path, bytes, hash FROM outputs")
        #expect(rows.count == 4)
        for row in rows {
            let path = catalog.pathCodec.absolute(try #require(row[0].string))
            #expect(!(row[0].string ?? "/").hasPrefix("/"))   // kept relative to the folder
            #expect(OutputIdentity.of(path: path) == OutputIdentity(bytes: row[1].int ?? -1, hash: row[2].string ?? ""))
        }
    }

    @Test func rebuildCarriesOnlyOutputsItMayDeleteAndNamesTheRest() throws {
        let base = try Self.scene()
        let folder = base.file("F")
        #expect(try BinaryRun.run("thumbs", folder, "--size", "32", "--quiet").status == 0)
        var planted: [(row: String, file: String, bytes: [UInt8], reason: String)] = []
        for row in HostileRow.allCases {
            let one = try row.plant(in: base)
            try Self.record(one.row, root: one.root, in: base)
            planted.append((Self.shownRow(one.row, in: base), one.file, try FileBytes.read(one.file), one.reason))
        }

        let run = try BinaryRun.run("index", folder, "--rebuild", "--json")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.sorted() == planted.map {
            "filmroll: index: output \($0.row): \($0.reason); left alone, not carried over"
        }.sorted())
        for one in planted { #expect(try FileBytes.read(one.file) == one.bytes, "\(one.row)") }
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(report["outputsCarried"] as? Int == 4 && report["outputsLeftAlone"] as? Int == planted.count, "\(run.stdout)")
        let catalog = try Catalog(folder: folder)
        #expect(try catalog.database.value("SELECT count(*) FROM outputs").int == 4)
        #expect(try catalog.database.value("SELECT count(*) FROM outputs WHERE root = ?", [".filmroll/thumbs"]).int == 4)
    }

    @Test(arguments: ["gallery", "gallery/thumbs", "gallery/days"])
    func processRefusesToWriteThroughASymlinkedGalleryFolder(linked: String) throws {
        let base = try Self.scene()
        let folder = base.file("F")
        // Somebody's folder: a photo and a page under the names process would write.
        try PruneConfinementTests.put(try Fixtures.bytes("jpeg/photo.jpg"), as: "outside/IMG_0001_256.jpg", in: base)
        try PruneConfinementTests.put(Array("<p>mine</p>".utf8), as: "outside/index.html", in: base)
        let before = try Self.contents(of: base.file("outside"))
        let link = folder + "/.filmroll/" + linked
        try Folders.create(String(link[..<link.lastIndex(of: "/")!]))
        #expect(symlink(base.file("outside"), link) == 0)

        let run = try BinaryRun.run("process", folder, "--quiet")

        #expect(run.status == 1)
        #expect(run.errorLines == ["filmroll: \(folder): refusing to write through \(link): it is a symbolic link"])
        #expect(try Self.contents(of: base.file("outside")) == before)
    }

    @Test func processRefusesASymlinkedDaysFolderInItsOutFolder() throws {
        let base = try Self.scene()
        let out = base.file("site")
        try Folders.create(out)
        try PruneConfinementTests.put(Array("<p>mine</p>".utf8), as: "outside/2025-04-10.html", in: base)
        let before = try Self.contents(of: base.file("outside"))
        #expect(symlink(base.file("outside"), out + "/days") == 0)

        let run = try BinaryRun.run("process", base.file("F"), "--out", out, "--animation", "mp4", "--quiet")

        #expect(run.status == 1)
        #expect(run.errorLines == ["filmroll: \(base.file("F")): refusing to write through \(out)/days: it is a symbolic link"])
        #expect(try Self.contents(of: base.file("outside")) == before)
    }

    @Test func storeEvictionDoesNotDeleteThroughALinkedShard() throws {
        let base = try Self.scene()
        let folder = base.file("F")
        #expect(try BinaryRun.run("thumbs", folder, "--size", "32", "--quiet").status == 0)
        let store = folder + "/.filmroll/thumbs"
        let shard = try #require(Folders.names(in: store).first { $0.count == 2 })
        // The shard moved to somebody's folder, a link left in its place.
        #expect(rename(store + "/" + shard, base.file("outside/" + shard)) == 0)
        #expect(symlink(base.file("outside/" + shard), store + "/" + shard) == 0)
        let before = try Self.contents(of: base.file("outside/" + shard))
        #expect(!before.isEmpty)

        let run = try BinaryRun.run("thumbs", folder, "--size", "40", "--cache-limit", "1", "--quiet")

        #expect(run.status == 0, "\(run.stderr)")
        for (name, bytes) in before {
            #expect(try FileBytes.read(base.file("outside/\(shard)/\(name)")) == bytes, "\(name) was deleted through the link")
        }
    }

    /// Every file in `folder` by name, with its bytes.
    static func contents(of folder: String) throws -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        for name in Folders.names(in: folder) { contents[name] = try FileBytes.read(folder + "/" + name) }
        return contents
    }
}
