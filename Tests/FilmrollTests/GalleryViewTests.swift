#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// The gallery's views of a photo larger than the large view: the 256 px
/// thumbnail and 1024 px large view as `thumbs` makes them, and the photo
/// page's 1512 px preview (`GalleryViewEncoding`), all JPEGs, offered by
/// the page's `srcset` with the large view as the `src`; each recorded in
/// the catalog, and made once.
@Suite struct GalleryViewTests {
    /// A 2400 x 1600 photo of four flat quadrants.
    static func folder() throws -> String {
        try FolderProcessTests.folderOf { folder in
            let width = 2400, height = 1600
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for y in 0..<height {
                for x in 0..<width {
                    let colour = y < height / 2 ? (x < width / 2 ? Quadrants.red : Quadrants.green)
                                                : (x < width / 2 ? Quadrants.blue : Quadrants.yellow)
                    let at = (y * width + x) * 3
                    pixels[at] = colour[0]; pixels[at + 1] = colour[1]; pixels[at + 2] = colour[2]
                }
            }
            let image = Image(width: width, height: height, format: .rgb8, pixels: pixels)
            try AtomicFile.write(try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 90))), to: folder + "/big.jpg")
            FileTimes.setKept(folder + "/big.jpg")   // a day for a photo with no date inside
        }
    }

    static let colours = [Quadrants.red, Quadrants.green, Quadrants.blue, Quadrants.yellow]

    @Test func theViewsAreJPEGsOfTheirSizesFromOneDecode() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.thumbnailsMade == 3 && summary.decoded == 1)
        let thumbs = folder + "/.filmroll/gallery/thumbs"
        for (file, size) in [("big_256.jpg", PixelSize(width: 256, height: 171)), ("big_1024.jpg", PixelSize(width: 1024, height: 683)),
                             ("big_1512.jpg", PixelSize(width: 1512, height: 1008))] {
            let decoded = try ImageDecoder.decode(contentsOf: thumbs + "/" + file)
            #expect(decoded.info.format == .jpeg, "\(file)")       // sniffed from the bytes
            #expect(decoded.image.size == size, "\(file)")
            for (actual, wanted) in zip(Quadrants.sample(decoded.image), Self.colours) {
                #expect(PixelMatch.near(actual, wanted, tolerance: 12), "\(file): \(actual) is not \(wanted)")
            }
            #expect(OutputMark.read(contentsOf: thumbs + "/" + file) == .thumbnail)
        }
        #expect(!FileBytes.exists(thumbs + "/big_2048.jpg"))

        // Recorded in the catalog as every output is, its size and quality in its parameters.
        let catalog = try Catalog(folder: folder, access: .read)
        let photo = try #require(try catalog.photos(matching: PhotoQuery()).first { $0.path == "big.jpg" })
        let outputs = try catalog.outputs(ofPhoto: photo.id).filter { $0.kind == .thumbnail }
        #expect(outputs.count == 3)
        let preview = try #require(outputs.first { $0.path.hasSuffix("big_1512.jpg") })
        #expect(preview.parameters.contains("\"format\":\"jpeg\"") && preview.parameters.contains("\"size\":1512"))
        #expect(preview.parameters.contains("\"quality\":\(GalleryViewEncoding.previewQuality)"))
        let large = try #require(outputs.first { $0.path.hasSuffix("big_1024.jpg") })
        #expect(large.parameters.contains("\"quality\":85"))
    }

    /// vips decodes the preview as `ImageDecoder` does, within a level or two.
    @Test(.enabled(if: ExternalTools.has("vips")))
    func aSecondDecoderAgreesOnThePreview() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let preview = folder + "/.filmroll/gallery/thumbs/big_1512.jpg"
        _ = try ExternalTools.run(["vips", "copy", preview, folder + "/preview.png"])
        let ours = try ImageDecoder.decode(contentsOf: preview).image
        let theirs = try ImageDecoder.decode(contentsOf: folder + "/preview.png").image
        #expect(theirs.size == ours.size)
        #expect(PixelMatch.maxDifference(ours, theirs) <= 3)
    }

    /// The page's `src` is the large view, which every browser shows; `srcset` offers the preview.
    @Test func thePageHasTheLargeViewAsItsSource() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let gallery = folder + "/.filmroll/gallery"
        let page = try String(contentsOfFile: gallery + "/photos/big.html", encoding: .utf8)
        #expect(page.contains("<img src=\"../thumbs/big_1024.jpg\" srcset=\"../thumbs/big_1024.jpg 1024w, "
            + "../thumbs/big_1512.jpg 1512w\" sizes=\"min(100vw, 72rem, calc(85vh * 1.499))\" width=\"1024\" height=\"683\" alt=\""))
        #expect(try GalleryLinks.broken(in: gallery).isEmpty)
    }

    @Test func aReRunMakesNothingAndAnotherQualityRemakesThePreviewAlone() throws {
        let folder = try Self.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        let preview = folder + "/.filmroll/gallery/thumbs/big_1512.jpg"
        let first = try FileBytes.read(preview)
        let again = try FolderProcess(folder: folder).run()
        #expect(again.upToDate && again.decoded == 0 && again.thumbnailsMade == 0)
        // The recipe names the preview's quality: another makes the preview again, and only it.
        var options = ProcessOptions()
        options.previewQuality = GalleryViewEncoding.previewQuality + 15
        let other = try FolderProcess(folder: folder, options: options).run()
        #expect(other.thumbnailsMade == 1 && other.decoded == 1)
        #expect(try FileBytes.read(preview).count > first.count)
        #expect(try FolderProcess(folder: folder, options: options).run().upToDate)
    }
}
