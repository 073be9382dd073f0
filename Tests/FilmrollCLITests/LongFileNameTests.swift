import Files
import Foundation
import Testing

/// Photos whose names take the whole 255 bytes a name may have: their
/// outputs' names are fitted (`FittedFileName`), kept apart, linked, and
/// a re-run makes nothing.
@Suite(.serialized) struct LongFileNameTests {
    /// Two 255-byte ASCII names differing only in their last letter, and a 251-byte Hangul one.
    static let names = [
        String(repeating: "a", count: 251) + ".jpg",
        String(repeating: "a", count: 250) + "b.jpg",
        String(repeating: "한", count: 82) + "글.jpg",
    ]

    static func folder(in scratch: borrowing TemporaryFolder) throws -> String {
        let folder = scratch.file("photos")
        try Folders.create(folder)
        for (index, name) in names.enumerated() {
            #expect(name.utf8.count <= 255 && name.utf8.count >= 251)
            try AtomicFile.write(try ShardTests.still(taken: "2024:05:0\(index + 1) 10:00:00", detail: index + 3), to: folder + "/" + name)
        }
        return folder
    }

    /// The names in `folder`, each at most 255 bytes, all different.
    static func expectFitted(_ names: [String], count: Int) {
        #expect(names.count == count, "\(names)")
        #expect(Set(names).count == names.count)
        for name in names { #expect(name.utf8.count <= 255, "\(name.utf8.count) bytes: \(name)") }
    }

    @Test func processFitsEveryOutputNameAndLinksIt() throws {
        let scratch = TemporaryFolder()
        let folder = try Self.folder(in: scratch)
        let gallery = folder + "/.filmroll/gallery"

        let run = try BinaryRun.run(["process", folder, "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        Self.expectFitted(Folders.names(in: gallery + "/thumbs"), count: 6)
        let pages = Folders.names(in: gallery + "/photos")
        Self.expectFitted(pages, count: 3)

        // Each photo page shows a thumbnail that exists.
        for page in pages {
            let html = try String(contentsOfFile: gallery + "/photos/" + page, encoding: .utf8)
            let sources = html.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            let images = sources.compactMap { $0.removingPercentEncoding }.filter { $0.hasPrefix("../thumbs/") }
            #expect(!images.isEmpty, "\(page)")
            for image in images { #expect(FileBytes.exists(gallery + "/photos/" + image), "\(page) shows \(image)") }
        }

        let again = try BinaryRun.run(["process", folder])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(again.stdout.contains("nothing changed since the last run"), "\(again.stdout)")
    }

    @Test func thumbsFitsEveryOutputName() throws {
        let scratch = TemporaryFolder()
        let folder = try Self.folder(in: scratch)
        let out = scratch.file("out")

        let run = try BinaryRun.run(["thumbs", folder, "--out", out, "--size", "64,128", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        Self.expectFitted(Folders.names(in: out), count: 6)

        let again = try BinaryRun.run(["thumbs", folder, "--out", out, "--size", "64,128", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        let statuses = again.stdout.split(separator: "\n").filter { $0.contains(#""status":"#) }
        #expect(statuses.count == 6 && statuses.allSatisfy { $0.contains(#""status":"cached""#) }, "\(again.stdout)")
        Self.expectFitted(Folders.names(in: out), count: 6)
    }
}
