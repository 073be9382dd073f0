@testable import Imaging
import Testing
import TestSupport

@Suite struct ImagePipelineTests {
    static func source(_ file: String) throws -> SourceIdentity { try SourceIdentity.of(Fixtures.path(file)) }

    @Test func severalSizesComeFromOneDecode() throws {
        let pipeline = ImagePipeline()
        let resizes = [256, 64, 128].map { ImageProcessors.Resize(edge: $0) }
        let images = try pipeline.images(for: try Self.source("jpeg/photo.jpg"), resizes: resizes)
        #expect(pipeline.decodeCount == 1)
        #expect(images.map(\.size) == [PixelSize(width: 256, height: 192), PixelSize(width: 64, height: 48),
                                        PixelSize(width: 128, height: 96)])
        // Asked again: the memory cache answers.
        _ = try pipeline.images(for: try Self.source("jpeg/photo.jpg"), resizes: resizes)
        #expect(pipeline.decodeCount == 1)
    }

    @Test func cropsOfAnotherShapeComeFromTheDecode() throws {
        let source = try Self.source("orientation/orientation-6.jpg")
        let wide = ImageProcessors.Resize(target: TargetSize(width: 64, height: 32, fit: .cover))
        let tall = ImageProcessors.Resize(target: TargetSize(width: 24, height: 48, fit: .cover), upscale: true)
        let both = try ImagePipeline().images(for: source, resizes: [wide, tall])
        let alone = try ImagePipeline().image(for: ImageRequest(source: source, resize: tall))
        #expect(both[1].size == PixelSize(width: 24, height: 48))
        #expect(PixelMatch.meanLumaDifference(both[1], alone) < 1.5)
        let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
        for (actual, wanted) in zip(Quadrants.sample(both[1]), expected) { #expect(PixelMatch.near(actual, wanted, tolerance: 48)) }
    }

    /// A centred cover crop comes from a larger whole-picture result when
    /// that has the pixels it needs, and matches one made from the decode.
    @Test func centredCropsComeFromALargerWholeResult() {
        let large = ImageProcessors.Resize(edge: 1024)
        let frame = ImageProcessors.Resize(target: TargetSize(width: 480, height: 360, fit: .cover), upscale: true)
        let fourByThree = PixelSize(width: 1024, height: 768)
        #expect(large.canDerive(frame, fromResultOf: fourByThree))
        // Too few pixels, a smart crop, or a crop of a crop: from the decode.
        #expect(!ImageProcessors.Resize(edge: 400).canDerive(frame, fromResultOf: PixelSize(width: 400, height: 300)))
        #expect(!large.canDerive(ImageProcessors.Resize(target: frame.target, upscale: true, anchor: .smart), fromResultOf: fourByThree))
        let tall = ImageProcessors.Resize(target: TargetSize(width: 300, height: 600, fit: .cover))
        #expect(!tall.canDerive(frame, fromResultOf: PixelSize(width: 300, height: 600)))
    }

    @Test func aDerivedCropMatchesOneFromTheDecode() throws {
        let source = try Self.source("jpeg/photo.jpg")
        let whole = ImageProcessors.Resize(edge: 200)
        let crop = ImageProcessors.Resize(target: TargetSize(width: 90, height: 90, fit: .cover))
        let pipeline = ImagePipeline()
        let both = try pipeline.images(for: source, resizes: [whole, crop])
        let alone = try ImagePipeline().image(for: ImageRequest(source: source, resize: crop))
        #expect(pipeline.decodeCount == 1)
        #expect(both[1].size == PixelSize(width: 90, height: 90))
        #expect(PixelMatch.meanLumaDifference(both[1], alone) < 1.0)
    }

    @Test func aChangedSourceIsDecodedAgain() throws {
        let pipeline = ImagePipeline()
        var source = try Self.source("jpeg/photo.jpg")
        let request = ImageRequest(source: source, resize: ImageProcessors.Resize(edge: 32))
        _ = try pipeline.image(for: request)
        _ = try pipeline.image(for: request)
        #expect(pipeline.decodeCount == 1)
        source.modificationTimeNanoseconds += 1
        _ = try pipeline.image(for: ImageRequest(source: source, resize: request.resize))
        #expect(pipeline.decodeCount == 2)
    }

    @Test(arguments: 1...8)
    func everyOrientationGivesTheUprightSize(orientation: Int) throws {
        let image = try ImagePipeline().image(for: ImageRequest(
            source: try Self.source("orientation/orientation-\(orientation).jpg"),
            resize: ImageProcessors.Resize(edge: 64)))
        #expect(image.size == PixelSize(width: 64, height: 48))
        let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
        for (actual, wanted) in zip(Quadrants.sample(image), expected) {
            #expect(PixelMatch.near(actual, wanted, tolerance: 40))
        }
    }

    @Test func portraitKeepsItsAspect() throws {
        // Stored 24×16 with Orientation 6: a 16×24 portrait.
        let image = try ImagePipeline().image(for: ImageRequest(
            source: try Self.source("png/gray-exif.png"), resize: ImageProcessors.Resize(edge: 12)))
        #expect(image.size == PixelSize(width: 8, height: 12))
    }

    @Test func smallPhotosAreNotEnlargedUnlessAsked() throws {
        let source = try Self.source("gif/still.gif")
        let pipeline = ImagePipeline()
        #expect(try pipeline.image(for: ImageRequest(source: source, resize: .init(edge: 256))).size == PixelSize(width: 16, height: 16))
        let enlarged = try pipeline.image(for: ImageRequest(source: source, resize: .init(edge: 64, upscale: true)))
        #expect(enlarged.size == PixelSize(width: 64, height: 64))
        #expect(enlarged.pixel(x: 4, y: 30) == [0, 0, 0, 255])
        #expect(enlarged.pixel(x: 60, y: 30) == [255, 255, 255, 255])
    }

    @Test func coverCropsTheCentre() throws {
        let image = try ImagePipeline().image(for: ImageRequest(
            source: try Self.source("orientation/orientation-6.jpg"), resize: .init(edge: 48, fit: .cover)))
        #expect(image.size == PixelSize(width: 48, height: 48))
        // The centre 96×96 of the 128×96 picture keeps all four quadrants.
        let expected = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]
        for (actual, wanted) in zip(Quadrants.sample(image), expected) {
            #expect(PixelMatch.near(actual, wanted, tolerance: 40))
        }
        // Too small to fill the box: the largest square, not an enlargement.
        let small = try ImagePipeline().image(for: ImageRequest(
            source: try Self.source("orientation/orientation-1.jpg"), resize: .init(edge: 500, fit: .cover)))
        #expect(small.size == PixelSize(width: 96, height: 96))
    }

    @Test func decodeErrorsComeThrough() throws {
        #expect(throws: ImagingError.truncated(.jpeg, "the image data ends at row 64 of 240; the rest would be grey (Premature end of JPEG file; Corrupt JPEG data: premature end of data segment)")) {
            try ImagePipeline().image(for: ImageRequest(source: try Self.source("jpeg/truncated.jpg"), resize: .init(edge: 32)))
        }
    }

    @Test func memoryBudgetRefusesWhatCouldNeverFitAndCountsTheRest() throws {
        let budget = MemoryBudget(bytes: 1600, overhead: 200, cacheBytes: 100)    // 100 for the cache, 1300 for decodes
        #expect(budget.decodeBytes == 1300)
        #expect(throws: ImagingError.self) { try budget.reserve(1301, for: PixelSize(width: 13, height: 13)) }
        #expect(budget.bytesInFlight == 0)
        try budget.withReservation(1200, for: PixelSize(width: 10, height: 10)) { #expect(budget.bytesInFlight == 1200) }
        #expect(budget.bytesInFlight == 0)
        #expect(String(describing: ImagingError.limitExceeded("x")) == "limit exceeded: x")
    }
}
