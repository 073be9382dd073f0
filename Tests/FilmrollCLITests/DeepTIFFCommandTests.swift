import Foundation
import Imaging
import Testing
import TestSupport

/// `filmroll convert` (the real binary) on the pages it used to refuse: a
/// 12-bit grey TIFF, a 32-bit float RGB TIFF, an 8-bit CIELab TIFF and a
/// CMYK JPEG XL; each converts with exit 0 to the pixels the decoder's tests
/// expect.
@Suite struct DeepTIFFCommandTests {
    @Test func convertsTwelveBitFloatLabAndCMYK() throws {
        let folder = TemporaryFolder()
        // 12-bit grey: left half 4095 (white), right half 1024 (64 after narrowing).
        let twelve = TIFFFixture(width: 16, height: 8, samplesPerPixel: 1, bitsPerSample: 12, photometric: 1,
                                 samples: (0..<128).map { $0 % 16 < 8 ? 4095 : 1024 })
        // 32-bit float RGB: (1.0, 0.5, 0.0) everywhere, one value above 1 clamped.
        let float = TIFFFixture(width: 8, height: 8, samplesPerPixel: 3, bitsPerSample: 32, sampleFormat: 3,
                                photometric: 2, samples: TIFFFixture.float32((0..<64).flatMap { _ in [1.7, 0.5, 0] }))
        // CIELab white.
        let lab = TIFFFixture(width: 4, height: 4, samplesPerPixel: 3, bitsPerSample: 8, photometric: 8,
                              samples: (0..<16).flatMap { _ in [255, 0, 0] })
        try folder.write(twelve.bytes, as: "twelve.tif")
        try folder.write(float.bytes, as: "float.tif")
        try folder.write(lab.bytes, as: "lab.tif")
        let inputs = [("twelve.tif", "twelve.png"), ("float.tif", "float.png"), ("lab.tif", "lab.png"),
                      (Fixtures.path("jxl/cmyk.jxl"), "cmyk.png")]
        for (input, output) in inputs {
            let path = input.hasPrefix("/") ? input : folder.file(input)
            let run = try BinaryRun.run(["convert", path, folder.file(output)])
            #expect(run.status == 0, "\(input): \(run.stderr)")
            #expect(run.errorLines.isEmpty, "\(input)")
        }
        let twelvePNG = try ImageDecoder.decode(contentsOf: folder.file("twelve.png")).image
        #expect(twelvePNG.size == PixelSize(width: 16, height: 8))
        #expect(twelvePNG.pixel(x: 2, y: 2).prefix(1) == [255] && twelvePNG.pixel(x: 12, y: 2).prefix(1) == [64])
        let floatPNG = try ImageDecoder.decode(contentsOf: folder.file("float.png")).image
        #expect(Array(floatPNG.pixel(x: 3, y: 3).prefix(3)) == [255, 128, 0])
        let labPNG = try ImageDecoder.decode(contentsOf: folder.file("lab.png")).image
        #expect(labPNG.pixel(x: 1, y: 1).prefix(3).allSatisfy { $0 >= 254 })
        let cmykPNG = try ImageDecoder.decode(contentsOf: folder.file("cmyk.png")).image
        #expect(PixelMatch.near(Array(cmykPNG.pixel(x: 30, y: 36).prefix(3)), [0, 0, 0], tolerance: 2))   // black text
        #expect(PixelMatch.near(Array(cmykPNG.pixel(x: 8, y: 8).prefix(3)), [0, 0, 255], tolerance: 2))   // cyan ink, blue here
    }
}
