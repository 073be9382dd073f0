#if canImport(Glibc)
import Glibc
#endif
import Imaging
import Testing
import TestSupport

@Suite struct ThumbnailStoreTests {
    static func temporaryFolder() -> String {
        var template = Array("/tmp/filmroll-store-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    static func setModificationTime(_ path: String, seconds: Int) {
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }

    @Test func storesLooksUpAndEvictsLeastRecentlyUsed() throws {
        let folder = Self.temporaryFolder()
        defer { _ = system("rm -rf '\(folder)'") }
        let store = ThumbnailStore(directory: folder + "/thumbs")
        let keys = (0..<5).map { MD5.hex(Array("key \($0)".utf8)) }
        for (index, key) in keys.enumerated() {
            let path = try store.store([UInt8](repeating: UInt8(index), count: 1000), key: key, extension: "jpg")
            #expect(path == "\(folder)/thumbs/\(key.prefix(2))/\(key).jpg")
            Self.setModificationTime(path, seconds: 1_000_000 + index)
        }
        #expect(store.usage() == ThumbnailStore.Usage(files: 5, bytes: 5000))
        #expect(store.cachedPath(forKey: MD5.hex(Array("absent".utf8)), extension: "jpg") == nil)
        // Using the oldest makes it the newest.
        #expect(store.cachedPath(forKey: keys[0], extension: "jpg") != nil)

        let removed = store.evict(toFit: 2500)
        #expect(removed == ThumbnailStore.Usage(files: 3, bytes: 3000))
        #expect(store.cachedPath(forKey: keys[0], extension: "jpg") != nil)
        #expect(store.cachedPath(forKey: keys[4], extension: "jpg") != nil)
        for key in keys[1...3] { #expect(store.cachedPath(forKey: key, extension: "jpg") == nil) }
        #expect(store.evict(toFit: 2500) == ThumbnailStore.Usage(files: 0, bytes: 0))
    }

    static let jpeg85 = EncodingFormat.jpeg(JPEGEncodingOptions(quality: 85))

    @Test func keyChangesWithEveryPartOfTheIdentity() {
        let source = SourceIdentity(path: "/a/b.jpg", byteCount: 10, modificationTimeNanoseconds: 5)
        let resize = ImageProcessors.Resize(edge: 256)
        let base = ThumbnailStore.key(relativePath: "b.jpg", source: source, processors: [resize], encoding: Self.jpeg85)
        var touched = source
        touched.modificationTimeNanoseconds += 1
        var grown = source
        grown.byteCount += 1
        let variants = [
            ThumbnailStore.key(relativePath: "c.jpg", source: source, processors: [resize], encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: touched, processors: [resize], encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: grown, processors: [resize], encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: source, processors: [ImageProcessors.Resize(edge: 128)], encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: source, processors: [ImageProcessors.Resize(edge: 256, fit: .cover)], encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: source, processors: [resize], encoding: .jpeg(JPEGEncodingOptions(quality: 90))),
            // The crop anchor, which a key assembled by hand once left out.
            ThumbnailStore.key(relativePath: "b.jpg", source: source,
                               processors: [ImageProcessors.Resize(target: .edge(256, fit: .cover), anchor: .smart)],
                               encoding: Self.jpeg85),
            ThumbnailStore.key(relativePath: "b.jpg", source: source, processors: [resize], encoding: .png(PNGEncodingOptions())),
        ]
        #expect(Set(variants + [base]).count == 9)
        // The absolute path does not matter: a moved folder keeps its thumbnails.
        var moved = source
        moved.path = "/elsewhere/b.jpg"
        #expect(ThumbnailStore.key(relativePath: "b.jpg", source: moved, processors: [resize], encoding: Self.jpeg85) == base)
    }
}
