import Catalog
import FilmrollCLI
import Imaging
import Testing
import TestSupport

@Suite(.serialized) struct FourcutCommandTests {
    static let photos = ["dated/IMG_0001.jpg", "dated/IMG_0002.jpg", "dated/IMG_0003.jpg", "dated/IMG_0005.jpg"].map(Fixtures.path)

    @Test func stripWithItsDpiRecorded() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run(["fourcut"] + Self.photos + ["-o", out.file("strip.jpg"), "--dpi", "300", "--json"])
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.hasPrefix(#"{"path":"\#(out.file("strip.jpg"))","width":600,"height":1800,"dpi":300,"#))
        let bytes = try FileBytes.read(out.file("strip.jpg"))
        #expect(try ImageDecoder.readInfo(bytes).storedSize == PixelSize(width: 600, height: 1800))
        let jfif = try #require(bytes.firstRange(of: Array("JFIF\0".utf8))).upperBound
        #expect(Array(bytes[jfif + 2..<jfif + 7]) == [1, 0x01, 0x2C, 0x01, 0x2C])

        let (pngCode, _) = CommandRunner.run(["fourcut"] + Self.photos + ["-o", out.file("grid.png"), "--layout", "grid", "--dpi", "300",
                                                              "--frame", "black", "--radius", "12"])
        #expect(pngCode == .success)
        let png = try FileBytes.read(out.file("grid.png"))
        #expect(try ImageDecoder.readInfo(png).storedSize == PixelSize(width: 1200, height: 1800))
        #expect(png.firstRange(of: Array("pHYs".utf8)) != nil)
    }

    @Test func fewerThanFourIsAUsageErrorUnlessRepeated() throws {
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("fourcut", Self.photos[0], Self.photos[1], "-o", out.file("x.jpg"))
        #expect(code == .usage)
        #expect(runner.stderr.hasPrefix("filmroll fourcut: a four-cut takes four photos, not 2; add --repeat to repeat them\n"))
        let (repeated, _) = CommandRunner.run("fourcut", Self.photos[0], Self.photos[1], "-o", out.file("x.jpg"), "--repeat",
                                              "--dpi", "100", "--caption", "none")
        #expect(repeated == .success)
        #expect(out.names() == ["x.jpg"])
    }

    @Test(arguments: [
        ["a", "b", "c", "d", "e", "-o", "x.jpg"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "-o", "x.gif"],
        ["a", "b", "c", "d", "-o", "x.jpg", "--layout", "circle"], ["a", "b", "c", "d", "-o", "x.jpg", "--frame", "#zzz"],
        ["a", "b", "c", "d", "-o", "x.jpg", "--locale", "fr"], ["a", "b", "c", "d", "-o", "x.jpg", "--crop", "left"],
        ["--per-day"], ["--per-day", "--folder", "f", "a"],
    ])
    func badCommandLines(arguments: [String]) {
        let (code, runner) = CommandRunner.run(["fourcut"] + arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll fourcut "))
    }

    @Test func refusesToOverwriteAPhotoAndNamesABrokenOne() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("dated/IMG_0001.jpg"), as: "a.jpg")
        let original = try FileBytes.read(folder.file("a.jpg"))
        let (code, runner) = CommandRunner.run(["fourcut"] + Self.photos.dropLast() + [folder.file("a.jpg"), "-o", folder.file("a.jpg")])
        #expect(code == .failure)
        #expect(runner.stderr.contains("refusing to overwrite the input photo"))
        #expect(try FileBytes.read(folder.file("a.jpg")) == original)

        let (broken, brokenRunner) = CommandRunner.run(["fourcut"] + Self.photos.dropLast()
                                                       + [Fixtures.path("jpeg/truncated.jpg"), "-o", folder.file("b.jpg"), "--dpi", "100"])
        #expect(broken == .failure)
        #expect(brokenRunner.stderr.contains("truncated.jpg: truncated JPEG"))
        #expect(!folder.names().contains("b.jpg"))
    }

    @Test func perDayMakesOneSheetPerFullDayAndRecordsIt() throws {
        let folder = TemporaryFolder()
        for index in 1...6 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        // A fourth photo on 10 April (the same picture again under another name).
        try folder.write(try Fixtures.bytes("dated/IMG_0002.jpg"), as: "IMG_0002 copy.jpg")
        _ = CommandRunner.run("index", folder.path, "--quiet")
        let out = TemporaryFolder()
        let (code, runner) = CommandRunner.run("fourcut", "--folder", folder.path, "--per-day", "--out", out.path, "--dpi", "100")
        #expect(code == .success, "\(runner.stderr)")
        #expect(out.names() == [".filmroll-owner", "2025-04-10.jpg"])   // the folder marked as the catalog's
        #expect(runner.stdout == "1 four-cut made, 0 failed; in \(out.path)\n")

        let catalog = try Catalog(folder: folder.path)
        let rows = try catalog.database.rows("SELECT id, kind, path FROM outputs")
        #expect(rows.count == 1)
        #expect(rows[0]["kind"].string == "fourcut")
        #expect(rows[0]["path"].string == out.file("2025-04-10.jpg"))
        let sources = try catalog.sources(ofOutput: Int64(rows[0]["id"].int!))
        let names = try sources.map { id in try catalog.database.value("SELECT path FROM photos WHERE id = ?", [id]).string! }
        #expect(names == ["IMG_0001.jpg", "IMG_0002 copy.jpg", "IMG_0002.jpg", "IMG_0003.jpg"])   // by time, then name
    }

    @Test func pickSpreadsAcrossTheDay() {
        #expect(Self.spread(10) == [0, 3, 6, 9])
        #expect(Self.spread(5) == [0, 1, 3, 4])
        #expect(Self.spread(4) == [0, 1, 2, 3])
    }

    static func spread(_ count: Int) -> [Int] {
        let last = Double(count - 1)
        return count == 4 ? [0, 1, 2, 3] : (0..<4).map { Int((Double($0) * last / 3).rounded()) }
    }
}

