import Foundation
import Catalog
import Imaging
import Testing
import TestSupport

/// Catalogs that are damaged, read-only, on a full disk or written by two
/// runs at once: every command says so in one line, exits non-zero, and
/// a way out works. Through the real binary.
@Suite(.serialized) struct CatalogSafetyTests {
    static func indexedFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        return folder
    }

    /// Overwrites one page in the middle of the catalog, after a checkpoint.
    static func damage(_ catalogPath: String) throws {
        let database = try Database(path: catalogPath, create: false)
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let size = Int(try #require(try? FileManager.default.attributesOfItem(atPath: catalogPath)[.size] as? Int))
        let handle = try #require(FileHandle(forUpdatingAtPath: catalogPath))
        try handle.seek(toOffset: UInt64(size / 4096 / 2 * 4096))
        handle.write(Data(repeating: 0xFF, count: 4096))
        try handle.close()
    }

    @Test func aDamagedCatalogIsReportedByEveryCommandAndRebuilt() throws {
        let folder = try Self.indexedFolder()
        #expect(try BinaryRun.run("thumbs", folder.path, "--size", "32", "--quiet").status == 0)
        let catalogPath = folder.path + "/.filmroll/catalog.sqlite"
        try Self.damage(catalogPath)
        let damaged = try FileBytes.read(catalogPath)

        for arguments in [["index", folder.path], ["ls", folder.path], ["stats", folder.path], ["prune", folder.path],
                          ["calendar", folder.path, "--month", "2025-04"], ["show", folder.file("IMG_0001.jpg")],
                          ["thumbs", folder.path, "--size", "40", "--quiet"],
                          ["gif", folder.path, "-o", folder.path + "/../never.gif", "--size", "16"]] {
            let run = try BinaryRun.run(arguments)
            #expect(run.status == 1, "\(arguments[0]) exited \(run.status)")
            #expect(run.errorLines.count == 1, "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.contains("the catalog \(catalogPath) is damaged"), "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.contains("filmroll index --rebuild \(folder.path)"))
        }
        #expect(try FileBytes.read(catalogPath) == damaged, "a command wrote to the damaged catalog")
        #expect(try BinaryRun.run("thumbs", folder.path, "--size", "40", "--quiet", "--no-catalog").status == 0)

        let rebuild = try BinaryRun.run("index", folder.path, "--rebuild", "--json")
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let aside = Folders.names(in: folder.path + "/.filmroll").filter { $0.hasPrefix("catalog.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(aside.count == 1)
        #expect(try FileBytes.read(folder.path + "/.filmroll/" + aside[0]) == damaged, "the damaged file must be kept as it was")
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM photos", in: folder) == 6)
        #expect(try BinaryRun.run("ls", folder.path).stdout.split(separator: "\n").count == 6)
        #expect(try Catalog(folder: folder.path).database.value("PRAGMA integrity_check").string == "ok")
    }

    @Test func rebuildCarriesOverOutputsAndLineage() throws {
        let folder = try Self.indexedFolder()
        #expect(try BinaryRun.run("thumbs", folder.path, "--size", "32", "--quiet").status == 0)
        #expect(try BinaryRun.run(["fourcut"] + (1...4).map { folder.file("IMG_000\($0).jpg") }
                                  + ["-o", folder.file("sheet.jpg"), "--dpi", "100", "--quiet"]).status == 0)
        let before = try CatalogProcessTests.count("SELECT count(*) FROM output_sources", in: folder)

        let rebuild = try BinaryRun.run("index", folder.path, "--rebuild")

        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM outputs", in: folder) == 7)
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM output_sources", in: folder) == before)
        let show = try BinaryRun.run("show", folder.file("IMG_0002.jpg"))
        #expect(show.stdout.contains("sheet.jpg"))
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM photos WHERE path = 'sheet.jpg'", in: folder) == 0)
    }

    @Test func aTooNewOrUnreadableCatalogStopsThumbsAndGIF() throws {
        let folder = try Self.indexedFolder()
        try Catalog(folder: folder.path).database.execute("PRAGMA user_version = 99")
        let thumbs = try BinaryRun.run("thumbs", folder.path, "--size", "32", "--quiet")
        #expect(thumbs.status == 1)
        #expect(thumbs.stderr.contains("newer than this Filmroll understands"))
        #expect(!FileBytes.exists(folder.path + "/.filmroll/thumbs"))

        let other = TemporaryFolder()
        try other.write(Array("not a database at all, just text".utf8), as: "elsewhere.sqlite")
        let gif = try BinaryRun.run("gif", folder.path, "-o", other.file("a.gif"), "--size", "16",
                                    "--catalog", other.file("elsewhere.sqlite"))
        #expect(gif.status == 1)
        #expect(gif.stderr.contains("elsewhere.sqlite is damaged"))
        #expect(!FileBytes.exists(other.file("a.gif")))
        #expect(try BinaryRun.run("gif", folder.path, "-o", other.file("a.gif"), "--size", "16", "-q", "--no-catalog").status == 0)
    }

    @Test func twoPruneRunsAtOnceReportOnlyWhatEachDid() throws {
        let folder = try CatalogProcessTests.bigFolder(300)
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        for index in 0..<300 { #expect(unlink(folder.file("IMG_\(index).jpg")) == 0) }
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)

        let first = try BinaryRun.start(["prune", folder.path, "--json"])
        let second = try BinaryRun.start(["prune", folder.path, "--json"])
        let reports = [first.finish().stdout, second.finish().stdout]

        let removed = reports.map { report in
            (try? JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])?["photos"] as? Int ?? -1
        }
        #expect(removed.sorted() == [0, 300], "\(reports)")
    }

    @Test func thumbsHonoursCacheDirInACataloguedFolder() throws {
        let folder = try Self.indexedFolder()
        #expect(try BinaryRun.run("thumbs", folder.path, "--size", "32", "--quiet").status == 0)
        let store = TemporaryFolder()

        let run = try BinaryRun.run("thumbs", folder.path, "--size", "32", "--cache-dir", store.path, "--json")

        let paths = run.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["path"] as? String
        }
        #expect(paths.count == 6)
        #expect(paths.allSatisfy { $0.hasPrefix(store.path + "/") }, "\(paths)")
        #expect(paths.allSatisfy { FileBytes.exists($0) })
    }

    // MARK: read-only media and full disks (need mounts: root only)

    @Test(.enabled(if: ScratchMount.isAllowed, "needs root and permission to mount"))
    func aReadOnlyFolderIsReadAndThumbnailedElsewhere() throws {
        let folder = try Self.indexedFolder()
        // A fourth photo of 2025-04-10, so that day has a four-cut.
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg") + [1], as: "IMG_0001b.jpg")
        #expect(try BinaryRun.run("index", folder.path, "--quiet").status == 0)
        let card = try #require(ScratchMount.readOnlyBind(of: folder.path))
        defer { card.unmount() }
        let out = TemporaryFolder(), cache = TemporaryFolder()

        let thumbs = try BinaryRun.run(["thumbs", card.path, "--out", out.path, "--size", "32", "--quiet"],
                                       environment: ["XDG_CACHE_HOME": cache.path])
        #expect(thumbs.status == 0, "\(thumbs.stderr)")
        #expect(out.names().count == 7)
        #expect(thumbs.stderr.contains("read-only file system"))
        #expect(thumbs.errorLines.count <= 2, "\(thumbs.stderr)")
        #expect(Folders.names(in: cache.path + "/filmroll/thumbs").count == 1, "the store moves to the user's cache")

        let list = try BinaryRun.run("ls", card.path)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").count == 7)
        #expect(try BinaryRun.run("stats", card.path).status == 0)
        #expect(try BinaryRun.run("calendar", card.path, "--month", "2025-04").status == 0)
        #expect(try BinaryRun.run("show", card.file("IMG_0001.jpg")).status == 0)
        let sheets = TemporaryFolder()
        let perDay = try BinaryRun.run("fourcut", "--folder", card.path, "--per-day", "--out", sheets.path, "--dpi", "100", "--quiet")
        #expect(perDay.status == 0, "\(perDay.stderr)")
        #expect(sheets.names() == ["2025-04-10.jpg"])

        let index = try BinaryRun.run("index", card.path)
        #expect(index.status == 1)
        #expect(index.stderr.contains("--catalog PATH"))
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "needs root and permission to mount"))
    func aFullDiskIsNamedAndTheNextRunWorksOnceSpaceIsFreed() throws {
        let disk = try #require(ScratchMount.tmpfs(bytes: 1 << 20))
        defer { disk.unmount() }
        for index in 1...6 { try AtomicFile.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), to: disk.file("IMG_000\(index).jpg")) }
        #expect(try BinaryRun.run("index", disk.path, "--quiet").status == 0)
        // Fill the disk to the last byte.
        shell("dd if=/dev/zero of='\(disk.file("filler"))' bs=4k 2>/dev/null")
        let out = TemporaryFolder()

        let full = try BinaryRun.run("thumbs", disk.path, "--out", out.path, "--size", "32", "--quiet")

        #expect(full.status == 1)
        #expect(full.errorLines == ["filmroll: cannot write the catalog \(disk.path)/.filmroll/catalog.sqlite: no space left on device; "
                                    + "free some space and run the command again; or add --no-catalog to go on without it"])

        #expect(unlink(disk.file("filler")) == 0)
        let again = try BinaryRun.run("thumbs", disk.path, "--out", out.path, "--size", "32", "--quiet")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Catalog(folder: disk.path).database.value("SELECT count(*) FROM outputs").int == 6)
        #expect(try BinaryRun.run("ls", disk.path).status == 0)
    }
}
