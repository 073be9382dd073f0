#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// A catalog deletes, replaces or copies from only files in folders whose
/// marker (`.filmroll-owner`) names it, found on disk: a row's root and its
/// true size and hash prove nothing. Through the real binary, with two
/// photo folders A and B side by side.
@Suite(.serialized) struct OwnershipTests {
    /// A base folder holding `A` and `B` (four dated photos each), both processed, and `other`.
    static func twoFolders() throws -> TemporaryFolder {
        let base = TemporaryFolder()
        for folder in ["A", "B", "other"] { try Folders.create(base.file(folder)) }
        for name in ["A", "B"] {
            for index in 1...4 {
                try base.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "\(name)/IMG_000\(index).jpg")
            }
            #expect(try BinaryRun.run("process", base.file(name), "--quiet").status == 0)
        }
        return base
    }

    /// Every regular file below `folder`, with its bytes.
    static func contents(of folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var status = stat()
            guard lstat(folder + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            files[name] = try FileBytes.read(folder + "/" + name)
        }
        return files
    }

    /// Records in A's catalog, as an output of `photo`, a row naming `path`
    /// with `root` and the file's true size and hash (what anyone can compute).
    static func forge(_ path: String, root: String, key: String? = nil, photo: String = "IMG_0001.jpg",
                      in base: borrowing TemporaryFolder) throws {
        let catalog = try Catalog(folder: base.file("A"))
        let id = try #require(try catalog.photo(relativePath: photo)).id
        try catalog.recordOutput(kind: .thumbnail, path: path, root: root, identity: OutputIdentity.of(path: path), key: key,
                                 parameters: "{}", sources: [id])
    }

    @Test func aForgedRowWithTheTrueHashDeletesNothingOutsideTheCatalogsFolders() throws {
        let base = try Self.twoFolders()
        try base.write(Array("dear diary\n".utf8), as: "other/diary.txt")
        let targets = [base.file("other/diary.txt"), base.file("B/IMG_0002.jpg"), base.file("B/.filmroll/gallery/thumbs/IMG_0003_256.jpg")]
        let roots = [base.file("other"), base.file("B"), base.file("B/.filmroll/gallery")]
        for (target, root) in zip(targets, roots) { try Self.forge(target, root: root, in: base) }
        let before = try targets.map { try FileBytes.read($0) }
        #expect(unlink(base.file("A/IMG_0001.jpg")) == 0)
        #expect(try BinaryRun.run("index", base.file("A"), "--quiet").status == 0)

        let dryRun = try BinaryRun.run("prune", base.file("A"), "--dry-run")
        #expect(dryRun.status == 1)
        // Every file it would delete is named, and all lie in A's own `.filmroll`.
        let wouldDelete = dryRun.stdout.split(separator: "\n").filter { $0.hasPrefix("  would delete ") }
        #expect(!wouldDelete.isEmpty && wouldDelete.allSatisfy { $0.contains(base.file("A/.filmroll/gallery/")) }, "\(dryRun.stdout)")
        let run = try BinaryRun.run("prune", base.file("A"))

        #expect(run.status == 1)
        #expect(run.errorLines.sorted() == [
            "filmroll: prune: output \(targets[0]): \(roots[0]) is not a folder this catalog made (it holds no .filmroll-owner naming it); left alone",
            "filmroll: prune: output \(targets[1]): \(roots[1]) is not a folder this catalog made (it holds no .filmroll-owner naming it); left alone",
            "filmroll: prune: output \(targets[2]): \(roots[2]) belongs to another catalog "
                + "(the marker \(base.file("B/.filmroll"))/.filmroll-owner names it); left alone",
        ].sorted(), "\(run.stderr)")
        #expect(try targets.map { try FileBytes.read($0) } == before)
        #expect(!FileBytes.exists(base.file("A/.filmroll/gallery/thumbs/IMG_0001_256.jpg")))   // A's own went
    }

    @Test func aForgedRowIsNeverCopiedFromIntoTheGallery() throws {
        let base = try Self.twoFolders()
        let thumbnail = base.file("A/.filmroll/gallery/thumbs/IMG_0002_256.jpg")
        let catalog = try Catalog(folder: base.file("A"))
        let key = try #require(try catalog.database.value("SELECT key FROM outputs WHERE path = ?",
                                                          [".filmroll/gallery/thumbs/IMG_0002_256.jpg"]).string)
        // The thumbnail is gone, and a row with its recipe's key names somebody's photo elsewhere.
        #expect(unlink(thumbnail) == 0)
        try base.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "other/holiday.jpg")
        try Self.forge(base.file("other/holiday.jpg"), root: base.file("other"), key: key, photo: "IMG_0002.jpg", in: base)

        let run = try BinaryRun.run("process", base.file("A"), "--json")

        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n").last!.utf8))
                                   as? [String: Any])
        #expect(summary["reused"] as? Int == 0 && summary["thumbnails"] as? Int == 1, "\(run.stdout)")
        #expect(OutputMark.read(contentsOf: thumbnail) == .thumbnail)
        #expect(try FileBytes.read(thumbnail) != (try Fixtures.bytes("jpeg/photo.jpg")))
    }

    @Test func aSymlinkedFilmrollFolderIsAFolderTheUserChose() throws {
        let base = TemporaryFolder()
        try Folders.create(base.file("C"))
        for index in 1...4 { try base.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "C/IMG_000\(index).jpg") }
        for (name, text) in [("index.html", "<p>mine</p>"), ("style.css", "p {}"), ("photos/IMG_0001.html", "<p>my photo</p>")] {
            try Folders.create(base.file("target/gallery/photos"))
            try base.write(Array(text.utf8), as: "target/gallery/" + name)
        }
        let before = try Self.contents(of: base.file("target/gallery"))
        #expect(symlink(base.file("target"), base.file("C/.filmroll")) == 0)

        let run = try BinaryRun.run("process", base.file("C"), "--quiet")

        #expect(run.status == 1)
        #expect(run.errorLines.count == 3 && run.errorLines.allSatisfy { $0.hasSuffix(": already exists and was not made by Filmroll; "
            + "choose another output, or add --force to replace it") }, "\(run.stderr)")
        let after = try Self.contents(of: base.file("target/gallery"))
        for (name, bytes) in before { #expect(after[name] == bytes, "\(name)") }
    }

    @Test(arguments: [false, true])
    func anOutFolderOfAnotherCatalogIsRefused(force: Bool) throws {
        let base = try Self.twoFolders()
        let theirs = base.file("B/.filmroll")
        let before = try Self.contents(of: theirs + "/gallery")

        let run = try BinaryRun.run(["process", base.file("A"), "--out", theirs + "/gallery", "--quiet"] + (force ? ["--force"] : []))

        #expect(run.status == 1)
        #expect(run.errorLines == ["filmroll: \(base.file("A")): refusing to write into \(theirs)/gallery: \(theirs)/gallery belongs to "
            + "another catalog (the marker \(theirs)/.filmroll-owner names it); Filmroll never replaces or deletes another catalog's "
            + "outputs, even with --force: choose another output folder"], "\(run.stderr)")
        #expect(try Self.contents(of: theirs + "/gallery") == before)

        // An --out folder another folder's process made is another catalog's too.
        #expect(try BinaryRun.run("process", base.file("B"), "--out", base.file("site"), "--quiet").status == 0)
        let site = try Self.contents(of: base.file("site"))
        let again = try BinaryRun.run("process", base.file("A"), "--out", base.file("site"), "--quiet")
        #expect(again.status == 1 && again.stderr.contains("belongs to another catalog"), "\(again.stderr)")
        #expect(try Self.contents(of: base.file("site")) == site)
    }

    @Test func thumbsIntoAnotherCatalogsGalleryIsRefusedAndIntoANewFolderMarksIt() throws {
        let base = try Self.twoFolders()
        let theirs = base.file("B/.filmroll/gallery/thumbs")
        let before = try Self.contents(of: theirs)

        let run = try BinaryRun.run("thumbs", base.file("A"), "--out", theirs, "--force")

        #expect(run.status == 1)
        #expect(run.errorLines.contains { $0.contains("refusing to write into \(theirs): \(theirs) belongs to another catalog") }, "\(run.stderr)")
        #expect(try Self.contents(of: theirs) == before)
        #expect(try BinaryRun.run("thumbs", base.file("A"), "--out", base.file("A-thumbs"), "--quiet").status == 0)
        #expect(FileBytes.exists(base.file("A-thumbs/.filmroll-owner")))
    }

    @Test func anOutFolderInsideAnotherPhotoFolderIsNeverIndexedAsPhotos() throws {
        let base = try Self.twoFolders()
        #expect(try BinaryRun.run("process", base.file("A"), "--out", base.file("B/web"), "--quiet").status == 0)
        #expect(FileBytes.exists(base.file("B/web/.filmroll-owner")))

        let index = try BinaryRun.run("index", base.file("B"), "--json")

        #expect(index.status == 0)
        #expect(index.stdout.contains(#""added":0"#), "\(index.stdout)")
        #expect(try Catalog(folder: base.file("B")).database.value("SELECT count(*) FROM photos").int == 4)
    }

    @Test func aFolderMovedWithItsFilmrollKeepsItsOutputs() throws {
        let base = try Self.twoFolders()
        #expect(rename(base.file("A"), base.file("moved")) == 0)

        let run = try BinaryRun.run("process", base.file("moved"), "--json")

        #expect(run.status == 0, "\(run.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n").last!.utf8))
                                   as? [String: Any])
        #expect(summary["thumbnails"] as? Int == 0 && summary["animations"] as? Int == 0 && summary["reused"] as? Int == 0,
                "\(run.stdout)")
        // Its outputs are still its own to delete where they now are.
        #expect(unlink(base.file("moved/IMG_0004.jpg")) == 0)
        #expect(try BinaryRun.run("index", base.file("moved"), "--quiet").status == 0)
        let prune = try BinaryRun.run("prune", base.file("moved"))
        #expect(prune.status == 0 && prune.stderr.isEmpty, "\(prune.stderr)")
        #expect(!FileBytes.exists(base.file("moved/.filmroll/gallery/thumbs/IMG_0004_256.jpg")))
    }

    @Test func twoSpellingsOfOneOutFolderAreOneFolder() throws {
        let base = try Self.twoFolders()
        try Folders.create(base.file("site/sub"))
        #expect(try BinaryRun.run("process", base.file("A"), "--out", base.file("site"), "--quiet").status == 0)

        let run = try BinaryRun.run("process", base.file("A"), "--out", base.file("site/./sub/.."), "--json")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""upToDate":true"#), "\(run.stdout)")
        let runs = try Catalog(folder: base.file("A")).database.rows("SELECT out FROM process_runs").compactMap { $0[0].string }
        #expect(runs.sorted() == [base.file("A/.filmroll/gallery"), base.file("site")].sorted())
    }
}
