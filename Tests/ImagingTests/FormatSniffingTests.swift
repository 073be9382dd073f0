import Imaging
import Testing
import TestSupport

@Suite struct FormatSniffingTests {
    @Test(arguments: [
        ("jpeg/photo.jpg", ImageFormat.jpeg),
        ("jpeg/mislabeled.png", .jpeg),
        ("png/rgba.png", .png),
        ("gif/animated.gif", .gif),
        ("gif/still.gif", .gif),
    ])
    func recognisesContentNotExtension(file: String, format: ImageFormat) throws {
        #expect(ImageFormat.sniff(try Fixtures.bytes(file)) == format)
    }

    @Test func rejectsTextAndEmptyFiles() throws {
        #expect(ImageFormat.sniff(try Fixtures.bytes("bad/not-an-image.jpg")) == nil)
        #expect(throws: ImagingError.unrecognizedFormat) { try Fixtures.decode("bad/not-an-image.jpg") }
        #expect(throws: ImagingError.emptyFile) { try Fixtures.decode("bad/empty.png") }
    }

    /// Errors, help and the man page name the formats from the registry,
    /// built-in decoders first, in the order their signatures are tried.
    @Test func theRegistryListsTheBuiltInFormats() {
        #expect(ImageDecoders.formatList.hasPrefix("JPEG, PNG, GIF, HEIF, AVIF, WebP"))
        #expect(ImageDecoders.fileExtensions.isSuperset(of: ["jpg", "jpeg", "png", "gif", "heic", "avif", "webp"]))
        #expect(ImageDecoders.decoder(for: .webp)?.canAnimate == true)
        #expect(ImageDecoders.decoder(for: .jpeg)?.canAnimate == false)
    }

    @Test func mislabeledJPEGDecodesAsJPEG() throws {
        let decoded = try Fixtures.decode("jpeg/mislabeled.png")
        #expect(decoded.info.format == .jpeg)
        #expect(PixelMatch.near(decoded.image.pixel(x: 32, y: 24), [200, 100, 50], tolerance: 4))
    }

    @Test func outputFormatFollowsExtension() {
        #expect(ImageFormat.forOutputPath("a/b.JPG") == .jpeg)
        #expect(ImageFormat.forOutputPath("b.jpeg") == .jpeg)
        #expect(ImageFormat.forOutputPath("x.png") == .png)
        #expect(ImageFormat.forOutputPath("dir.png/x") == nil)
        #expect(ImageFormat.forOutputPath("noextension") == nil)
    }
}
