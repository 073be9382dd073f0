#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import Synchronization
import Testing
import TestSupport

/// The one executor: one decode per photo by construction, failures kept
/// to their outputs, cancellation, and recipe keys that remake exactly
/// what depends on a change.
@Suite struct PlanExecutorTests {
    /// `count` small JPEGs with no date (so all on the day of their file time), each a different grey.
    static func photos(_ count: Int, in folder: String) throws {
        for index in 0..<count {
            let shade = UInt8(index * 255 / max(1, count - 1))
            let image = Image(width: 48, height: 32, format: .rgb8, pixels: [UInt8](repeating: shade, count: 48 * 32 * 3))
            let bytes = try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(quality: 80)))
            try AtomicFile.write(bytes, to: folder + "/photo \(index).jpg")
            FileTimes.setKept(folder + "/photo \(index).jpg", second: index % 60)   // one day, as a copy that kept times leaves it
        }
    }

    static func sources(in folder: String, count: Int) throws -> [ThumbnailOutputs.Photo] {
        try (0..<count).map { index in
            let path = folder + "/photo \(index).jpg"
            let source = try SourceIdentity.of(path)
            return ThumbnailOutputs.Photo(source: source, reference: .relativePath("photo \(index).jpg"),
                                          input: .file(relativePath: "photo \(index).jpg", byteCount: source.byteCount,
                                                       modificationTimeNanoseconds: source.modificationTimeNanoseconds))
        }
    }

    static let encoding = EncodingFormat.jpeg(JPEGEncodingOptions(quality: 85)).marked(.thumbnail)

    static func thumbnail(_ photo: ThumbnailOutputs.Photo, edge: Int, to path: String) -> PlannedOutput {
        ThumbnailOutputs.planned(photo, resize: ImageProcessors.Resize(edge: edge), encoding: encoding, path: path,
                                 root: InputWalker.parentFolder(path), parameters: "{}")
    }

    @Test func aDayOf150PhotosIsDecodedOncePerPhotoWhateverTheCacheHolds() throws {
        let folder = try FolderProcessTests.folderOf { try Self.photos(150, in: $0) }
        defer { FolderProcessTests.remove(folder) }
        var options = ProcessOptions()
        options.memoryBytes = 64 << 20
        let summary = try FolderProcess(folder: folder, options: options).run()
        #expect(summary.photos == 150)
        #expect(summary.decoded == 150)
        #expect(summary.thumbnailsMade == 300)
        #expect(summary.fourCutsMade == 1)
        #expect(summary.animationsMade == 1)
        #expect(summary.failed == 0)
    }

    @Test func aFailingOutputDoesNotStopTheOthers() throws {
        let folder = try FolderProcessTests.folderOf { try Self.photos(3, in: $0) }
        defer { FolderProcessTests.remove(folder) }
        let photos = try Self.sources(in: folder, count: 3)
        var outputs = photos.enumerated().map { Self.thumbnail($1, edge: 16, to: folder + "/out/\($0).jpg") }
        struct Refusal: Error, CustomStringConvertible { var description: String { "no room for this one" } }
        outputs.insert(PlannedOutput(record: .unrecorded(isCurrent: { false }), kind: .thumbnail, path: folder + "/out/bad.jpg",
                                     root: folder + "/out", mark: .thumbnail,
                                     inputs: [.init(source: photos[1].source, photo: photos[1].reference,
                                                    resize: ImageProcessors.Resize(edge: 8))]) { _, _ in throw Refusal() }, at: 1)
        let failures = Locked<[String]>([])
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 2).run(outputs, ledger: OutputLedger(), record: { _ in }) {
            if case let .failed(path, reason, _) = $0 { failures.withLock { $0.append("\(path): \(reason)") } }
        }
        #expect(summary.made[.thumbnail] == 3)
        #expect(summary.failed == 1)
        #expect(summary.decoded == 3)   // photo 1 once, for its thumbnail and the failing output
        #expect(failures.withLock { $0 } == [folder + "/out/bad.jpg: no room for this one"])
        for index in 0..<3 { #expect(FileBytes.exists(folder + "/out/\(index).jpg")) }
    }

    @Test func aPhotoThatFailsFailsOnlyTheOutputsThatNeedIt() throws {
        let folder = try FolderProcessTests.folderOf { try Self.photos(3, in: $0) }
        defer { FolderProcessTests.remove(folder) }
        var photos = try Self.sources(in: folder, count: 3)
        try AtomicFile.write(Array("not a photo".utf8), to: folder + "/photo 1.jpg")
        photos[1].source = try SourceIdentity.of(folder + "/photo 1.jpg")
        let outputs = photos.enumerated().map { Self.thumbnail($1, edge: 16, to: folder + "/out/\($0).jpg") }
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 1).run(outputs, ledger: OutputLedger(), record: { _ in }) { _ in }
        #expect(summary.made[.thumbnail] == 2)
        #expect(summary.failed == 1)
        #expect(!FileBytes.exists(folder + "/out/1.jpg"))
    }

    @Test func cancellationStopsNewDecodes() throws {
        let folder = try FolderProcessTests.folderOf { try Self.photos(20, in: $0) }
        defer { FolderProcessTests.remove(folder) }
        let photos = try Self.sources(in: folder, count: 20)
        let outputs = photos.enumerated().map { Self.thumbnail($1, edge: 16, to: folder + "/out/\($0).jpg") }
        let token = CancellationToken()
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 1, cancellation: token)
            .run(outputs, ledger: OutputLedger(), record: { _ in }) { event in
                if case .decoded = event { token.cancel() }
            }
        #expect(summary.cancelled)
        #expect(summary.decoded == 1)
        #expect(summary.made[.thumbnail] == 1)
    }

    @Test func keysAreStableAndNameTheWorkNotThePlace() {
        let input = OutputRecipe.Input.content(hash: "00112233445566778899aabbccddeeff")
        let resize = ImageProcessors.Resize(edge: 256)
        let key = OutputRecipe.thumbnail(of: input, resize: resize, encoding: Self.encoding).key
        #expect(key == OutputRecipe.thumbnail(of: input, resize: resize, encoding: Self.encoding).key)
        #expect(key.count == 32)
        #expect(key != OutputRecipe.thumbnail(of: input, resize: ImageProcessors.Resize(edge: 255), encoding: Self.encoding).key)
        #expect(key != OutputRecipe.thumbnail(of: .content(hash: "ff112233445566778899aabbccddeeff"), resize: resize,
                                              encoding: Self.encoding).key)
        let quality90 = EncodingFormat.jpeg(JPEGEncodingOptions(quality: 90)).marked(.thumbnail)
        #expect(key != OutputRecipe.thumbnail(of: input, resize: resize, encoding: quality90).key)
        // The same recipe built twice: the same key (no per-process seed, unlike Swift's Hasher).
        #expect(OutputRecipe(kind: .fourcut, inputs: [input], parameters: "p").key
                == OutputRecipe(kind: .fourcut, inputs: [input], parameters: "p").key)
    }

    @Test func changingOneParameterRemakesExactlyWhatDependsOnIt() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()

        var options = ProcessOptions()
        options.quality = 70   // thumbnails only
        let requality = try FolderProcess(folder: folder, options: options).run()
        #expect(requality.thumbnailsMade == 14)
        #expect(requality.fourCutsMade == 0 && requality.animationsMade == 0)
        #expect(requality.decoded == 7)

        options.animationDelay = 50   // the two days' animations only
        let retimed = try FolderProcess(folder: folder, options: options).run()
        #expect(retimed.thumbnailsMade == 0 && retimed.fourCutsMade == 0)
        #expect(retimed.animationsMade == 2)
        #expect(retimed.decoded == 6)   // the photos of 2025-04-10 and 04-12, not 04-11's one

        let again = try FolderProcess(folder: folder, options: options).run()
        #expect(again.thumbnailsMade + again.fourCutsMade + again.animationsMade == 0)
        #expect(again.decoded == 0)
    }

    @Test func changingOnePhotoRemakesItsOutputsAndItsDaysOnly() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        // IMG_0005 (2025-04-12, with IMG_0006) gets IMG_0006's pixels, keeping its own EXIF date.
        var bytes = try FileBytes.read(folder + "/IMG_0005.jpg")
        bytes[bytes.count - 3] ^= 0x55
        try AtomicFile.write(bytes, to: folder + "/IMG_0005.jpg")
        let changed = try FolderProcess(folder: folder).run()
        #expect(changed.thumbnailsMade == 2)
        #expect(changed.fourCutsMade == 0)
        #expect(changed.animationsMade == 1)
        #expect(changed.decoded == 2)
    }
}
