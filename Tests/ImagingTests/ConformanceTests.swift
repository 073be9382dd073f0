import Imaging
import Testing
import TestSupport

/// The public conformance suites in `../shared/testdata`, when present.
@Suite(.enabled(if: Fixtures.hasSharedTestData, "../shared/testdata is not present"))
struct ConformanceTests {
    struct PngSuiteEntry: Sendable, CustomTestStringConvertible {
        var file: String
        var expectsError: Bool
        var testDescription: String { file }
    }

    static let pngSuite: [PngSuiteEntry] = {
        guard let manifest = try? FileBytes.read(Fixtures.sharedTestData + "/pngsuite/manifest.tsv") else { return [] }
        return String(decoding: manifest, as: UTF8.self).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count >= 2 else { return nil }
            return PngSuiteEntry(file: String(fields[0]), expectsError: fields[1] == "error")
        }
    }()

    @Test func chromaticityChunksAreConverted() throws {
        let path = Fixtures.sharedTestData + "/pngsuite/ccwn2c08.png"
        let info = try ImageDecoder.readInfo(contentsOf: path)
        guard case .chromaticities = info.colorSpace else { Issue.record("\(info.colorSpace)"); return }
        let stored = try ImageDecoder.decode(contentsOf: path).image
        #expect(stored.colorSpace == info.colorSpace)
        let converted = stored.convertedToSRGB()
        #expect(converted.colorSpace == .sRGB)
        #expect(PixelMatch.maxDifference(stored, converted) > 8)
    }

    @Test func pngSuiteIsComplete() {
        #expect(Self.pngSuite.filter { !$0.expectsError }.count == 161)
        #expect(Self.pngSuite.filter(\.expectsError).count == 14)
    }

    @Test(arguments: pngSuite)
    func pngSuiteFile(entry: PngSuiteEntry) throws {
        let path = Fixtures.sharedTestData + "/pngsuite/" + entry.file
        if entry.expectsError {
            #expect(throws: ImagingError.self) { try ImageDecoder.decode(contentsOf: path) }
            return
        }
        // The references are the stored samples, which a decode gives (the
        // cHRM files, cc*, too: their colours are converted only when asked).
        let image = try ImageDecoder.decode(contentsOf: path).image
        let name = String(entry.file.dropLast(4))
        let reference = try FileBytes.read(Fixtures.sharedTestData + "/pngsuite/ref/\(name).rgba")
        // RGBA8 when the file has alpha (an alpha colour type or tRNS), else RGB8.
        let info = try ImageDecoder.readInfo(contentsOf: path)
        #expect(image.format == (info.hasAlpha ? .rgba8 : .rgb8))
        let rgba = image.rgba()
        #expect(rgba.pixels.count == reference.count)
        let worst = zip(rgba.pixels, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "\(entry.file): differs from the reference by up to \(worst)")
    }

    static let gifSuite: [String] = {
        let folder = Fixtures.sharedTestData + "/gif-test-suite/gifs"
        return ["animated_loop", "animated_loop_interlaced", "animated_loop_variable_delay", "animated_noloop",
                "animated_transparent_firstframerestoreprev_loop", "animated_transparent_frame_norestore_loop",
                "animated_transparent_frame_restorebackground_loop", "animated_transparent_frame_restoreprev_loop",
                "animated_transparent_loop", "animated_transparent_loop_frames_out_of_bounds",
                "animated_transparent_restoreprev_loop", "static_nontransparent", "static_transparent"]
            .filter { FileBytes.exists("\(folder)/\($0).gif") }
    }()

    @Test func gifSuiteIsPresent() {
        #expect(Self.gifSuite.count == 13)
    }

    @Test(arguments: gifSuite)
    func gifSuiteFramesMatch(name: String) throws {
        let folder = Fixtures.sharedTestData + "/gif-test-suite/gifs"
        let decoded = try ImageDecoder.decode(contentsOf: "\(folder)/\(name).gif", options: DecodeOptions(frames: .all))
        var expectedCount = 0
        while FileBytes.exists("\(folder)/frames/\(name)-\(expectedCount).png") { expectedCount += 1 }
        if expectedCount == 0 { expectedCount = 1 }
        #expect(decoded.frames.count == expectedCount)
        for (index, frame) in decoded.frames.enumerated() {
            let framePath = "\(folder)/frames/\(name)-\(index).png"
            guard FileBytes.exists(framePath) else { continue }
            let expected = try ImageDecoder.decode(contentsOf: framePath).image.rgba()
            #expect(frame.image.size == expected.size)
            #expect(Self.sameVisiblePixels(frame.image, expected), "\(name) frame \(index) differs")
        }
    }

    /// RGBA equality where fully transparent pixels match whatever their colour.
    static func sameVisiblePixels(_ a: Image, _ b: Image) -> Bool {
        guard a.size == b.size, a.format == .rgba8, b.format == .rgba8 else { return false }
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            if a.pixels[index + 3] == 0 && b.pixels[index + 3] == 0 { continue }
            if a.pixels[index..<index + 4] != b.pixels[index..<index + 4] { return false }
        }
        return true
    }

    @Test(arguments: ["Landscape", "Portrait"], 1...8)
    func exifOrientationExamplesDecodeUpright(kind: String, orientation: Int) throws {
        let folder = Fixtures.sharedTestData + "/exif-orientation"
        let reference = try ImageDecoder.decode(contentsOf: "\(folder)/\(kind)_0.jpg").image
        let decoded = try ImageDecoder.decode(contentsOf: "\(folder)/\(kind)_\(orientation).jpg")
        #expect(decoded.info.metadata.orientation.rawValue == orientation)
        #expect(decoded.image.size == reference.size)
        let small = PixelSize(width: reference.width / 30, height: reference.height / 30)
        let difference = PixelMatch.meanLumaDifference(decoded.image.resized(to: small), reference.resized(to: small))
        #expect(difference < 2, "\(kind)_\(orientation): mean luma difference \(difference)")
    }

    @Test(arguments: [(256, 2), (300, 2), (150, 1), (600, 3), (1200, 6), (1800, 8)])
    func shrinkOnLoadOnARealPhoto(edge: Int, scale: Int) throws {
        // Landscape_6 is stored 1200×1800 and shows 1800×1200.
        let path = Fixtures.sharedTestData + "/exif-orientation/Landscape_6.jpg"
        let decoded = try ImageDecoder.decode(contentsOf: path, options: DecodeOptions(target: .edge(edge)))
        #expect(decoded.decodeScale == scale)
        #expect(decoded.image.size.longestEdge >= edge)
        #expect(decoded.image.width > decoded.image.height)
    }
}
