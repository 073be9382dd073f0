@testable import Filmroll
import Testing
import TestSupport

/// pHash and dHash: copies of one picture stay within a few bits, other
/// pictures are tens of bits away, every pixel format hashes alike.
@Suite struct PerceptualHashTests {
    static let scene = SimilarTestScenes.scene(seed: 7)

    @Test func aPictureSavedAgainKeepsItsFingerprints() throws {
        let original = PerceptualHash(of: Self.scene)
        let copies = [
            ("JPEG q60", try SimilarTestScenes.saved(Self.scene, as: .jpeg(JPEGEncodingOptions(quality: 60)))),
            ("half-size JPEG", try SimilarTestScenes.saved(Self.scene.resized(to: PixelSize(width: 192, height: 128)),
                                                           as: .jpeg(JPEGEncodingOptions(quality: 85)))),
            ("PNG", try SimilarTestScenes.saved(Self.scene, as: .png(PNGEncodingOptions()))),
        ]
        for (name, copy) in copies {
            let hash = PerceptualHash(of: copy)
            #expect(hash.distance(to: original) <= 4, "\(name): pHash \(hash.distance(to: original))")
            #expect(hash.gradientDistance(to: original) <= 4, "\(name): dHash \(hash.gradientDistance(to: original))")
        }
        #expect(PerceptualHash(of: copies[2].1) == original, "a lossless copy hashes the same")
    }

    @Test func differentPicturesAreFarApart() {
        let hashes = (1...6).map { PerceptualHash(of: SimilarTestScenes.scene(seed: 100 + $0)) }
        for i in hashes.indices {
            for j in hashes.indices where j > i {
                #expect(hashes[i].distance(to: hashes[j]) >= 20, "scenes \(i) and \(j): pHash \(hashes[i].distance(to: hashes[j]))")
                #expect(hashes[i].gradientDistance(to: hashes[j]) >= 14,
                        "scenes \(i) and \(j): dHash \(hashes[i].gradientDistance(to: hashes[j]))")
            }
        }
    }

    @Test func everyPixelFormatHashesTheSamePicture() {
        let rgb = Self.scene
        var gray = [UInt8](), rgba = [UInt8](), grayAsRGB = [UInt8]()
        for at in stride(from: 0, to: rgb.pixels.count, by: 3) {
            let (r, g, b) = (Int(rgb.pixels[at]), Int(rgb.pixels[at + 1]), Int(rgb.pixels[at + 2]))
            let luma = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
            gray.append(luma)
            grayAsRGB += [luma, luma, luma]
            rgba += [UInt8(r), UInt8(g), UInt8(b), 255]
        }
        let size = (rgb.width, rgb.height)
        let opaque = Image(width: size.0, height: size.1, format: .rgba8, pixels: rgba)
        #expect(PerceptualHash(of: opaque) == PerceptualHash(of: rgb), "opaque RGBA is RGB")
        let grayImage = Image(width: size.0, height: size.1, format: .gray8, pixels: gray)
        #expect(PerceptualHash(of: grayImage) == PerceptualHash(of: Image(width: size.0, height: size.1, format: .rgb8, pixels: grayAsRGB)))
        #expect(PerceptualHash(of: grayImage).distance(to: PerceptualHash(of: rgb)) <= 2, "gray is the colour picture's luma")
    }

    @Test func transparentPixelsCountAsWhite() {
        let clear = Image(width: 40, height: 40, format: .rgba8)
        #expect(LumaGrid(clear, columns: 4, rows: 4).values == [Double](repeating: 255, count: 16))
        var half = [UInt8]()
        for _ in 0..<(40 * 40) { half += [0, 0, 0, 128] }
        let grid = LumaGrid(Image(width: 40, height: 40, format: .rgba8, pixels: half), columns: 2, rows: 2)
        #expect(grid.values.allSatisfy { abs($0 - 127) < 0.01 }, "\(grid.values)")
    }

    @Test func theGridIsTheExactAreaMean() {
        // 3 × 1 pixels 0, 90, 255 onto 2 cells of 1.5 pixels: (0 + 90 / 2) / 1.5 and (90 / 2 + 255) / 1.5.
        let image = Image(width: 3, height: 1, format: .gray8, pixels: [0, 90, 255])
        let expected: [Double] = [30, 200]
        #expect(LumaGrid(image, columns: 2, rows: 1).values == expected)
        // Upsampling: one pixel covers several cells.
        #expect(LumaGrid(Image(width: 1, height: 1, format: .gray8, pixels: [77]), columns: 3, rows: 2).values
                == [Double](repeating: 77, count: 6))
    }

    /// Why a hash alone cannot name a group's kind: a burst frame moved by
    /// one pixel (a quarter of a percent of the width) is as near by pHash
    /// and dHash as a JPEG q60 copy, while the 32 × 32 luma itself (RMS
    /// difference) is three or more times further off.
    @Test(arguments: [7, 11, 21, 33] as [UInt64])
    func hashesCannotTellABurstSiblingFromACopyButTheSmallLumaCan(seed: UInt64) throws {
        let scene = SimilarTestScenes.scene(seed: seed)
        let copy = try SimilarTestScenes.saved(scene, as: .jpeg(JPEGEncodingOptions(quality: 60)))
        let sibling = SimilarTestScenes.shifted(scene, dx: 1, dy: 0)
        let hash = PerceptualHash(of: scene)
        #expect(hash.distance(to: PerceptualHash(of: sibling)) <= 4)
        #expect(hash.gradientDistance(to: PerceptualHash(of: sibling)) <= 4)
        let grid = LumaGrid(scene, columns: 32, rows: 32)
        func rms(_ other: Image) -> Double {
            let values = LumaGrid(other, columns: 32, rows: 32).values
            return (zip(grid.values, values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } / 1024).squareRoot()
        }
        #expect(rms(copy) < 0.6, "copy: \(rms(copy))")
        #expect(rms(sibling) > 1.2, "sibling: \(rms(sibling))")
    }

    @Test func theHashIsKnownBitForBit() {
        // Pins the recipe: a change to any step shows here (and needs a new recipe string).
        let hash = PerceptualHash(of: SimilarTestScenes.scene(seed: 1, width: 96, height: 64))
        #expect(PerceptualHash.recipe == "phash-dct32-1")
        #expect(hash.dct.nonzeroBitCount == 32, "half the coefficients are above their median")
        #expect(hash.dct == 0x27E7_C818_A56F_523C, "\(String(hash.dct, radix: 16))")
        #expect(hash.gradient == 0xDCD8_5C58_6787_4707, "\(String(hash.gradient, radix: 16))")
    }
}
