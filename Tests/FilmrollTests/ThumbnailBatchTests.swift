import Filmroll
import Testing
import TestSupport

/// Thumbnails of a folder through the library alone, as a Swift program
/// makes them: `InputWalker` finds the photos, `ThumbnailBatch` makes them.
@Suite struct ThumbnailBatchTests {
    @Test func thumbnailsOfAFolderAreMadeUprightAtEverySize() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let (files, failures, skipped) = InputWalker.expand([folder.path])
        #expect(files.count == 6 && failures.isEmpty && skipped.isEmpty)
        let out = folder.file("out")
        let events = Locked<[ThumbnailEvent]>([])

        let summary = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [64, 32], outputFolder: out)).run(files) { event in
            events.withLock { $0.append(event) }
        }

        #expect(summary.made == 12)
        #expect(summary.cached == 0)
        #expect(summary.failed == 0)
        #expect(summary.location == out)
        #expect(summary.outputs.count == 12)
        for index in 1...6 {
            for (size, expected) in [(64, PixelSize(width: 64, height: 48)), (32, PixelSize(width: 32, height: 24))] {
                let path = out + "/IMG_000\(index)_\(size).jpg"
                #expect(try ImageDecoder.readInfo(contentsOf: path).storedSize == expected, "\(path)")
                #expect(OutputMark.read(contentsOf: path) == .thumbnail)
            }
        }
        let finished = events.withLock { $0.filter { if case .finished = $0 { true } else { false } } }
        #expect(finished.count == 6)
    }

    @Test func aReRunFindsEveryThumbnailInTheStore() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let files = InputWalker.expand([folder.path]).files
        let batch = ThumbnailBatch(plan: ThumbnailPlan(sizes: [64]))
        let first = try batch.run(files)
        #expect(first.made == 6)
        #expect(first.location == folder.file(".filmroll/thumbs"))

        let again = try batch.run(files)

        #expect(again.made == 0)
        #expect(again.cached == 6)
        #expect(again.outputs.allSatisfy { $0.status == .cached && $0.dimensions == PixelSize(width: 64, height: 48) })
        #expect(Set(again.outputs.compactMap(\.path)) == Set(first.outputs.compactMap(\.path)))
    }

    @Test func aPhotoThatCannotBeReadIsToldAndTheOthersAreMade() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "bad/not-an-image.jpg")
        let failures = Locked<[String]>([])

        let summary = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [40], store: .none)).run(InputWalker.expand([folder.path]).files) {
            if case let .failed(path, _, _, _) = $0 { failures.withLock { $0.append(path) } }
        }

        #expect(summary.made == 6)
        #expect(summary.failed == 1)
        #expect(failures.withLock { $0 } == [folder.file("broken.jpg")])
        #expect(summary.outputs.allSatisfy { $0.path == nil && $0.dimensions == PixelSize(width: 40, height: 30) })
    }

    @Test func cancellingStopsBeforeTheNextPhoto() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let token = CancellationToken()
        token.cancel()
        let summary = try ThumbnailBatch(plan: ThumbnailPlan(sizes: [64], outputFolder: folder.file("out")))
            .run(InputWalker.expand([folder.path]).files, cancellation: token)
        #expect(summary.cancelled)
        #expect(summary.made == 0)
        #expect(!FileBytes.exists(folder.file("out")))
    }
}
