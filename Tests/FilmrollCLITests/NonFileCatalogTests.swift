#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Catalog
import Imaging
import Testing
import TestSupport

/// Catalogs that are not files (issue 19, item 4): a FIFO as the catalog
/// or beside it is refused at once by every command, in one line, left
/// unopened and in place; a directory or an empty file is reported as
/// damaged, and `index --rebuild` sets it aside and indexes afresh.
/// Through the real binary, each run with a timeout, so a hang fails the
/// test instead of stalling the suite.
@Suite(.serialized) struct NonFileCatalogTests {
    /// Seconds a run may take before it counts as a hang.
    static let timeout = 15.0

    /// A folder of six dated photos, not indexed.
    static func photoFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        return folder
    }

    /// Every command that opens a catalog, as run on `folder`, writing any output into `out`.
    static func catalogCommands(_ folder: borrowing TemporaryFolder, out: String) -> [[String]] {
        [["ls", folder.path], ["stats", folder.path], ["calendar", folder.path, "--month", "2025-04"],
         ["show", folder.file("IMG_0001.jpg")],
         ["fourcut", "--folder", folder.path, "--per-day", "--out", out + "/sheets", "--dpi", "100", "--quiet"],
         ["index", folder.path], ["index", folder.path, "--rebuild"],
         ["thumbs", folder.path, "--size", "32", "--out", out + "/thumbs", "--quiet"],
         ["prune", folder.path], ["process", folder.path, "--out", out + "/gallery", "--quiet"]]
    }

    /// The kind of the file at `path`, not following a symbolic link (S_IFIFO, S_IFDIR, …).
    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// Names in `.filmroll` of `folder` that a rebuild sets aside.
    static func asideNames(_ folder: borrowing TemporaryFolder) -> [String] {
        Folders.names(in: folder.path + "/.filmroll").filter { $0.hasPrefix("catalog.sqlite.damaged-") }.sorted()
    }

    /// Indexes `folder` and leaves its catalog as one file: the WAL checkpointed, no `-wal` or `-shm` beside it.
    static func indexedAlone(_ folder: borrowing TemporaryFolder) throws -> String {
        #expect(try run(["index", folder.path, "--quiet"]).status == 0)
        let catalog = folder.path + "/.filmroll/catalog.sqlite"
        try Database(path: catalog, create: false).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for sidecar in ["-wal", "-shm", "-journal"] { _ = unlink(catalog + sidecar) }   // each may be absent
        return catalog
    }

    /// Runs `arguments` with the timeout; a run that hangs is killed and fails here.
    static func run(_ arguments: [String]) throws -> BinaryRun {
        let run = try BinaryRun.run(arguments, timeout: timeout)
        #expect(run.status != -1, "\(arguments.joined(separator: " ")) hung: killed after \(timeout) s")
        return run
    }

    @Test(arguments: [false, true])
    func aFIFOAsTheCatalogIsRefusedAtOnceByEveryCommand(givenWithOption: Bool) throws {
        let folder = try Self.photoFolder(), elsewhere = TemporaryFolder()
        let fifo = givenWithOption ? elsewhere.file("ff.sqlite") : folder.path + "/.filmroll/catalog.sqlite"
        if !givenWithOption { try Folders.create(folder.path + "/.filmroll") }
        #expect(mkfifo(fifo, 0o644) == 0)

        for command in Self.catalogCommands(folder, out: elsewhere.path) {
            let run = try Self.run(command + (givenWithOption ? ["--catalog", fifo] : []))
            let name = command.prefix(2).joined(separator: " ")
            #expect(run.status == 1, "\(name) exited \(run.status)")
            #expect(run.errorLines.count == 1, "\(name): \(run.stderr)")
            let line = try #require(run.errorLines.first)
            #expect(line.contains("the catalog \(fifo) is a FIFO, not a regular file; "
                                  + "Filmroll left it unopened and in place"), "\(name): \(line)")
            #expect(Self.kind(fifo) == S_IFIFO, "\(name) moved or replaced the FIFO")
        }
        #expect(Self.asideNames(folder).isEmpty)
        #expect(!FileBytes.exists(elsewhere.path + "/gallery/index.html"))
    }

    @Test func aSymbolicLinkToAFIFOAndADeviceAreRefusedToo() throws {
        let folder = try Self.photoFolder(), elsewhere = TemporaryFolder()
        #expect(mkfifo(elsewhere.file("fifo"), 0o644) == 0)
        #expect(symlink(elsewhere.file("fifo"), elsewhere.file("link.sqlite")) == 0)

        for (catalog, kind) in [(elsewhere.file("link.sqlite"), "a FIFO"), ("/dev/null", "a character device")] {
            for command in [["ls", folder.path], ["index", folder.path], ["index", folder.path, "--rebuild"]] {
                let run = try Self.run(command + ["--catalog", catalog])
                #expect(run.status == 1, "\(command) exited \(run.status)")
                #expect(run.errorLines == ["filmroll: \(folder.path): the catalog \(catalog) is \(kind), not a regular file; "
                                           + "Filmroll left it unopened and in place: remove it, or pass --catalog PATH "
                                           + "to keep the catalog elsewhere"], "\(command): \(run.stderr)")
            }
        }
        #expect(Self.kind(elsewhere.file("link.sqlite")) == S_IFLNK && Self.kind(elsewhere.file("fifo")) == S_IFIFO)
        #expect(elsewhere.names() == ["fifo", "link.sqlite"])
    }

    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aFIFOBesideTheCatalogIsRefusedAtOnce(suffix: String) throws {
        let folder = try Self.photoFolder()
        let catalog = try Self.indexedAlone(folder)
        let before = try FileBytes.read(catalog)
        #expect(mkfifo(catalog + suffix, 0o644) == 0)

        for command in [["ls", folder.path], ["show", folder.file("IMG_0001.jpg")], ["index", folder.path],
                        ["index", folder.path, "--rebuild"], ["prune", folder.path]] {
            let run = try Self.run(command)
            #expect(run.status == 1, "\(command[0]) exited \(run.status)")
            #expect(run.errorLines == ["filmroll: \(command[1]): \(catalog + suffix) beside the catalog \(catalog) is a FIFO, "
                                       + "not a regular file; the catalog was not opened and nothing was moved: "
                                       + "remove \(catalog + suffix) and run the command again"], "\(command): \(run.stderr)")
        }
        #expect(Self.kind(catalog + suffix) == S_IFIFO)
        #expect(try FileBytes.read(catalog) == before)
        #expect(Self.asideNames(folder).isEmpty)
    }

    @Test(arguments: ["directory", "empty file"], [false, true])
    func aDirectoryOrEmptyCatalogIsDamagedAndRebuilt(what: String, givenWithOption: Bool) throws {
        let folder = try Self.photoFolder(), elsewhere = TemporaryFolder()
        let catalog = givenWithOption ? elsewhere.file("odd.sqlite") : folder.path + "/.filmroll/catalog.sqlite"
        try Folders.create(givenWithOption ? elsewhere.path : folder.path + "/.filmroll")
        if what == "directory" {
            try Folders.create(catalog)
            try AtomicFile.write(Array("the user's note".utf8), to: catalog + "/note.txt")
        } else {
            try AtomicFile.write([], to: catalog)
        }
        let option = givenWithOption ? ["--catalog", catalog] : []
        let reason = what == "directory" ? "it is a directory, not a file" : "it is empty: 0 bytes"
        let rebuildCommand = "filmroll index --rebuild \(folder.path)" + (givenWithOption ? " --catalog \(catalog)" : "")

        for command in [["ls", folder.path], ["stats", folder.path], ["index", folder.path], ["prune", folder.path],
                        ["thumbs", folder.path, "--size", "32", "--out", elsewhere.path + "/thumbs", "--quiet"],
                        ["process", folder.path, "--out", elsewhere.path + "/gallery", "--quiet"]] {
            let run = try Self.run(command + option)
            #expect(run.status == 1, "\(command[0]) exited \(run.status)")
            #expect(run.errorLines.count == 1, "\(command[0]): \(run.stderr)")
            #expect(run.stderr.contains("the catalog \(catalog) is damaged (\(reason)); run '\(rebuildCommand)' "
                                        + "to rebuild it from the photos (the damaged file is kept)"),
                    "\(command[0]): \(run.stderr)")
        }
        let untouched = what == "directory" ? Self.kind(catalog) == S_IFDIR : try FileBytes.read(catalog).isEmpty
        #expect(untouched, "a command replaced the damaged catalog")

        let rebuild = try Self.run(["index", folder.path, "--rebuild", "--json"] + option)
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(rebuild.stdout.utf8)) as? [String: Any])
        let aside = try #require(report["movedAside"] as? String)
        #expect(aside.hasPrefix(catalog + ".damaged-"))
        if what == "directory" {
            #expect(try FileBytes.read(aside + "/note.txt") == Array("the user's note".utf8), "the directory must be kept")
        } else {
            let kept = try FileBytes.read(aside)
            #expect(Self.kind(aside) == S_IFREG && kept.isEmpty, "the empty file must be kept")
        }
        #expect(report["added"] as? Int == 6)
        #expect(try Catalog(folder: folder.path, path: catalog, access: .read).stats().photos == 6)
        let list = try Self.run(["ls", folder.path] + option)
        #expect(list.status == 0 && list.stdout.split(separator: "\n").count == 6, "\(list.stderr)")
    }

    @Test func aDirectoryAsTheWALIsDamageAndARebuildSetsItAsideWithTheCatalog() throws {
        let folder = try Self.photoFolder()
        let catalog = try Self.indexedAlone(folder)
        try Folders.create(catalog + "-wal")

        let list = try Self.run(["ls", folder.path])
        #expect(list.status == 1)
        #expect(list.errorLines == ["filmroll: \(folder.path): the catalog \(catalog) is damaged (its -wal file \(catalog)-wal "
                                    + "is a directory, not a file); run 'filmroll index --rebuild \(folder.path)' "
                                    + "to rebuild it from the photos (the damaged file is kept)"])

        let rebuild = try Self.run(["index", folder.path, "--rebuild", "--json"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        let aside = try #require(Self.asideNames(folder).first { !$0.contains("-wal") && !$0.contains("-shm") })
        #expect(Self.kind(folder.path + "/.filmroll/" + aside + "-wal") == S_IFDIR, "the -wal directory moves with the catalog")
        #expect(Self.kind(catalog + "-wal") != S_IFDIR)
        #expect(try Self.run(["ls", folder.path]).stdout.split(separator: "\n").count == 6)
    }

    @Test func withoutACatalogReadersSaySoAndIndexCreatesIt() throws {
        let folder = try Self.photoFolder()
        let list = try Self.run(["ls", folder.path])
        #expect(list.status == 1)
        #expect(list.errorLines == ["filmroll: \(folder.path): no catalog for \(folder.path); "
                                    + "run 'filmroll index FOLDER' first, or pass --catalog PATH"])
        #expect(try Self.run(["index", folder.path, "--quiet"]).status == 0)
        #expect(try Self.run(["ls", folder.path]).stdout.split(separator: "\n").count == 6)
    }
}
