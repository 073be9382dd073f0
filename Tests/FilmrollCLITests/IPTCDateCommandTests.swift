import Foundation
import Imaging
import Testing
import TestSupport

/// IPTC dates and XMP days alone through the real commands: what `info`
/// prints, and the date the catalog keeps (`show --json`). Files made by
/// exiftool when it is installed, and by hand otherwise.
@Suite struct IPTCDateCommandTests {
    /// `show --json` of `name` in `folder` after `index`.
    static func shown(_ name: String, in folder: borrowing TemporaryFolder) throws -> String {
        #expect(try BinaryRun.run(["index", folder.path, "--quiet"]).status == 0)
        let show = try BinaryRun.run(["show", folder.file(name), "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        return show.stdout
    }

    @Test func handBuiltIPTCDateAndTime() throws {
        let folder = TemporaryFolder()
        let iim = IPTCFixtures.iim([(55, "20110304"), (60, "101112+0900")])
        try folder.write(IPTCFixtures.inserting(IPTCFixtures.resources(iim), into: try XMPFixtures.jpeg(xmp: nil)),
                         as: "archive.jpg")
        let (code, json) = CommandRunner.run("info", "--json", folder.file("archive.jpg"))
        #expect(code == .success)
        #expect(json.stdout.contains(#""taken":"2011-03-04T10:11:12+09:00","#), "\(json.stdout)")
        let (_, human) = CommandRunner.run("info", folder.file("archive.jpg"))
        #expect(human.stdout.contains("taken 2011-03-04T10:11:12+09:00,"), "\(human.stdout)")
        let shown = try Self.shown("archive.jpg", in: folder)
        #expect(shown.contains(#""taken":"2011-03-04T10:11:12+09:00","takenTimeKnown":true,"takenFromFileTime":false,"takenSource":"iptc""#),
                "\(shown)")
    }

    static func exiftool(_ arguments: [String], on bytes: [UInt8], in folder: borrowing TemporaryFolder,
                         as name: String) throws {
        try folder.write(bytes, as: name)
        _ = try ExternalTools.run(["exiftool", "-q", "-overwrite_original"] + arguments + [folder.file(name)])
    }

    @Test(.enabled(if: ExternalTools.has("exiftool"), "needs exiftool"))
    func exiftoolsIPTCDateWithTimeAndAlone() throws {
        let folder = TemporaryFolder()
        let plain = try XMPFixtures.jpeg(xmp: nil)
        try Self.exiftool(["-IPTC:DateCreated=2011:03:04", "-IPTC:TimeCreated=10:11:12+09:00"], on: plain, in: folder,
                          as: "timed.jpg")
        try Self.exiftool(["-IPTC:DateCreated=2011:03:04"], on: plain, in: folder, as: "day.jpg")
        // exiftool's own reading, to be sure the file says what the test means.
        let said = try ExternalTools.run(["exiftool", "-s3", "-IPTC:DateCreated", "-IPTC:TimeCreated", folder.file("timed.jpg")])
        #expect(said == "2011:03:04\n10:11:12+09:00\n", "\(said)")

        let (_, timed) = CommandRunner.run("info", "--json", folder.file("timed.jpg"))
        #expect(timed.stdout.contains(#""taken":"2011-03-04T10:11:12+09:00","#), "\(timed.stdout)")
        let (_, day) = CommandRunner.run("info", "--json", folder.file("day.jpg"))
        #expect(day.stdout.contains(#""taken":"2011-03-04","#), "\(day.stdout)")
        let (_, dayLine) = CommandRunner.run("info", folder.file("day.jpg"))
        #expect(dayLine.stdout.contains("taken 2011-03-04, time unknown"), "\(dayLine.stdout)")

        let shownTimed = try Self.shown("timed.jpg", in: folder)
        #expect(shownTimed.contains(#""taken":"2011-03-04T10:11:12+09:00","takenTimeKnown":true,"#), "\(shownTimed)")
        #expect(shownTimed.contains(#""takenSource":"iptc""#))
        let shownDay = try Self.shown("day.jpg", in: folder)
        #expect(shownDay.contains(#""taken":"2011-03-04","takenTimeKnown":false,"takenFromFileTime":false,"takenSource":"iptc""#),
                "\(shownDay)")
    }

    @Test(.enabled(if: ExternalTools.has("exiftool"), "needs exiftool"))
    func exiftoolsXMPDaysAloneAndTheOrder() throws {
        let folder = TemporaryFolder()
        let plain = try XMPFixtures.jpeg(xmp: nil)
        try Self.exiftool(["-XMP-xmp:CreateDate=2019:05:04"], on: plain, in: folder, as: "create.jpg")
        try Self.exiftool(["-XMP-photoshop:DateCreated=2019:05:04"], on: plain, in: folder, as: "created.jpg")
        // The XMP day alone and IPTC's date with its time: the time wins.
        try Self.exiftool(["-XMP-photoshop:DateCreated=2019:05:04", "-IPTC:DateCreated=2019:05:04",
                           "-IPTC:TimeCreated=10:11:12+09:00"], on: plain, in: folder, as: "both.jpg")
        // DateTimeOriginal before IPTC; IPTC before IFD0 DateTime.
        try Self.exiftool(["-EXIF:DateTimeOriginal=2020:01:02 03:04:05", "-IPTC:DateCreated=2011:03:04",
                           "-IPTC:TimeCreated=10:11:12+09:00"], on: plain, in: folder, as: "original.jpg")
        try Self.exiftool(["-EXIF:ModifyDate=2021:01:02 03:04:05", "-IPTC:DateCreated=2011:03:04",
                           "-IPTC:TimeCreated=10:11:12+09:00"], on: plain, in: folder, as: "modified.jpg")

        for name in ["create.jpg", "created.jpg"] {
            let (_, json) = CommandRunner.run("info", "--json", folder.file(name))
            #expect(json.stdout.contains(#""taken":"2019-05-04","#), "\(name): \(json.stdout)")
            let (_, line) = CommandRunner.run("info", folder.file(name))
            #expect(line.stdout.contains("taken 2019-05-04, time unknown"), "\(name): \(line.stdout)")
            #expect(!line.stdout.contains("00:00"))
        }
        let (_, both) = CommandRunner.run("info", "--json", folder.file("both.jpg"))
        #expect(both.stdout.contains(#""taken":"2019-05-04T10:11:12+09:00","#), "\(both.stdout)")
        let (_, original) = CommandRunner.run("info", "--json", folder.file("original.jpg"))
        #expect(original.stdout.contains(#""taken":"2020-01-02T03:04:05","#), "\(original.stdout)")
        let (_, modified) = CommandRunner.run("info", "--json", folder.file("modified.jpg"))
        #expect(modified.stdout.contains(#""taken":"2011-03-04T10:11:12+09:00","#), "\(modified.stdout)")

        let create = try Self.shown("create.jpg", in: folder)
        #expect(create.contains(#""taken":"2019-05-04","takenTimeKnown":false,"takenFromFileTime":false,"takenSource":"xmp""#),
                "\(create)")
        let shownBoth = try Self.shown("both.jpg", in: folder)
        #expect(shownBoth.contains(#""taken":"2019-05-04T10:11:12+09:00","takenTimeKnown":true,"#), "\(shownBoth)")
        #expect(shownBoth.contains(#""takenSource":"iptc""#))
        let shownModified = try Self.shown("modified.jpg", in: folder)
        #expect(shownModified.contains(#""takenSource":"iptc""#), "\(shownModified)")
    }
}
