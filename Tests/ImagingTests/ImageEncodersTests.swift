@testable import Imaging
import Testing
import TestSupport

@Suite struct ImageEncodersTests {
    /// Help and errors name the output formats from the registry, built-in
    /// encoders first (a test may register more while this one runs).
    @Test func theRegistryListsTheBuiltInEncoders() {
        #expect(ImageEncoders.builtIn.map(\.format) == [.jpeg, .png])
        #expect(ImageEncoders.builtIn.map(\.fileExtensions) == [["jpg", "jpeg"], ["png"]])
        #expect(ImageEncoders.builtIn.map(\.keepsAlpha) == [false, true])
        #expect(ImageEncoders.builtInAnimations.map(\.format) == [.gif, .webp, .mp4])
        #expect(ImageEncoders.builtInAnimations.map(\.mark) == [.gif, .webp, .video])
        #expect(ImageEncoders.animationWriter(named: "MP4")?.format == .mp4)
        #expect(ImageEncoders.animationNameList == "gif, webp or mp4")
        #expect(ImageEncoders.all.prefix(2).map(\.format) == [.jpeg, .png])
        #expect(ImageEncoders.formatList.hasPrefix("JPEG, PNG"))
        #expect(ImageEncoders.extensionList.hasPrefix(".jpg, .jpeg"))
        #expect(ImageEncoders.extensionList.contains(".png"))
        #expect(ImageEncoders.animationExtensionList == ".gif, .webp or .mp4")
    }

    @Test(arguments: [
        ("a/b.JPG", ImageFormat.jpeg), ("b.jpeg", .jpeg), ("x.png", .png), ("x.Png", .png),
        ("dir.png/x", nil), ("noextension", nil), ("x.gif", nil), ("x.webp", nil), ("x.", nil),
    ] as [(String, ImageFormat?)])
    func anOutputsExtensionChoosesItsEncoder(path: String, format: ImageFormat?) {
        #expect(ImageEncoders.encoder(forOutputPath: path)?.format == format)
    }

    @Test func animationsHaveTheirOwnWriters() {
        #expect(ImageEncoders.animationWriter(forOutputPath: "a/b.GIF")?.format == .gif)
        #expect(ImageEncoders.animationWriter(forOutputPath: "b.webp")?.format == .webp)
        #expect(ImageEncoders.animationWriter(forOutputPath: "b.jpg") == nil)
        #expect(ImageFormat.forOutputPath("b.webp") == .webp)
    }

    @Test func aNameIsAFormatOrAnExtension() {
        #expect(ImageEncoders.encoder(named: "JPG")?.format == .jpeg)
        #expect(ImageEncoders.encoder(named: "jpeg")?.format == .jpeg)
        #expect(ImageEncoders.encoder(named: "png")?.format == .png)
        #expect(ImageEncoders.encoder(named: "gif") == nil)
    }

    static let picture: Image = {
        var pixels = [UInt8]()
        for y in 0..<12 { for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 20), 90, 255] } }
        return Image(width: 16, height: 12, format: .rgba8, pixels: pixels)
    }()

    /// Every built-in encoder writes the mark it is given and reads it back;
    /// no other encoder claims the file.
    @Test(arguments: [ImageFormat.jpeg, .png])
    func eachEncoderReadsBackTheMarkItWrites(format: ImageFormat) throws {
        let encoder = try #require(ImageEncoders.encoder(for: format))
        let bytes = try ImageEncoder.encode(Self.picture, as: encoder.encoding(EncodingSettings(mark: .convert)))
        #expect(ImageFormat.sniff(bytes) == format)
        #expect(OutputMark.read(bytes) == .convert)
        #expect(encoder.markTexts(in: SearchedFile(bytes)) == ["Filmroll convert"])
        for other in ImageEncoders.builtIn where other.format != format {
            #expect(other.markTexts(in: SearchedFile(bytes)).isEmpty)
        }
        let unmarked = try ImageEncoder.encode(Self.picture, as: encoder.encoding())
        #expect(OutputMark.read(unmarked) == nil)
        // Marking again replaces the mark; it never adds a second.
        let remarked = try ImageEncoder.encode(Self.picture, as: encoder.encoding(EncodingSettings(mark: .convert)).marked(.fourcut))
        #expect(encoder.markTexts(in: SearchedFile(remarked)) == ["Filmroll fourcut"])
    }

    @Test(arguments: [ImageFormat.gif, .webp])
    func eachAnimationWriterMarksItsFiles(format: ImageFormat) throws {
        let writer = try #require(ImageEncoders.animationWriter(for: format))
        let sink = MemorySink()
        let encoder = try writer.start(canvas: Self.picture.size, options: AnimationOptions(), sink: sink)
        try encoder.add(Self.picture, milliseconds: 100)
        try encoder.add(Self.picture.flattened(over: .white), milliseconds: 100)
        try encoder.finish()
        #expect(ImageFormat.sniff(sink.bytes) == format)
        #expect(OutputMark.read(sink.bytes) == writer.mark)
    }

    /// Alpha survives where the format keeps it, and is laid over the
    /// background where it does not.
    @Test func alphaIsFlattenedOnlyForEncodersWithoutIt() throws {
        let clear = Image(width: 4, height: 4, format: .rgba8)
        let png = try ImageDecoder.decode(try ImageEncoder.encode(clear, as: ImageEncoders.encoder(for: .png)!.encoding()))
        #expect(png.image.pixel(x: 1, y: 1) == [0, 0, 0, 0])
        let jpeg = try ImageDecoder.decode(try ImageEncoder.encode(clear, as: ImageEncoders.encoder(for: .jpeg)!.encoding(),
                                                                   background: RGBColor(red: 0, green: 0, blue: 255)))
        #expect(PixelMatch.near(jpeg.image.pixel(x: 1, y: 1), [0, 0, 255], tolerance: 4))
    }

    /// The memory a convert plans for comes from the encoder.
    @Test func workingMemoryIsTheEncoders() throws {
        let jpeg = try #require(ImageEncoders.encoder(for: .jpeg))
        #expect(jpeg.encoding(EncodingSettings(optimizeHuffman: true)).workingBytesPerPixel == 6)
        #expect(jpeg.encoding(EncodingSettings(optimizeHuffman: false)).workingBytesPerPixel == 3)
        #expect(try #require(ImageEncoders.encoder(for: .png)).encoding().workingBytesPerPixel == 4)
    }

    @Test func encodingsAreEqualWhenEncoderAndOptionsAre() throws {
        let jpeg = try #require(ImageEncoders.encoder(for: .jpeg))
        let settings = EncodingSettings(quality: 70, optimizeHuffman: false, mark: .thumbnail)
        #expect(jpeg.encoding(settings) == EncodingFormat.jpeg(JPEGEncodingOptions(quality: 70, optimizeHuffman: false)).marked(.thumbnail))
        #expect(jpeg.encoding(settings) != jpeg.encoding(EncodingSettings(quality: 71, optimizeHuffman: false, mark: .thumbnail)))
        #expect(EncodingFormat.jpeg(JPEGEncodingOptions()) != EncodingFormat.png(PNGEncodingOptions()))
        #expect(Set([jpeg.encoding(settings), jpeg.encoding(settings)]).count == 1)
        #expect(jpeg.encoding(settings).fileExtension == "jpg")
    }
}
