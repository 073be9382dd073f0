import Catalog
import Filmroll
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// `filmroll similar` on a folder it indexes and fingerprints itself, and
/// the fingerprints `process` keeps as it decodes: copies grouped with the
/// original named, a broken file named and the rest still grouped, no
/// photo touched, a burst's stand-in the frame measured sharpest.
@Suite(.serialized) struct SimilarCommandTests {
    /// A seeded picture with some texture, `size` wide.
    static func picture(seed: UInt64, width: Int = 320, blur: Bool = false) -> Image {
        let height = width * 3 / 4
        var random = SplitMix64(seed: seed)
        let shapes = (0..<10).map { _ in
            (Int(random.next() % UInt64(width)), Int(random.next() % UInt64(height)), Int(random.next() % UInt64(width / 4)) + 8,
             (0..<3).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var colour: [UInt8] = [UInt8(x * 255 / width), UInt8(y * 255 / height), 128]
                for (cx, cy, r, c) in shapes where abs(x - cx) < r && abs(y - cy) < r { colour = c }
                let grain = blur ? 0 : Int((x * 7 + y * 13) % 5) * 6
                for channel in 0..<3 { pixels[(y * width + x) * 3 + channel] = UInt8(min(255, Int(colour[channel]) + grain)) }
            }
        }
        let image = Image(width: width, height: height, format: .rgb8, pixels: pixels)
        var enlarge = ImageProcessors.Resize(edge: width)
        enlarge.upscale = true
        return blur ? enlarge.apply(ImageProcessors.Resize(edge: width / 6).apply(image)) : image
    }

    static func jpeg(_ image: Image, quality: Int = 92, taken: String? = nil, burst: String? = nil) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.ifd0[0x010F] = .ascii("Apple")
        exif.ifd0[0x0110] = .ascii("iPhone 15 Pro")
        if let taken {
            exif.exif[0x9003] = .ascii(String(taken.prefix(19)))
            if taken.count > 20 { exif.exif[0x9291] = .ascii(String(taken.dropFirst(20))) }
        }
        if let burst { exif.exif[0x927C] = .undefined(EXIFBuilder.appleMakerNote([11: burst])) }
        return try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: quality, exif: taken == nil ? nil : exif.payload)))
    }

    static func copiesFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for sub in ["DCIM/100APPLE", "WhatsApp Images", "Exports"] { try Folders.create(folder.file(sub)) }
        let original = picture(seed: 1, width: 640)
        try folder.write(try jpeg(original, taken: "2024:05:04 10:00:00"), as: "DCIM/100APPLE/IMG_0001.JPG")
        try folder.write(try jpeg(original, quality: 60), as: "WhatsApp Images/IMG-20240504-WA0001.jpg")
        try folder.write(try ImageEncoder.encode(ImageProcessors.Resize(edge: 320).apply(original), as: .png(PNGEncodingOptions())),
                         as: "Exports/IMG_0001 small.png")
        try folder.write(try jpeg(picture(seed: 2, width: 640), taken: "2024:05:04 10:00:00"), as: "DCIM/100APPLE/IMG_0002.JPG")
        try folder.write(Array(try jpeg(picture(seed: 3)).prefix(300)), as: "DCIM/100APPLE/IMG_0003.JPG")
        return folder
    }

    @Test func copiesAreGroupedWithTheOriginalBestAndNoPhotoIsTouched() throws {
        let folder = try Self.copiesFolder()
        let before = shell("find '\(folder.path)' -type f -not -path '*/.filmroll*' -exec sha256sum {} + | sort").output
        let (code, runner) = CommandRunner.run("similar", folder.path, "--json")
        #expect(code == .failure, "the truncated photo fails the run")
        #expect(runner.stderr.contains("IMG_0003.JPG"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(runner.stdout.utf8)) as? [String: Any])
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.count == 1)
        #expect(groups.first?["kind"] as? String == "copy")
        #expect(groups.first?["photos"] as? [String] == ["DCIM/100APPLE/IMG_0001.JPG", "Exports/IMG_0001 small.png",
                                                         "WhatsApp Images/IMG-20240504-WA0001.jpg"])
        #expect(groups.first?["best"] as? String == "DCIM/100APPLE/IMG_0001.JPG")
        #expect((groups.first?["distance"] as? Int).map { (0...8).contains($0) } == true)
        #expect(json["fingerprinted"] as? Int == 4)
        let after = shell("find '\(folder.path)' -type f -not -path '*/.filmroll*' -exec sha256sum {} + | sort").output
        #expect(before == after)

        // Again: nothing new to fingerprint, the same groups.
        let (_, again) = CommandRunner.run("similar", folder.path, "--json")
        #expect(again.stdout.contains(#""fingerprinted":0"#))
        #expect(again.stdout.hasPrefix(runner.stdout.components(separatedBy: #","compared""#)[0]))
    }

    @Test func processKeepsFingerprintsAndNamesTheSharpFrameOfABurst() throws {
        let folder = TemporaryFolder()
        let scene = Self.picture(seed: 7, width: 480)
        let blurred = Self.picture(seed: 7, width: 480, blur: true)
        // The sharp frame is the smallest file: bytes per pixel would pick another.
        for frame in 0..<4 {
            let bytes = frame == 2 ? try Self.jpeg(scene, quality: 50, taken: "2024:05:04 10:00:00.\(frame)00", burst: "B-1")
                : try Self.jpeg(blurred, quality: 98, taken: "2024:05:04 10:00:00.\(frame)00", burst: "B-1")
            try folder.write(bytes, as: "IMG_000\(frame).JPG")
        }
        try folder.write(try Self.jpeg(Self.picture(seed: 8), taken: "2024:05:04 11:00:00"), as: "IMG_0010.JPG")
        let (code, runner) = CommandRunner.run("process", folder.path, "--quiet", "--json")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.contains(#""bursts":1,"#) && runner.stdout.contains(#""fingerprinted":5,"#), "\(runner.stdout)")
        let catalog = try Catalog(folder: folder.path, access: .read)
        #expect(try catalog.fingerprintedPhotoIDs(recipe: PhotoFingerprint.recipe).count == 5)
        let lead = try catalog.database.value("""
            SELECT path FROM photos WHERE id = (SELECT DISTINCT burst_lead_id FROM photos WHERE burst_lead_id IS NOT NULL)
            """).string
        #expect(lead == "IMG_0002.JPG")
        #expect(FileBytes.exists(folder.path + "/.filmroll/gallery/thumbs/IMG_0002_256.jpg"))
        #expect(!FileBytes.exists(folder.path + "/.filmroll/gallery/thumbs/IMG_0000_256.jpg"))

        // A photo changed: its fingerprint is made again, the others are kept.
        try folder.write(try Self.jpeg(Self.picture(seed: 9), taken: "2024:05:04 11:00:00"), as: "IMG_0010.JPG")
        let (_, rerun) = CommandRunner.run("process", folder.path, "--quiet", "--json")
        #expect(rerun.stdout.contains(#""fingerprinted":1,"#), "\(rerun.stdout)")
        #expect(try catalog.fingerprintedPhotoIDs(recipe: PhotoFingerprint.recipe).count == 5)
    }
}

/// The gallery of a day with a copy and two photos of one scene: the copy
/// is no tile of its own but listed on its original's page, the Similar
/// photos page lists both groups, and the day's sheet and animation show
/// one photo of the scene.
@Suite(.serialized) struct SimilarGalleryTests {
    /// `image` moved right by `dx` pixels, the left edge repeated.
    static func shifted(_ image: Image, dx: Int) -> Image {
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                let from = max(0, x - dx)
                for c in 0..<3 { pixels[(y * image.width + x) * 3 + c] = image.pixels[(y * image.width + from) * 3 + c] }
            }
        }
        return Image(width: image.width, height: image.height, format: .rgb8, pixels: pixels)
    }

    static func folder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        try Folders.create(folder.file("WhatsApp Images"))
        let jpeg = SimilarCommandTests.jpeg
        let original = try jpeg(SimilarCommandTests.picture(seed: 1, width: 480), 92, "2024:05:04 10:00:00", nil)
        try folder.write(original, as: "A.jpg")
        try folder.write(original, as: "WhatsApp Images/A copy.jpg")
        let scene = SimilarCommandTests.picture(seed: 2, width: 480)
        try folder.write(try jpeg(scene, 92, "2024:05:04 11:00:00", nil), as: "B.jpg")
        try folder.write(try jpeg(Self.shifted(scene, dx: 6), 92, "2024:05:04 11:00:40", nil), as: "B2.jpg")
        try folder.write(try jpeg(SimilarCommandTests.picture(seed: 3, width: 480), 92, "2024:05:04 12:00:00", nil), as: "C.jpg")
        try folder.write(try jpeg(SimilarCommandTests.picture(seed: 4, width: 480), 92, "2024:05:04 13:00:00", nil), as: "D.jpg")
        return folder
    }

    /// The paths of the photos an output of `kind` was made from.
    static func sources(_ kind: String, in folder: borrowing TemporaryFolder) throws -> [String] {
        try Catalog(folder: folder.path, access: .read).database.rows("""
            SELECT p.path FROM outputs AS o JOIN output_sources AS s ON s.output_id = o.id JOIN photos AS p ON p.id = s.photo_id
            WHERE o.kind = ? ORDER BY p.path
            """, [kind]).compactMap { $0[0].string }
    }

    @Test func aCopyFoldsAndASceneIsOncePerSheet() throws {
        let folder = try Self.folder()
        let (similarCode, similar) = CommandRunner.run("similar", folder.path, "--json")
        #expect(similarCode == .success, "\(similar.stderr)")
        #expect(similar.stdout.contains(#"{"kind":"copy","photos":["A.jpg","WhatsApp Images/A copy.jpg"],"best":"A.jpg","#),
                "\(similar.stdout)")
        #expect(similar.stdout.contains(#"{"kind":"similar","photos":["B.jpg","B2.jpg"],"#), "\(similar.stdout)")

        let (code, runner) = CommandRunner.run("process", folder.path, "--quiet", "--json")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stdout.contains(#"{"photos":5,"#), "\(runner.stdout)")
        let gallery = folder.file(".filmroll/gallery")
        let day = try String(contentsOfFile: gallery + "/days/2024-05-04.html", encoding: .utf8)
        #expect(day.contains(#"<span class="badge copies" aria-hidden="true">×2</span>"#))
        #expect(!day.contains("A copy"))
        let page = try String(contentsOfFile: gallery + "/photos/A.html", encoding: .utf8)
        #expect(page.contains("<bdi>WhatsApp Images/A copy.jpg</bdi>"))
        let groups = try String(contentsOfFile: gallery + "/similar.html", encoding: .utf8)
        #expect(groups.contains("Copies · 2 files") && groups.contains("Similar · 2 photos"))
        #expect(try String(contentsOfFile: gallery + "/index.html", encoding: .utf8).contains(#"href="similar.html">2 similar groups</a>"#))
        #expect(!FileBytes.exists(gallery + "/thumbs/WhatsApp Images/A copy_256.jpg"))

        // The sheet and the animation: four photos, one of the scene.
        for kind in ["fourcut", "gif"] {
            let photos = try Self.sources(kind, in: folder)
            #expect(photos.count == 4 && photos.contains("A.jpg") && photos.contains("C.jpg") && photos.contains("D.jpg"),
                    "\(kind): \(photos)")
            #expect(photos.contains("B.jpg") != photos.contains("B2.jpg"), "\(kind): \(photos)")
        }

        // Without fingerprints: every file its tile, no Similar photos page.
        let (plainCode, plain) = CommandRunner.run("process", folder.path, "--quiet", "--json", "--no-similar")
        #expect(plainCode == .success, "\(plain.stderr)")
        #expect(plain.stdout.contains(#"{"photos":6,"#), "\(plain.stdout)")
        #expect(!FileBytes.exists(gallery + "/similar.html"))
    }

    /// Two shards and a merge give what one run gives: the shards group nothing, the merge groups
    /// the library and makes again the sheet and animation its groups change.
    @Test func shardsAndAMergeGiveWhatOneRunGives() throws {
        let source = try Self.folder()
        let scratch = TemporaryFolder()
        let (single, sharded) = (scratch.file("one/lib"), scratch.file("many/lib"))
        for folder in [single, sharded] {
            try Folders.create(String(folder.dropLast(4)))
            #expect(shell("cp -a '\(source.path)' '\(folder)'").status == 0)
        }
        #expect(try BinaryRun.run(["process", single, "--quiet"]).status == 0)
        for shard in 0..<2 {
            let run = try BinaryRun.run(["process", sharded, "--shard", "\(shard)/2", "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let merge = try BinaryRun.run(["merge", sharded, "--json"])
        #expect(merge.status == 0, "\(merge.stderr)")
        let one = try GalleryBytes.of(single), many = try GalleryBytes.of(sharded)
        #expect(one.keys.contains("similar.html") && Set(one.keys) == Set(many.keys),
                "\(Set(one.keys).symmetricDifference(many.keys).sorted())")
        let differing = one.keys.filter { one[$0] != many[$0] }.sorted()
        #expect(differing.isEmpty, "differ: \(differing.prefix(5))")
    }
}
