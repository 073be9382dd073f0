import FilmrollCLI
import Testing
import TestSupport

/// `show` and `ls` (as people read them and as JSON) say a date without a
/// time of day has none: a WhatsApp photo's date is the day alone, its time
/// unknown, never "00:00". Run through the real binary.
@Suite struct TimeUnknownCommandTests {
    @Test func showAndListSayTheTimeIsUnknown() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("names/with space.jpg"), as: "IMG-20240504-WA0001.jpg")
        try folder.write(try Fixtures.bytes("names/with space.jpg"), as: "20240504_111111.jpg")
        #expect(try BinaryRun.run(["index", folder.path, "--quiet"]).status == 0)

        let show = try BinaryRun.run(["show", folder.file("IMG-20240504-WA0001.jpg")])
        #expect(show.status == 0)
        #expect(show.stdout.contains("taken: 2024-05-04 (time unknown, date from the file name)\n"), "\(show.stdout)")
        #expect(!show.stdout.contains("00:00"))
        let json = try BinaryRun.run(["show", folder.file("IMG-20240504-WA0001.jpg"), "--json"])
        #expect(json.status == 0)
        #expect(json.stdout.contains(#""taken":"2024-05-04","takenTimeKnown":false,"takenFromFileTime":false,"takenSource":"fileName""#),
                "\(json.stdout)")
        let timed = try BinaryRun.run(["show", folder.file("20240504_111111.jpg"), "--json"])
        #expect(timed.stdout.contains(#""taken":"2024-05-04T11:11:11","takenTimeKnown":true,"#), "\(timed.stdout)")

        let list = try BinaryRun.run(["ls", folder.path])
        #expect(list.status == 0)
        #expect(list.stdout.hasPrefix("2024-05-04 time unknown  IMG-20240504-WA0001.jpg  "), "\(list.stdout)")
        #expect(list.stdout.contains("\n2024-05-04 11:11:11      20240504_111111.jpg  "))
        #expect(!list.stdout.contains("00:00"))
        let listJSON = try BinaryRun.run(["ls", folder.path, "--json"])
        let lines = listJSON.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""path":"IMG-20240504-WA0001.jpg""#) == true)
        #expect(lines.first?.contains(#""taken":"2024-05-04","takenTimeKnown":false,"#) == true, "\(listJSON.stdout)")
        #expect(lines.last?.contains(#""takenTimeKnown":true"#) == true)
    }

    /// `info` reads the file alone: an XMP day without a time is the day alone.
    @Test func infoGivesAnXMPDayAlone() throws {
        let folder = TemporaryFolder()
        try folder.write(try XMPFixtures.jpeg(xmp: XMPFixtures.packet(attributes: #"photoshop:DateCreated="2022-02-02""#)),
                         as: "scan.jpg")
        let (code, json) = CommandRunner.run("info", "--json", folder.file("scan.jpg"))
        #expect(code == .success)
        #expect(json.stdout.contains(#""taken":"2022-02-02","#), "\(json.stdout)")
        let (_, human) = CommandRunner.run("info", folder.file("scan.jpg"))
        #expect(human.stdout.contains("taken 2022-02-02, time unknown"), "\(human.stdout)")
        #expect(!human.stdout.contains("00:00"))
    }
}
