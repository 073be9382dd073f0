#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Files
import Imaging
import Testing
import TestSupport

/// Errors carry their context as values (which limit, its value and
/// maximum; which operation on which path, and errno; why an output is
/// refused) and print the same sentences they always did; no code reads
/// an error's text to decide what to do.
@Suite struct TypedErrorTests {
    @Test(arguments: [
        (ImagingError.Limit.fileBytes(size: 11, maximum: 10), "file is larger than 10 bytes"),
        (.frames(count: 8, maximum: 7), "too many frames (8, more than 7)"),
        (.frames(count: nil, maximum: 2), "too many frames (more than 2)"),
        (.videoFrames(maximum: 3), "a video has at most 3 frames"),
        (.slideshowFrames(count: 216_000, maximum: 1000), "the slideshow would have 216000 frames, more than 1000"),
        (.decodeMemory(size: PixelSize(width: 4000, height: 3000), bytes: 48_000_000, available: 30_000_000, budget: 40_000_000),
         "decoding 4000×3000 needs 48 MB, more than the memory budget leaves for it (30 MB of --memory 40 MB)"),
        (.encodeMemory(size: PixelSize(width: 1920, height: 1080), bytes: 184_000_000, budget: 100_000_000),
         "encoding a 1920×1080 video needs about 184 MB, more than the memory budget leaves for it (100 MB; raise --memory)"),
        (.decoder("too many progressive scans (more than 500)"), "too many progressive scans (more than 500)"),
        (.described("more than 8 tiles"), "more than 8 tiles"),
    ])
    func aLimitSaysWhichItIs(limit: ImagingError.Limit, sentence: String) {
        #expect(limit.description == sentence)
        #expect(ImagingError.limitExceeded(limit).description == "limit exceeded: " + sentence)
    }

    @Test func aDecoderStillThrowsALimitInWords() {
        // The convenience new decoders may use: a literal or an interpolation is a described limit.
        func check(_ tiles: Int) throws(ImagingError) { if tiles > 4 { throw .limitExceeded("more than \(4) tiles") } }
        #expect(throws: ImagingError.limitExceeded(.described("more than 4 tiles"))) { try check(5) }
    }

    @Test func aFileErrorCarriesItsOperationPathAndErrno() throws {
        let cases: [(FileError, String, String?)] = [
            (.failed(.read, path: "/p/a.jpg", .system(errno: ENOENT)), "no such file or directory", nil),
            (.failed(.read, path: "/p", .isDirectory), "is a directory", nil),
            (.failed(.create, path: "/p/a.jpg", .system(errno: EACCES)), "cannot create /p/a.jpg: permission denied", "/p/a.jpg"),
            (.failed(.createFolder, path: "/p/x", .system(errno: EROFS)), "cannot create folder /p/x: read-only file system", "/p/x"),
            (.failed(.write, path: "/p/a.jpg", .alreadyFinished), "cannot write /p/a.jpg: the file was already finished", "/p/a.jpg"),
            (.failed(.remove, path: "/p/d.html", .system(errno: EPERM)), "cannot remove /p/d.html: operation not permitted", "/p/d.html"),
            (.tooLarge(path: "/p/a.jpg", size: 11, limit: 10), "limit exceeded: file is larger than 10 bytes", nil),
        ]
        for (error, sentence, named) in cases {
            #expect(error.description == sentence)
            #expect(error.namedPath == named)
        }
        // As the file system reports it.
        let error = try #require(throws: FileError.self) { try FileBytes.read("/nonexistent-filmroll/a.jpg") }
        #expect(error == .failed(.read, path: "/nonexistent-filmroll/a.jpg", .system(errno: ENOENT)))
        #expect(error.problem?.systemErrno == ENOENT)
        #expect(ImagingError(error) == .fileSystem(error))
        let tooLarge = try #require(throws: FileError.self) { try FileBytes.read(Fixtures.path("dated/IMG_0001.jpg"), limit: 10) }
        guard case let .limitExceeded(.fileBytes(size, maximum)) = ImagingError(tooLarge) else {
            Issue.record("\(tooLarge) is not a file-size limit")
            return
        }
        #expect(maximum == 10)
        #expect(size == (try FileBytes.read(Fixtures.path("dated/IMG_0001.jpg"))).count)
    }

    @Test func aRefusalSaysWhyAndNamesOnlyALinkedFolder() {
        let cases: [(OutputRefusal.Reason, String)] = [
            (.input, "refusing to overwrite the input photo; choose another output"),
            (.notMadeByFilmroll, "already exists and was not made by Filmroll; choose another output, or add --force to replace it"),
            (.otherOutput(found: .webp, wanted: .gif),
             "already exists and is a Filmroll animated WebP, not a Filmroll GIF; choose another output, or add --force to replace it"),
            (.folder, "is a folder; the output must be a file"),
            (.notRegularFile, "exists and is not a regular file"),
            (.symbolicLink, "refusing to write through /out/thumbs: it is a symbolic link"),
            (.linkLeadsOutside(root: "/out"), "refusing to write through /out/thumbs: a symbolic link leads outside /out"),
        ]
        for (reason, sentence) in cases {
            let refusal = OutputRefusal(path: "/out/thumbs", reason)
            #expect(ImagingError.outputRefused(refusal).description == sentence)
            let namesFolder = sentence.hasPrefix("refusing to write through")
            #expect(ImagingError.outputRefused(refusal).namedPath == (namesFolder ? "/out/thumbs" : nil))
        }
    }

    /// No code decides by an error's words: no `catch … where` on a
    /// message, no `.contains`, `hasPrefix` or `hasSuffix` on a reason,
    /// message or description (libpng's warnings, which have no codes, aside).
    @Test func noCodeReadsAnErrorsText() throws {
        let pattern = try NSRegularExpression(pattern:
            #"(catch[^{]*where[^{]*\.(contains|hasPrefix|hasSuffix)\()|((reason|message|description|cause)\)?\.(contains|hasPrefix|hasSuffix|starts)\()"#)
        let files = ArchitectureTests.files(under: "Sources", suffix: ".swift")
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOfFile: Fixtures.root + "/" + file, encoding: .utf8)
            let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            #expect(matches.isEmpty, "\(file) decides by an error's text")
        }
    }
}
