import Imaging
import Testing
import TestSupport

@Suite struct JPEGDecodingTests {
    @Test func progressiveDecodesItsGradient() throws {
        let decoded = try Fixtures.decode("jpeg/progressive.jpg")
        #expect(decoded.info.isProgressive)
        #expect(decoded.image.format == .rgb8)
        for (x, y) in [(10, 10), (80, 60), (150, 110)] {
            let expected: [UInt8] = [UInt8((Double(x) * 255 / 159).rounded()), UInt8((Double(y) * 255 / 119).rounded()), 128]
            #expect(PixelMatch.near(decoded.image.pixel(x: x, y: y), expected, tolerance: 12))
        }
    }

    @Test func grayscaleStaysOneChannel() throws {
        let decoded = try Fixtures.decode("jpeg/grayscale.jpg")
        #expect(decoded.info.colorModel == ColorModel(.gray))
        #expect(decoded.info.colorModel.description == "gray")
        #expect(decoded.image.format == .gray8)
        for x in stride(from: 2, to: 62, by: 10) {
            let expected = UInt8((Double(x) * 255 / 63).rounded())
            #expect(PixelMatch.near(decoded.image.pixel(x: x, y: 24), [expected], tolerance: 8))
        }
    }

    @Test func adobeCMYKBecomesRGB() throws {
        let decoded = try Fixtures.decode("jpeg/cmyk.jpg")
        #expect(decoded.info.colorModel.isCMYK)
        #expect(decoded.image.format == .rgb8)
        #expect(PixelMatch.near(decoded.image.pixel(x: 10, y: 24), [0, 255, 255], tolerance: 12))
        #expect(PixelMatch.near(decoded.image.pixel(x: 54, y: 24), [255, 0, 255], tolerance: 12))
    }

    @Test func truncatedFileIsAnError() throws {
        let info = try ImageDecoder.readInfo(contentsOf: Fixtures.path("jpeg/truncated.jpg"))
        #expect(info.storedSize == PixelSize(width: 320, height: 240))
        #expect {
            try Fixtures.decode("jpeg/truncated.jpg")
        } throws: { error in
            guard case .truncated(.jpeg, _)? = error as? ImagingError else { return false }
            return true
        }
    }

    @Test func headerOnlyCutIsAnErrorNotACrash() throws {
        let bytes = try Fixtures.bytes("jpeg/photo.jpg")
        #expect(throws: ImagingError.unrecognizedFormat) { try ImageDecoder.decode(Array(bytes.prefix(2))) }
        #expect(throws: ImagingError.corrupt(.jpeg, "not a JPEG file (no SOI marker)")) {
            try ImageDecoder.decode(Array(bytes.prefix(3)))
        }
        for length in [20, 200, 600] {
            #expect(throws: ImagingError.truncated(.jpeg, "Premature end of JPEG file")) {
                try ImageDecoder.decode(Array(bytes.prefix(length)))
            }
        }
    }

    @Test(arguments: [
        (80, 1, PixelSize(width: 80, height: 60)),
        (81, 2, PixelSize(width: 160, height: 120)),
        (160, 2, PixelSize(width: 160, height: 120)),
        (200, 3, PixelSize(width: 240, height: 180)),
        (320, 4, PixelSize(width: 320, height: 240)),
        (600, 8, PixelSize(width: 640, height: 480)),
        (2000, 8, PixelSize(width: 640, height: 480)),
    ])
    func shrinkOnLoadPicksTheSmallestScaleThatCovers(edge: Int, scale: Int, size: PixelSize) throws {
        let decoded = try Fixtures.decode("jpeg/photo.jpg", options: DecodeOptions(target: .edge(edge)))
        #expect(decoded.decodeScale == scale)
        #expect(decoded.image.size == size)
        #expect(decoded.image.size.longestEdge >= min(edge, 640))
    }

    @Test func shrinkOnLoadUsesTheUprightTarget() throws {
        // Stored 120×160, upright 160×120: a 160×40 box needs width 160 upright,
        // which is the stored height, so no shrinking below 8/8 along it.
        let decoded = try Fixtures.decode("dated/IMG_0004.jpg",
                                          options: DecodeOptions(target: TargetSize(width: 160, height: 40, fit: .cover)))
        #expect(decoded.image.size == PixelSize(width: 160, height: 120))
        #expect(decoded.decodeScale == 8)
        let small = try Fixtures.decode("dated/IMG_0004.jpg", options: DecodeOptions(target: .edge(40)))
        #expect(small.image.size == PixelSize(width: 40, height: 30))
        #expect(small.decodeScale == 2)
    }
}
