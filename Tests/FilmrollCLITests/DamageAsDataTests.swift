import Catalog
import Foundation
import Imaging
import Testing
import TestSupport

/// What a decoder went past is data, through the real binary: a JPEG
/// whose scan ends near its top is an error naming the file, never a grey
/// picture; lesser damage is one warning line naming the file, kept in the
/// catalog and listed on the gallery's problems page; a motion photo whose
/// directory lies is told by `index` and `process` as by `thumbs`.
@Suite struct DamageAsDataTests {
    // MARK: Fixtures, made from the test photo (640×480, baseline)

    /// The photo with its SOF0 claiming 9000×9000: its scan ends 31 rows down.
    static func claimingNineThousand() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("jpeg/photo.jpg")
        let frame = try #require(bytes.indices.dropLast(9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(frame + 5..<frame + 9, with: [0x23, 0x28, 0x23, 0x28])   // height, width: 9000
        return bytes
    }

    /// The photo cut a tenth short: its last rows are grey.
    static func cutATenthShort() throws -> [UInt8] {
        let bytes = try Fixtures.bytes("jpeg/photo.jpg")
        return Array(bytes.prefix(bytes.count * 9 / 10))
    }

    /// The photo with three stray bytes before its SOS marker.
    static func extraneousBytes() throws -> [UInt8] {
        var bytes = try Fixtures.bytes("jpeg/photo.jpg")
        let scan = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        bytes.insert(contentsOf: [0, 1, 2], at: scan)
        return bytes
    }

    /// A Google motion photo whose directory gives a video longer than the file.
    static func lyingMotionPhoto() throws -> [UInt8] {
        let camera = "http://ns.google.com/photos/1.0/camera/"
        let container = "http://ns.google.com/photos/1.0/container/"
        let item = "http://ns.google.com/photos/1.0/container/item/"
        let items = [("Primary", "image/jpeg", "0"), ("MotionPhoto", "video/mp4", "100000")].map {
            "<rdf:li rdf:parseType=\"Resource\"><Container:Item Item:Mime=\"\($0.1)\" Item:Semantic=\"\($0.0)\" "
                + "Item:Length=\"\($0.2)\" Item:Padding=\"0\"/></rdf:li>"
        }
        let xmp = XMPFixtures.packet(attributes: """
            xmlns:GCamera="\(camera)" xmlns:Container="\(container)" xmlns:Item="\(item)"
            GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1"
            """, elements: "<Container:Directory><rdf:Seq>\(items.joined())</rdf:Seq></Container:Directory>")
        let mp4Start: [UInt8] = [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0]
        return try XMPFixtures.jpeg(xmp: xmp) + mp4Start
    }

    static let motionWarning = "Google motion photo: a video of 100000 bytes ending at byte "

    // MARK: A picture mostly invented is an error

    @Test(arguments: [["thumbs", "--size", "64", "--no-catalog", "-q", "--out"], ["convert", "--max-size", "256"]])
    func aScanEndingNearTheTopIsAnErrorNamingTheFile(command: [String]) throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.claimingNineThousand(), as: "lying.jpg")
        let out = TemporaryFolder()
        let arguments = command[0] == "convert"
            ? ["convert", folder.file("lying.jpg"), out.file("small.jpg")] + command.dropFirst()
            : command + [out.path, folder.file("lying.jpg")]
        let run = try BinaryRun.run(arguments)
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("filmroll: \(folder.file("lying.jpg")): truncated JPEG: the image data ends at row 31 of 9000;"))
        #expect(out.names().isEmpty)
    }

    // MARK: Lesser damage is a warning

    @Test(arguments: [
        ("cut", "the image data ends at row 400 of 480; the rows below it are grey (Premature end of JPEG file"),
        ("extraneous", "Corrupt JPEG data: 3 extraneous bytes before marker 0xda"),
    ])
    func lesserDamageIsOneWarningLineAndThePicture(damage: String, warning: String) throws {
        let folder = TemporaryFolder()
        try folder.write(damage == "cut" ? try Self.cutATenthShort() : try Self.extraneousBytes(), as: "damaged.jpg")
        let path = folder.file("damaged.jpg")
        let out = TemporaryFolder()
        for arguments in [["thumbs", path, "--size", "64", "--no-catalog", "-q", "--out", out.path],
                          ["convert", path, out.file("small.jpg"), "--max-size", "256"]] {
            let run = try BinaryRun.run(arguments)
            #expect(run.status == 0, "\(arguments[0]): \(run.stderr)")
            #expect(run.errorLines.count == 1, "\(arguments[0]): \(run.stderr)")
            #expect(run.stderr.hasPrefix("filmroll: \(path): warning: \(warning)"), "\(arguments[0]): \(run.stderr)")
        }
        #expect(out.names() == ["damaged_64.jpg", "small.jpg"])
    }

    @Test func indexWarnsAboutAHeadersDamageAndKeepsItInTheCatalog() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.extraneousBytes(), as: "damaged.jpg")
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "fine.jpg")
        let run = try BinaryRun.run(["index", folder.path, "--quiet"])
        #expect(run.status == 0)
        #expect(run.stderr == "filmroll: \(folder.file("damaged.jpg")): warning: Corrupt JPEG data: 3 extraneous bytes before marker 0xda\n")
        let catalog = try Catalog(folder: folder.path)
        #expect(try catalog.photo(relativePath: "damaged.jpg")?.warning == "Corrupt JPEG data: 3 extraneous bytes before marker 0xda")
        #expect(try catalog.photo(relativePath: "fine.jpg")?.warning == nil)
    }

    // MARK: A lying motion photo, told by index and process

    @Test func indexTellsALyingMotionPhotoOnceInTextAndJSON() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.lyingMotionPhoto(), as: "motion.jpg")
        let path = folder.file("motion.jpg")
        let run = try BinaryRun.run(["index", folder.path, "--json"])
        #expect(run.status == 0)
        #expect(run.errorLines.count == 1)
        #expect(run.stderr.hasPrefix("filmroll: \(path): warning: \(Self.motionWarning)"))
        #expect(run.stdout.contains("\"warnings\":[{\"path\":\"\(path)\",\"warning\":\"\(Self.motionWarning)"))
        let recorded = try Catalog(folder: folder.path).photo(relativePath: "motion.jpg")?.warning
        #expect(recorded?.hasPrefix(Self.motionWarning) == true)
    }

    @Test func processTellsALyingMotionPhotoAndCutJPEGOnceAndListsThem() throws {
        let folder = TemporaryFolder()
        try folder.write(try Self.lyingMotionPhoto(), as: "motion.jpg")
        try folder.write(try Self.cutATenthShort(), as: "cut.jpg")
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "fine.jpg")
        let out = TemporaryFolder()
        let run = try BinaryRun.run(["process", folder.path, "--out", out.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        // Read by the index and decoded for the thumbnails, each file is told once.
        let motionLines = run.errorLines.filter { $0.hasPrefix("filmroll: \(folder.file("motion.jpg")): warning: \(Self.motionWarning)") }
        let cutLines = run.errorLines.filter { $0.hasPrefix("filmroll: \(folder.file("cut.jpg")): warning: the image data ends at row 400 of 480") }
        #expect(motionLines.count == 1 && cutLines.count == 1, "\(run.stderr)")
        #expect(run.errorLines.count == 2, "\(run.stderr)")
        // JSON: an event as it came, and the summary's list.
        #expect(run.stdout.contains("{\"path\":\"\(folder.file("motion.jpg"))\",\"warning\":\"\(Self.motionWarning)"))
        let summary = try #require(run.stdout.split(separator: "\n").last.map(String.init))
        #expect(summary.contains("\"warnings\":[{\"path\":"))
        #expect(summary.contains("\"warning\":\"the image data ends at row 400 of 480"))
        // The catalog keeps both; the problems page lists them, and the index links it.
        let catalog = try Catalog(folder: folder.path)
        #expect(try catalog.photo(relativePath: "motion.jpg")?.warning?.hasPrefix(Self.motionWarning) == true)
        #expect(try catalog.photo(relativePath: "cut.jpg")?.warning?.hasPrefix("the image data ends at row 400 of 480") == true)
        #expect(try catalog.photo(relativePath: "fine.jpg")?.warning == nil)
        let problems = String(decoding: try FileBytes.read(out.file("problems.html")), as: UTF8.self)
        #expect(problems.contains("2 photos are shown with a warning"))
        #expect(problems.contains("<h1>Photos shown with a warning</h1>"))   // nothing else to list
        let shown = #"</bdi></span> <span class="why">Shown, but part of the file is damaged.</span>"#
        #expect(problems.contains("<bdi>motion.jpg" + shown))
        #expect(problems.contains("<bdi>cut.jpg" + shown))
        #expect(problems.contains(#"<span class="detail"><bdi>"# + Self.motionWarning))
        #expect(problems.contains(#"<span class="detail"><bdi>the image data ends at row 400 of 480"#))
        let index = String(decoding: try FileBytes.read(out.file("index.html")), as: UTF8.self)
        #expect(index.contains("2 photos with a warning"))

        // A re-run decodes nothing and tells nothing, and the page still lists them.
        let again = try BinaryRun.run(["process", folder.path, "--out", out.path, "--quiet"])
        #expect(again.status == 0)
        #expect(again.stderr.isEmpty, "\(again.stderr)")
        #expect(String(decoding: try FileBytes.read(out.file("problems.html")), as: UTF8.self).contains("<bdi>cut.jpg</bdi>"))
    }
}
