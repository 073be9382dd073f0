import Imaging
import Testing
import TestSupport

@Suite struct FourCutRendererTests {
    static func sources(_ files: [String]) throws -> [SourceIdentity] {
        try files.map { try SourceIdentity.of(Fixtures.path($0)) }
    }

    static let orientations = ["orientation/orientation-1.jpg", "orientation/orientation-3.jpg",
                               "orientation/orientation-6.jpg", "orientation/orientation-8.jpg"]

    @Test(arguments: [FourCutLayout.Style.strip, .grid])
    func everyCellShowsItsPhotoUpright(style: FourCutLayout.Style) throws {
        var options = FourCutOptions()
        options.style = style
        options.dpi = 300
        options.caption = .none
        let pipeline = ImagePipeline()
        let sheet = try FourCutRenderer(pipeline: pipeline).render(try Self.sources(Self.orientations), options: options)
        #expect(sheet.size == options.layout.canvas)
        #expect(pipeline.decodeCount == 4)
        for cell in options.layout.cells {
            let picture = sheet.cropped(to: cell)
            let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
            for (actual, wanted) in zip(Quadrants.sample(picture), expected) {
                #expect(PixelMatch.near(actual, wanted, tolerance: 40), "cell \(cell): \(actual) ≠ \(wanted)")
            }
        }
    }

    @Test func cellMatchesThePhotosUprightThumbnail() throws {
        var options = FourCutOptions()
        options.dpi = 300
        options.caption = .none
        let photos = try Self.sources(["jpeg/photo.jpg", "dated/IMG_0004.jpg", "jpeg/progressive.jpg", "png/rgba.png"])
        let sheet = try FourCutRenderer(pipeline: ImagePipeline()).render(photos, options: options)
        let cell = options.layout.cells[1]
        let reference = try ImagePipeline().image(for: ImageRequest(source: photos[1], resize: ImageProcessors.Resize(
            target: TargetSize(width: cell.width, height: cell.height, fit: .cover), upscale: true)))
        #expect(PixelMatch.meanLumaDifference(sheet.cropped(to: cell), reference.flattened(over: .white)) < 1)
    }

    @Test func captionIsDrawnInsideItsBandOnly() throws {
        var options = FourCutOptions()
        options.dpi = 300
        options.frame = RGBColor(red: 250, green: 230, blue: 240)
        options.title = "Filmroll"
        let photos = try Self.sources(["dated/IMG_0001.jpg", "dated/IMG_0002.jpg", "dated/IMG_0003.jpg", "dated/IMG_0005.jpg"])
        let renderer = FourCutRenderer(pipeline: ImagePipeline())
        #expect(try renderer.caption(for: photos, options: options)?.date == "2025.04.10 – 04.12")
        let sheet = try renderer.render(photos, options: options)
        let layout = options.layout
        let band = layout.captionBands[0]
        let frame = [options.frame.red, options.frame.green, options.frame.blue]
        var inked = 0
        for y in 0..<sheet.height {
            for x in 0..<sheet.width {
                let inCell = layout.cells.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                if inCell { continue }
                let isFrame = sheet.pixel(x: x, y: y) == frame
                if y >= band.y { inked += isFrame ? 0 : 1 } else { #expect(isFrame, "(\(x), \(y)) is not frame") }
            }
        }
        #expect(inked > 500)
    }

    @Test func missingFontAndGlyphAreClearErrors() throws {
        var options = FourCutOptions()
        options.dpi = 100
        options.font = "No Such Font Family"
        let photos = try Self.sources(Self.orientations)
        #expect(throws: TextError.fontNotFound("No Such Font Family")) {
            try FourCutRenderer(pipeline: ImagePipeline()).render(photos, options: options)
        }
        options.font = "DejaVu Sans"
        options.caption = .text("네컷")
        #expect(throws: TextError.missingGlyph("네", font: "DejaVu Sans")) {
            try FourCutRenderer(pipeline: ImagePipeline()).render(photos, options: options)
        }
        #expect(String(describing: TextError.missingGlyph("네", font: "DejaVu Sans"))
                .hasPrefix("the font DejaVu Sans has no glyph for '네' (U+B124); install a font that has it"))
    }

    @Test(.enabled(if: (try? Font("NanumGothic", pixelSize: 20)) != nil, "no Hangul font installed"))
    func hangulCaptionWithAHangulFont() throws {
        var options = FourCutOptions()
        options.dpi = 150
        options.font = "NanumGothic"
        options.dates.locale = .ko
        let photos = try Self.sources(["dated/IMG_0001.jpg", "dated/IMG_0002.jpg", "dated/IMG_0003.jpg", "dated/IMG_0001.jpg"])
        let sheet = try FourCutRenderer(pipeline: ImagePipeline()).render(photos, options: options)
        let band = options.layout.captionBands[0]
        let caption = sheet.cropped(to: band)
        #expect(Set(stride(from: 0, to: caption.pixels.count, by: 3).map { caption.pixels[$0] }).count > 2)
    }

    @Test func smartCropFindsTheDetail() {
        // A flat picture with detail only near the right edge.
        var pixels = [UInt8](repeating: 128, count: 200 * 50)
        for y in 0..<50 { for x in 170..<200 where (x + y) % 2 == 0 { pixels[y * 200 + x] = 255 } }
        let image = Image(width: 200, height: 50, format: .gray8, pixels: pixels)
        let window = PixelRect.smart(aspect: PixelSize(width: 1, height: 1), in: image)
        #expect((149...150).contains(window.x) && window.size == PixelSize(width: 50, height: 50))
        #expect(PixelRect.centered(aspect: PixelSize(width: 1, height: 1), in: image.size) == PixelRect(x: 75, y: 0, width: 50, height: 50))
    }
}
