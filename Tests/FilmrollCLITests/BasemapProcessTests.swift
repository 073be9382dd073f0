import Filmroll
import Imaging
import Testing
import TestSupport

/// `process --basemap FILE` end to end: a walk in central Helsinki gets a day
/// map drawn from the user's OpenStreetMap extract (streets named along their
/// lines, the photos numbered and linked to their pages, the data's
/// attribution); a basemap that cannot be read is one warning naming it, the
/// map drawn from the built-in data instead, and the run otherwise done.
@Suite struct BasemapProcessTests {
    /// A photo taken at `taken` at latitude, longitude (degrees north and east).
    static func photo(taken: String, latitude: Double, longitude: Double) throws -> [UInt8] {
        func degrees(_ value: Double) -> EXIFBuilder.Value {
            let whole: UInt32 = UInt32(value)
            let minutes: Double = (value - Double(whole)) * 60
            let wholeMinutes: UInt32 = UInt32(minutes)
            let milliseconds: Double = (minutes - Double(wholeMinutes)) * 60_000
            let one: UInt32 = 1, thousand: UInt32 = 1000
            return .rationals([(whole, one), (wholeMinutes, one), (UInt32(milliseconds.rounded()), thousand)])
        }
        var exif = EXIFBuilder()
        exif.exif[0x9003] = .ascii(taken)
        exif.gps[0x0001] = .ascii("N")
        exif.gps[0x0002] = degrees(latitude)
        exif.gps[0x0003] = .ascii("E")
        exif.gps[0x0004] = degrees(longitude)
        let pixels = (0..<64 * 48 * 3).map { UInt8(truncatingIfNeeded: $0 / 5) }
        return try ImageEncoder.encode(Image(width: 64, height: 48, format: .rgb8, pixels: pixels),
                                       as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    /// Four photos along Pohjoisesplanadi and Aleksanterinkatu.
    static func walk(in folder: borrowing TemporaryFolder) throws {
        try Folders.create(folder.file("walk"))
        let stops = [(60.1675, 24.9460), (60.1680, 24.9490), (60.1688, 24.9470), (60.1695, 24.9440)]
        for (index, stop) in stops.enumerated() {
            try folder.write(try photo(taken: "2024:06:01 1\(index):00:00", latitude: stop.0, longitude: stop.1),
                             as: "walk/IMG_000\(index).jpg")
        }
    }

    @Test func aDayInHelsinkiIsDrawnOverItsStreets() throws {
        let folder = TemporaryFolder()
        try Self.walk(in: folder)
        let basemap = Fixtures.path("basemap/helsinki.pmtiles")
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", basemap, "--quiet")
        #expect(code == .success, "\(run.stderr)")
        let map = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01-map.svg")), as: UTF8.self)
        #expect(map.contains("<textPath"))
        #expect(map.contains("Pohjoisesplanadi") || map.contains("Aleksanterinkatu"))
        #expect(map.contains("OpenStreetMap"))
        // Each photo numbered and linked to its page, in order
        for index in 0..<4 { #expect(map.contains("href=\"../photos/IMG_000\(index).html\""), "photo \(index)") }
        #expect(!map.contains("http://") || !map.replacingOccurrences(of: "http://www.w3.org/", with: "").contains("http://"))
        // The day page embeds it so that its links work, taking the whole window
        let page = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01.html")), as: UTF8.self)
        #expect(page.contains("<object class=\"map\" type=\"image/svg+xml\" data=\"../days/2024-06-01-map.svg\""))
        #expect(map.contains("href=\"../photos/IMG_0000.html\" target=\"_top\""))
        // Remembered: a re-run without the flag keeps the same map
        #expect(CommandRunner.run("process", folder.file("walk"), "--quiet").code == .success)
        let again = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01-map.svg")), as: UTF8.self)
        #expect(again == map)
    }

    @Test func aDamagedBasemapIsOneWarningAndTheMapIsDrawnWithoutIt() throws {
        let folder = TemporaryFolder()
        try Self.walk(in: folder)
        var bytes = try Fixtures.bytes("basemap/helsinki.pmtiles")
        bytes.removeLast(bytes.count - 200)
        try folder.write(bytes, as: "cut.pmtiles")
        let (code, run) = CommandRunner.run("process", folder.file("walk"), "--basemap", folder.file("cut.pmtiles"))
        #expect(code == .success, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("cut.pmtiles") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("maps drawn without it") == true)
        let map = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01-map.svg")), as: UTF8.self)
        #expect(map.contains("<svg") && !map.contains("<textPath"))
        let page = String(decoding: try FileBytes.read(folder.file("walk/.filmroll/gallery/days/2024-06-01.html")), as: UTF8.self)
        #expect(page.contains("<img src=\"../days/2024-06-01-map.svg\"") && !page.contains("<object"))
    }
}
