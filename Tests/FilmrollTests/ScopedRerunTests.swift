#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Files
import Foundation
import Imaging
import Testing
import TestSupport

/// A re-run after a few changes plans only the days they reach
/// (`ProcessScope`), and leaves the gallery, byte for byte, as a first run
/// over the same photos makes it: pages beside the change, the month, year
/// and "On this day" pages, the index, and what is gone.
@Suite struct ScopedRerunTests {
    /// A photo taken at `taken` ("2024:05:01 10:00:00"), its pixels from `seed`.
    static func photo(_ taken: String, seed: Int) throws -> [UInt8] {
        var exif = EXIFBuilder()
        exif.ifd0[0x010F] = .ascii("Canon")
        exif.exif[0x9003] = .ascii(taken)
        var random = SplitMix64(seed: UInt64(seed))
        let pixels = (0..<48 * 36 * 3).map { index in UInt8(truncatingIfNeeded: index / 5 + Int(random.next() % 40)) }
        return try ImageEncoder.encode(Image(width: 48, height: 36, format: .rgb8, pixels: pixels),
                                       as: .jpeg(JPEGEncodingOptions(exif: exif.payload)))
    }

    /// 26 photos on 9 days of two years (May 1 and 2 in both: "On this day"),
    /// one day with a single photo between two others.
    static let library: [(name: String, taken: String)] = {
        var photos: [(String, String)] = []
        let days = ["2023:05:01", "2023:05:02", "2024:04:28", "2024:04:30", "2024:05:01", "2024:05:02", "2024:05:03",
                    "2024:05:07", "2024:06:10"]
        for (index, day) in days.enumerated() {
            let count = index == 3 ? 1 : 2 + index % 3
            for photo in 0..<count { photos.append(("IMG_\(index)\(photo).jpg", "\(day) 1\(photo):00:00")) }
        }
        return photos
    }()

    static var options: ProcessOptions {
        var options = ProcessOptions()
        options.gallery.title = "Library"
        options.jobs = 2
        return options
    }

    /// Writes the photos (`photos` by name: taken, seed) into `folder`.
    static func write(_ photos: [String: (taken: String, seed: Int)], to folder: String) throws {
        for (name, photo) in photos { try AtomicFile.write(try Self.photo(photo.taken, seed: photo.seed), to: folder + "/" + name) }
    }

    /// Runs the change on a processed library, then checks the scoped re-run against a first run over the result.
    /// A move (`scoped` false) is planned over the whole library instead.
    func expectScopedRunMatchesAFirstRun(scoped isScoped: Bool = true,
                                         _ change: (inout [String: (taken: String, seed: Int)]) -> Void) throws {
        var photos: [String: (taken: String, seed: Int)] = [:]
        for (seed, photo) in Self.library.enumerated() { photos[photo.name] = (photo.taken, seed) }
        let scoped = try FolderProcessTests.folderOf { try Self.write(photos, to: $0) }
        defer { FolderProcessTests.remove(scoped) }
        #expect(try FolderProcess(folder: scoped, options: Self.options).run().failures.isEmpty)

        let before = photos
        change(&photos)
        for name in before.keys where photos[name] == nil { #expect(unlink(scoped + "/" + name) == 0) }
        var changed: [String: (taken: String, seed: Int)] = [:]
        for (name, photo) in photos where before[name].map({ $0.taken != photo.taken || $0.seed != photo.seed }) ?? true {
            changed[name] = photo
        }
        try Self.write(changed, to: scoped)
        let rerun = try FolderProcess(folder: scoped, options: Self.options).run()
        #expect(rerun.failures.isEmpty && !rerun.upToDate)
        if isScoped {
            #expect(rerun.scopedDays != nil && rerun.scopedDays! < 9, "planned \(String(describing: rerun.scopedDays)) days")
        } else {
            #expect(rerun.scopedDays == nil && rerun.index.moved == 1, "\(rerun.index)")
        }

        let fresh = try FolderProcessTests.folderOf { try Self.write(photos, to: $0) }
        defer { FolderProcessTests.remove(fresh) }
        let first = try FolderProcess(folder: fresh, options: Self.options).run()
        #expect(rerun.photos == first.photos && rerun.videos == first.videos)
        let expected = try GalleryBytes.of(fresh), found = try GalleryBytes.of(scoped)
        #expect(Set(found.keys) == Set(expected.keys), "\(Set(found.keys).symmetricDifference(expected.keys).sorted())")
        let differing = expected.keys.filter { found[$0] != nil && found[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "differ from a first run: \(differing)")
        // And the next run has nothing to do.
        #expect(try FolderProcess(folder: scoped, options: Self.options).run().upToDate)
    }

    @Test func aPhotoAddedToADay() throws {
        try expectScopedRunMatchesAFirstRun { $0["IMG_new.jpg"] = ("2024:05:02 18:00:00", 99) }
    }

    @Test func theOnlyPhotoOfADayDeleted() throws {
        try expectScopedRunMatchesAFirstRun { $0["IMG_30.jpg"] = nil }
    }

    @Test func aPhotoMovedToAnotherDayByANewDate() throws {
        try expectScopedRunMatchesAFirstRun { $0["IMG_61.jpg"] = ("2024:06:10 09:00:00", 61) }
    }

    /// Renamed: the same bytes at a new path, the catalog's row moved with it; its
    /// page under the old name goes, as a first run over the result never had it.
    @Test func aPhotoRenamed() throws {
        try expectScopedRunMatchesAFirstRun(scoped: false) { photos in
            photos["IMG_renamed.jpg"] = photos["IMG_30.jpg"]
            photos["IMG_30.jpg"] = nil
        }
    }

    @Test func aPhotoOnANewDayOfANewMonth() throws {
        try expectScopedRunMatchesAFirstRun { $0["IMG_new.jpg"] = ("2024:07:04 12:00:00", 77) }
    }
}

/// A library larger than a batch is made a batch of days at a time, and
/// comes out as it does made at once.
@Suite struct BatchedProcessTests {
    @Test func batchesOfDaysMakeWhatOneBatchMakes() throws {
        var photos: [String: (taken: String, seed: Int)] = [:]
        for (seed, photo) in ScopedRerunTests.library.enumerated() { photos[photo.name] = (photo.taken, seed) }
        let whole = try FolderProcessTests.folderOf { try ScopedRerunTests.write(photos, to: $0) }
        let batched = try FolderProcessTests.folderOf { try ScopedRerunTests.write(photos, to: $0) }
        defer { FolderProcessTests.remove(whole); FolderProcessTests.remove(batched) }
        var options = ScopedRerunTests.options
        let one = try FolderProcess(folder: whole, options: options).run()
        options.batchItems = 5
        let many = try FolderProcess(folder: batched, options: options).run()
        #expect(one.failures.isEmpty && many.failures.isEmpty)
        #expect(many.photos == one.photos && many.decoded == one.decoded && many.thumbnailsMade == one.thumbnailsMade
                    && many.fourCutsMade == one.fourCutsMade && many.animationsMade == one.animationsMade)
        let expected = try GalleryBytes.of(whole), found = try GalleryBytes.of(batched)
        #expect(expected.count > 60 && Set(found.keys) == Set(expected.keys))
        #expect(expected.keys.filter { found[$0] != expected[$0] }.isEmpty)

        // A photo gone, with other options (so the whole library is planned again, in batches): still the same.
        #expect(unlink(batched + "/IMG_30.jpg") == 0 && unlink(whole + "/IMG_30.jpg") == 0)
        options.gallery.title = "Again"
        var single = ScopedRerunTests.options
        single.gallery.title = "Again"
        let again = try FolderProcess(folder: batched, options: options).run()
        _ = try FolderProcess(folder: whole, options: single).run()
        #expect(again.scopedDays == nil && again.removed > 0)
        let expectedAgain = try GalleryBytes.of(whole), foundAgain = try GalleryBytes.of(batched)
        #expect(Set(foundAgain.keys) == Set(expectedAgain.keys))
        #expect(expectedAgain.keys.filter { foundAgain[$0] != expectedAgain[$0] }.isEmpty)
    }
}
