#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// `process --out DIR` never replaces the user's own pages (issue 19,
/// item 2): a page or stylesheet without the gallery's mark is refused
/// with the usual line, the rest of the gallery is still written, exit 1;
/// `--force` replaces it; Filmroll's own pages are replaced on a re-run,
/// and in the folder's own `.filmroll/gallery` every page is Filmroll's.
/// Through the real binary.
@Suite(.serialized) struct GalleryPageSafetyTests {
    /// The user's own files in the output folder, by path.
    static let usersFiles: [String: String] = [
        "index.html": "<!DOCTYPE html><title>My home page</title><p>mine</p>\n",
        "style.css": "body { font-family: serif; }\n",
        "days/2025-04-10.html": "<p>My notes of 10 April</p>\n",
        // A day the gallery does not have: a stale page's name, never deleted.
        "days/2024-12-25.html": "<p>My notes of Christmas</p>\n",
    ]

    /// A folder of six photos: three of 2025-04-10, one of 2025-04-11 and two of 2025-04-12.
    static func photoFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        return folder
    }

    static func plantUsersFiles(in out: String) throws {
        try Folders.create(out + "/days")
        for (path, text) in usersFiles { try AtomicFile.write(Array(text.utf8), to: out + "/" + path) }
    }

    static func text(_ path: String) throws -> String { String(decoding: try FileBytes.read(path), as: UTF8.self) }

    static let refusal = ": already exists and was not made by Filmroll; choose another output, or add --force to replace it"

    @Test func theUsersPagesInOutAreRefusedAndTheRestOfTheGalleryIsWritten() throws {
        let folder = try Self.photoFolder(), out = TemporaryFolder()
        try Self.plantUsersFiles(in: out.path)

        let run = try BinaryRun.run("process", folder.path, "--out", out.path, "--quiet")

        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines.sorted() == ["days/2025-04-10.html", "index.html", "style.css"]
            .map { "filmroll: \(out.path)/\($0)\(Self.refusal)" }, "\(run.stderr)")
        for (path, text) in Self.usersFiles {
            #expect(try Self.text(out.file(path)) == text, "\(path) was changed")
        }
        #expect(try Self.text(out.file("days/2025-04-11.html")).contains(#"<meta name="generator" content="Filmroll gallery">"#))
        #expect(FileBytes.exists(out.file("days/2025-04-10.gif")))
        #expect(out.names().contains("thumbs"))
    }

    @Test func forceReplacesTheUsersPagesButNeverDeletesOne() throws {
        let folder = try Self.photoFolder(), out = TemporaryFolder()
        try Self.plantUsersFiles(in: out.path)

        let run = try BinaryRun.run("process", folder.path, "--out", out.path, "--quiet", "--force")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.isEmpty, "\(run.stderr)")
        for page in ["index.html", "days/2025-04-10.html"] {
            #expect(try Self.text(out.file(page)).contains(#"<meta name="generator" content="Filmroll gallery">"#), "\(page)")
        }
        #expect(try Self.text(out.file("style.css")).hasPrefix("/* Filmroll gallery */\n"))
        #expect(try Self.text(out.file("days/2024-12-25.html")) == Self.usersFiles["days/2024-12-25.html"])
    }

    @Test func filmrollsOwnPagesInOutAreReplacedOnAReRunWithoutForce() throws {
        let folder = try Self.photoFolder(), out = TemporaryFolder()
        #expect(try BinaryRun.run("process", folder.path, "--out", out.path, "--quiet").status == 0)

        let retitled = try BinaryRun.run("process", folder.path, "--out", out.path, "--quiet", "--title", "Spring")

        #expect(retitled.status == 0, "\(retitled.stderr)")
        #expect(retitled.errorLines.isEmpty)
        #expect(try Self.text(out.file("index.html")).contains("<title>Spring</title>"))
        #expect(try Self.text(out.file("days/2025-04-10.html")).contains("Spring"))

        // As the Filmroll before the mark wrote them: pages with the plain generator, the stylesheet without its first line.
        for page in ["index.html", "days/2025-04-10.html"] {
            let earlier = try Self.text(out.file(page)).replacingOccurrences(of: #"content="Filmroll gallery""#, with: #"content="Filmroll""#)
            try AtomicFile.write(Array(earlier.utf8), to: out.file(page))
        }
        // (That stylesheet ended where today's viewer rules begin.)
        let stylesheet = try Self.text(out.file("style.css"))
        let unmarked = stylesheet.drop { $0 != "\n" }.dropFirst()
        let earlier = unmarked.firstRange(of: "\n/* The full-screen viewer. */").map { unmarked[..<$0.lowerBound] } ?? unmarked
        try AtomicFile.write(Array(earlier.utf8), to: out.file("style.css"))

        let again = try BinaryRun.run("process", folder.path, "--out", out.path, "--quiet")

        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.errorLines.isEmpty, "\(again.stderr)")
        #expect(try Self.text(out.file("style.css")) == stylesheet)
        #expect(try Self.text(out.file("index.html")).contains(#"content="Filmroll gallery""#))
    }

    @Test func inTheFoldersOwnGalleryEveryPageIsFilmrolls() throws {
        let folder = try Self.photoFolder()
        #expect(try BinaryRun.run("process", folder.path, "--quiet").status == 0)
        let gallery = folder.path + "/.filmroll/gallery"
        try Self.plantUsersFiles(in: gallery)

        let run = try BinaryRun.run("process", folder.path, "--quiet")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.errorLines.isEmpty, "\(run.stderr)")
        #expect(try Self.text(gallery + "/index.html").contains(#"content="Filmroll gallery""#))
        #expect(try Self.text(gallery + "/style.css").hasPrefix("/* Filmroll gallery */\n"))
        #expect(!FileBytes.exists(gallery + "/days/2024-12-25.html"), "a stale day page of its own is deleted")
    }

    @Test func aFIFOAtAPagesPathIsRefusedEvenWithForceAndNeverOpened() throws {
        let folder = try Self.photoFolder(), out = TemporaryFolder()
        #expect(mkfifo(out.file("index.html"), 0o644) == 0)

        let run = try BinaryRun.run(["process", folder.path, "--out", out.path, "--quiet", "--force"], timeout: 30)

        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.errorLines == ["filmroll: \(out.file("index.html")): exists and is not a regular file"])
        var status = stat()
        #expect(lstat(out.file("index.html"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        #expect(FileBytes.exists(out.file("style.css")))
    }
}
