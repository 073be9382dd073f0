#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import Testing
import TestSupport

@Suite struct FolderIndexerTests {
    @Test func addsEveryPhotoWithItsFacts() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated.merging(["bad/broken.jpg": "jpeg/truncated.jpg",
                                                                               "bad/text.jpg": "bad/not-an-image.jpg"]) { $1 })
        let summary = try fixture.index()
        #expect(summary.added == 7)          // the truncated JPEG's header is fine: indexing decodes no pixels
        #expect(summary.failed == 1)
        #expect(summary.failures.map(\.reason.formatListElided) == ["not an image Filmroll reads (…)"])
        let catalog = try fixture.catalog()
        let photo = try #require(try catalog.photo(relativePath: "2025/IMG_0004.jpg"))
        #expect(photo.takenAt == "2025-04-11T08:00:00")
        #expect(photo.takenOffsetMinutes == 540)
        #expect(photo.takenISO8601 == "2025-04-11T08:00:00+09:00")
        #expect(!photo.takenFromModificationTime)
        #expect(photo.storedSize == PixelSize(width: 120, height: 160))
        #expect(photo.size == PixelSize(width: 160, height: 120))
        #expect(photo.orientation == 6)
        #expect(photo.camera == "Filmroll Fixture Cam")
        #expect(photo.hash?.count == 32)
        let failed = try #require(try catalog.photo(relativePath: "bad/text.jpg"))
        #expect(failed.error?.formatListElided == "not an image Filmroll reads (…)")
        // No EXIF date: the file's time stands in, flagged.
        let undated = try #require(try catalog.photo(relativePath: "bad/broken.jpg"))
        #expect(undated.takenFromModificationTime)
    }

    @Test func reRunReadsNothingUnchanged() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        let again = try fixture.index()
        #expect(again == { var s = IndexSummary(); s.unchanged = 6; return s }())
    }

    @Test func changedMovedDeletedAreRecognised() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        let catalog = try fixture.catalog()
        let movedID = try #require(try catalog.photo(relativePath: "2025/IMG_0002.jpg")).id
        let changedID = try #require(try catalog.photo(relativePath: "2025/IMG_0003.jpg")).id
        let output = try catalog.recordOutput(kind: .thumbnail, path: fixture.path("thumb.jpg"), parameters: "{}", sources: [movedID])

        #expect(rename(fixture.path("2025/IMG_0002.jpg"), fixture.path("renamed 사진.jpg")) == 0)
        try fixture.add("jpeg/photo.jpg", as: "2025/IMG_0003.jpg")        // new content, same name
        #expect(unlink(fixture.path("2025/IMG_0005.jpg")) == 0)

        let summary = try fixture.index()
        #expect(summary.moved == 1)
        #expect(summary.changed == 1)
        #expect(summary.missing == 1)
        #expect(summary.unchanged == 3)
        #expect(summary.added == 0)
        let moved = try #require(try catalog.photo(relativePath: "renamed 사진.jpg"))
        #expect(moved.id == movedID)
        #expect(try catalog.sources(ofOutput: output) == [movedID])
        #expect(try catalog.photo(relativePath: "2025/IMG_0002.jpg") == nil)
        let changed = try #require(try catalog.photo(relativePath: "2025/IMG_0003.jpg"))
        #expect(changed.id == changedID)
        #expect(changed.size == PixelSize(width: 640, height: 480))
        #expect(try catalog.photo(relativePath: "2025/IMG_0005.jpg")?.isMissing == true)
    }

    @Test func pruneRemovesMissingPhotosAndTheirOutputFiles() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        try fixture.index()
        let catalog = try fixture.catalog()
        let doomed = try #require(try catalog.photo(relativePath: "2025/IMG_0005.jpg")).id
        let kept = try #require(try catalog.photo(relativePath: "2025/IMG_0006.jpg")).id
        // Marked as Filmroll's own, in the folder's `.filmroll` (whose marker names the catalog): prune deletes nothing else.
        let thumbnail = Fixtures.marked([0xFF, 0xD8, 0xFF, 0xD9], as: .thumbnail)
        try Folders.create(fixture.path(".filmroll/thumbs"))
        try AtomicFile.write(thumbnail, to: fixture.path(".filmroll/thumbs/doomed_256.jpg"))
        try AtomicFile.write(thumbnail, to: fixture.path(".filmroll/thumbs/kept_256.jpg"))
        try catalog.recordOutput(kind: .thumbnail, path: fixture.path(".filmroll/thumbs/doomed_256.jpg"), parameters: "{}",
                                 sources: [doomed])
        try catalog.recordOutput(kind: .thumbnail, path: fixture.path(".filmroll/thumbs/kept_256.jpg"), parameters: "{}",
                                 sources: [kept])
        // An output record that names a photo: the photo is never deleted.
        try catalog.recordOutput(kind: .gif, path: fixture.path("2025/IMG_0006.jpg"), parameters: "{}", sources: [doomed])
        #expect(unlink(fixture.path("2025/IMG_0005.jpg")) == 0)
        try fixture.index()

        let result = try catalog.pruneMissing()
        #expect(result.photos == 1)
        #expect(result.outputs == 2)
        #expect(result.filesDeleted == 1 && result.refused.isEmpty, "\(result)")
        #expect(!FileBytes.exists(fixture.path(".filmroll/thumbs/doomed_256.jpg")))
        #expect(FileBytes.exists(fixture.path(".filmroll/thumbs/kept_256.jpg")))
        #expect(FileBytes.exists(fixture.path("2025/IMG_0006.jpg")))
        let rows = try catalog.database.rows("SELECT path, missing FROM photos").map(\.values)
        #expect(rows.count == 5, "\(rows)")
        #expect(try catalog.database.value("SELECT count(*) FROM outputs").int == 1)
        #expect(try catalog.database.value("SELECT count(*) FROM output_sources").int == 1)
    }

    @Test func interruptedRunKeepsFinishedChunksAndAReRunCompletes() throws {
        let fixture = try PhotoFolderFixture(PhotoFolderFixture.dated)
        var indexer = FolderIndexer(catalog: try fixture.catalog(), jobs: 1)
        indexer.chunkSize = 2
        let stops = StopAfter(calls: 1)
        let first = try indexer.run(shouldStop: { stops.next() })
        #expect(first.interrupted)
        #expect(first.added == 2)
        let second = try fixture.index()
        #expect(second.added == 4)
        #expect(second.unchanged == 2)
    }
}

/// Says "stop" from the n-th call on.
final class StopAfter: @unchecked Sendable {
    private var remaining: Int
    init(calls: Int) { remaining = calls }
    func next() -> Bool {
        remaining -= 1
        return remaining < 0
    }
}
