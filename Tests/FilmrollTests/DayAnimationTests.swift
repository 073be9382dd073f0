@testable import Filmroll
import Testing
import TestSupport

/// A day's animation is encoded frame by frame as its photos decode, and
/// gives the bytes of encoding its frames all at once.
@Suite struct DayAnimationTests {
    static let frameSize = PixelSize(width: 96, height: 72)

    static func settings(_ format: ImageFormat) -> AnimationMaker.DaySettings {
        AnimationMaker.DaySettings(format: format, frameSize: frameSize, delay: 80, gifSpeed: 8, limits: .default,
                                   encoderBytes: 256 << 20)
    }

    static func photos(_ folder: WorkflowFolder, _ names: [String]) throws -> [ThumbnailOutputs.Photo] {
        try names.map { name in
            let source = try SourceIdentity.of(folder.file(name))
            return ThumbnailOutputs.Photo(source: source, reference: .relativePath(name),
                                          input: .file(relativePath: name, byteCount: source.byteCount,
                                                       modificationTimeNanoseconds: source.modificationTimeNanoseconds))
        }
    }

    /// The animation made by the executor (frames fed as decoded, on two workers).
    static func made(_ format: ImageFormat, photos: [ThumbnailOutputs.Photo], in folder: WorkflowFolder) throws -> [UInt8] {
        let path = folder.file("day.\(format.rawValue)")
        let planned = AnimationMaker.plannedDay(photos, settings: settings(format), minimum: 2, path: path,
                                                  root: folder.path, parameters: "{}")
        #expect(planned.begin != nil)
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 2).run([planned], ledger: OutputLedger(), record: { _ in },
                                                                          events: { _ in })
        #expect(summary.made[.animation] == 1)
        return try FileBytes.read(path)
    }

    /// The frames as the executor decodes them, each cover-cropped to the frame.
    static func frames(_ photos: [ThumbnailOutputs.Photo]) throws -> [Image] {
        let resize = ImageProcessors.Resize(target: TargetSize(width: frameSize.width, height: frameSize.height, fit: .cover),
                                            upscale: true)
        return try photos.map { try ImagePipeline().image(for: ImageRequest(source: $0.source, resize: resize)) }
    }

    @Test func aGIFFedFrameByFrameIsTheGIFOfAllItsFramesAtOnce() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let photos = try Self.photos(folder, (1...6).map { "IMG_000\($0).jpg" })

        var options = GIFOptions()
        options.comment = OutputMark.gif.text
        options.speed = 8
        options.paletteShrink = 4
        options.triesSharedPalette = false
        let whole = try GIFAnimator(options: options).encode(try Self.frames(photos), delays: Array(repeating: 80, count: 6))
        let fed = try Self.made(.gif, photos: photos, in: folder)
        #expect(fed == whole)
        #expect(fed.count > 1000)
    }

    @Test func aWebPFedFrameByFrameIsTheWebPOfAllItsFramesAtOnce() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let photos = try Self.photos(folder, ["IMG_0001.jpg", "IMG_0004.jpg", "IMG_0006.jpg"])

        var options = WebPAnimationOptions()
        options.mark = OutputMark.webp.text
        let whole = try WebPAnimator.encode(try Self.frames(photos), milliseconds: [800, 800, 800], options: options)
        #expect(try Self.made(.webp, photos: photos, in: folder) == whole)
    }

    @Test func aPhotoThatFailsLeavesTheOthersFramesInOrder() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "jpeg/truncated.jpg")
        let good = try Self.photos(folder, ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0005.jpg"])
        let withBroken = try Self.photos(folder, ["IMG_0001.jpg", "broken.jpg", "IMG_0002.jpg", "IMG_0005.jpg"])

        let fed = try Self.made(.gif, photos: withBroken, in: folder)
        #expect(fed == (try Self.made(.gif, photos: good, in: folder)))
    }

    @Test func tooFewPhotosMakeNoAnimationAndLeaveNoFile() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        try folder.add("broken.jpg", from: "jpeg/truncated.jpg")
        let photos = try Self.photos(folder, ["broken.jpg", "IMG_0001.jpg"])
        let path = folder.file("day.mp4")
        let planned = AnimationMaker.plannedDay(photos, settings: Self.settings(.mp4), minimum: 2, path: path,
                                                  root: folder.path, parameters: "{}")
        let failures = Locked<[String]>([])
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 2).run([planned], ledger: OutputLedger(), record: { _ in },
                                                                          failures: { failure in
            failures.withLock { $0.append(failure.reason) }
        }, events: { _ in })
        #expect(summary.made[.animation] == nil)
        #expect(failures.withLock { $0 }.contains("only 1 of its 2 photos could be read"))
        // The MP4 the first frame began is gone, temporary and all.
        #expect(Folders.names(in: folder.path).filter { $0.hasPrefix("day") }.isEmpty)
    }

    @Test func aRunCancelledMidwayLeavesNoPartOfAnAnimationItBegan() throws {
        let folder = try WorkflowFolder()
        defer { folder.remove() }
        let photos = try Self.photos(folder, (1...6).map { "IMG_000\($0).jpg" })
        let path = folder.file("day.mp4")
        // One frame would be enough: a cancelled run still makes nothing of what it began.
        let planned = AnimationMaker.plannedDay(photos, settings: Self.settings(.mp4), minimum: 1, path: path,
                                                  root: folder.path, parameters: "{}")
        let token = CancellationToken()
        // One worker: the first photo decodes, its frame begins the video, then the run stops.
        let summary = PlanExecutor(pipeline: ImagePipeline(), jobs: 1, cancellation: token)
            .run([planned], ledger: OutputLedger(), record: { _ in }) { event in
                if case .decoded(let done, _) = event, done == 1 { token.cancel() }
            }
        #expect(summary.cancelled)
        #expect(summary.decoded == 1)
        #expect(summary.made[.animation] == nil)
        #expect(Folders.names(in: folder.path).filter { $0.hasPrefix("day") || $0.hasPrefix(".") }.isEmpty)
    }
}
