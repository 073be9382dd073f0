import Catalog
import Imaging
import Synchronization

/// Runs any plan: finds what is stale in the catalog's record, reads and
/// decodes each photo once at every size its stale outputs need, makes
/// each output as soon as its photos are decoded (before the next photo is
/// taken; see `ExecutorQueue`), on `jobs` workers, writes
/// it through the output guard and records it with its recipe's key.
///
/// Decodes per photo are one by construction: all requests on a photo are
/// grouped before any decode, so no cache has to remember a sheet's cell.
/// A photo that fails fails the outputs that need it (unless enough of
/// their photos decoded); the others go on. Cancellation stops new decodes.
public struct PlanExecutor: Sendable {
    public var pipeline: ImagePipeline
    public var jobs: Int
    /// Replace files Filmroll did not make (`--force`).
    public var force: Bool
    /// The run's photos, which no output replaces, `--force` or not.
    public var photos: InputIdentities
    public var cancellation: CancellationToken
    /// Events name outputs relative to this folder when below it.
    public var reportRoot: String?
    /// The catalog file (`--catalog`) whose records of unmarked outputs the guard also trusts.
    public var catalogPath: String?
    /// An output of several photos left short by photos that failed is only
    /// passed to `failures` (as `MissingPhotos`), neither reported nor
    /// counted: the caller plans it again without them (`FolderProcess`).
    public var defersShortOutputs = false
    /// The kinds whose made outputs' paths the summary keeps (`Summary.madePaths`):
    /// those a later pass may make again (a day's), not every thumbnail's.
    public var keepsPathsOf: Set<OutputKind> = []

    public init(pipeline: ImagePipeline, jobs: Int, force: Bool = false, photos: InputIdentities = InputIdentities([]),
                cancellation: CancellationToken = CancellationToken(), reportRoot: String? = nil, catalogPath: String? = nil) {
        self.pipeline = pipeline
        self.jobs = max(1, jobs)
        self.force = force
        self.photos = photos
        self.cancellation = cancellation
        self.reportRoot = reportRoot
        self.catalogPath = catalogPath
    }

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        public var made: [OutputKind: Int] = [:]
        /// The paths of the outputs made of the kinds in `keepsPathsOf`: a
        /// caller that runs plans again (`FolderProcess`'s passes) counts each file once.
        public var madePaths: [OutputKind: Set<String>] = [:]
        /// Copied from the same recipe's output elsewhere.
        public var reused = 0
        public var upToDate = 0
        /// Photos decoded.
        public var decoded = 0
        /// Photos and outputs that failed.
        public var failed = 0
        public var cancelled = false
    }

    /// A photo or an output that failed, with why.
    public enum Failure: Sendable {
        /// A photo could not be read: the outputs that need it are not made
        /// (unless enough of their photos were read).
        case photo(path: String, ImagingError)
        /// An output of several photos not made because too few of them could be read.
        case missingPhotos(output: String, MissingPhotos)
        /// An output whose maker or writer failed: `error` is what it threw
        /// (an `ImagingError` from the writer and encoders; the maker's own
        /// error type from a command's maker, which that command reads).
        case output(path: String, error: any Error)

        /// The photo's or the output's path.
        public var path: String {
            switch self {
            case .photo(let path, _), .missingPhotos(let path, _), .output(let path, _): path
            }
        }

        /// Why, as a sentence.
        public var reason: String {
            switch self {
            case .photo(_, let error): error.description
            case .missingPhotos(_, let missing): missing.description
            case .output(_, let error): (error as? CustomStringConvertible)?.description ?? "\(error)"
            }
        }
    }

    /// An output not made because too few of its photos could be read.
    public struct MissingPhotos: Error, Sendable, CustomStringConvertible {
        public var read: Int
        public var needed: Int
        public var description: String { "only \(read) of its \(needed) photos could be read" }
    }

    /// Runs `outputs`; `record` is given what was made, in batches, from one
    /// thread at a time; `failures` each failure as it happens.
    public func run(_ outputs: [PlannedOutput], ledger: OutputLedger,
                    record: @escaping @Sendable ([LineageOutput]) -> Void,
                    failures: @escaping @Sendable (Failure) -> Void = { _ in },
                    events: @escaping @Sendable (ExecutorEvent) -> Void) -> Summary {
        var summary = Summary()
        var stale: [Int] = []
        for (index, output) in outputs.enumerated() {
            switch output.record {
            case .recipe:
                let path = AbsolutePath.of(output.path), key = output.key!
                if ledger.isCurrent(path: path, key: key) { summary.upToDate += 1; continue }
                if let donor = ledger.madeElsewhere(key: key, notAt: path), copy(donor, to: output, events: events) {
                    record([lineage(output)])
                    summary.reused += 1
                    continue
                }
            case .unrecorded(let isCurrent):
                if isCurrent() { summary.upToDate += 1; continue }
            }
            stale.append(index)
        }

        // Every photo the stale outputs need, in plan order, with every size asked of it.
        var photoOrder: [String] = []
        var requests: [String: PhotoRequest] = [:]
        for index in stale {
            for (slot, input) in outputs[index].inputs.enumerated() {
                let path = input.source.path
                if requests[path] == nil {
                    photoOrder.append(path)
                    requests[path] = PhotoRequest(source: input.source, chain: input.chain)
                }
                requests[path]!.add(input.resize, for: Consumer(output: index, slot: slot))
            }
        }
        let assembly = Assembly(outputs: outputs, stale: stale.filter { outputs[$0].begin == nil })
        let feeds = Feeds(outputs: outputs, stale: stale.filter { outputs[$0].begin != nil && !outputs[$0].inputs.isEmpty })
        let state = RunState()
        let photos = photoOrder.map { requests[$0]! }
        let queue = ExecutorQueue(photoCount: photos.count)
        // Outputs that decode no photo here (those that stream their own) are made first.
        for index in stale where outputs[index].inputs.isEmpty { queue.ready(index, images: []) }

        events(.started(photos: photos.count))
        queue.run(jobs: jobs, shouldStop: { cancellation.isCancelled }) { task in
            switch task {
            case .make(let index, let images, let threads):
                finish(index, images: images, threads: threads, outputs: outputs, state: state, failures: failures, events: events)
                state.flush(record, atLeast: 32)
            case let .decode(photo, threads):
                let request = photos[photo]
                var images: [Image]?
                do throws(ImagingError) {
                    images = try pipeline.images(for: request.source, resizes: request.resizes,
                                                 chain: request.chain.isEmpty ? nil : request.chain, threads: threads)
                    state.count { $0.decoded += 1 }
                } catch {
                    failures(.photo(path: request.source.path, error))
                    events(.failed(path: request.source.path, reason: error.description, storageErrno: StorageCause.code(of: error)))
                    state.count { $0.failed += 1 }
                }
                for (resizeIndex, consumers) in request.consumers.enumerated() {
                    for consumer in consumers {
                        if let feed = feeds[consumer.output] {
                            feed.deliver(images?[resizeIndex], slot: consumer.slot) { step in
                                feedStep(consumer.output, step, outputs: outputs, state: state, failures: failures, events: events)
                            }
                            continue
                        }
                        guard let ready = assembly.deliver(images?[resizeIndex], to: consumer) else { continue }
                        queue.ready(consumer.output, images: ready)
                    }
                }
                let done = state.photoDone()
                events(.decoded(done: done, total: photos.count))
            }
        }
        // Cancelled: what incremental makers began and will not finish goes.
        feeds.abandonUnfinished()
        state.flush(record, atLeast: 1)
        let counted = state.totals()
        summary.made = counted.made
        summary.madePaths = counted.madePaths
        summary.decoded = counted.decoded
        summary.failed += counted.failed
        summary.cancelled = cancellation.isCancelled
        return summary
    }

    /// Makes output `index` from the images of its photos that decoded, writes and notes it.
    private func finish(_ index: Int, images: [Image?], threads: Int, outputs: [PlannedOutput], state: RunState,
                        failures: @Sendable (Failure) -> Void, events: @Sendable (ExecutorEvent) -> Void) {
        let output = outputs[index]
        let decoded = images.compactMap { $0 }
        guard hasEnough(decoded.count, of: images.count, output, state: state, failures: failures, events: events) else { return }
        complete(output, state: state, failures: failures, events: events) { writer in
            try output.make(decoded, PlannedOutput.Context(writer: writer, threads: threads))
        }
    }

    /// Whether `decoded` of an output's `count` images are enough to make
    /// it; when not, a failure is told for an output of several photos (a
    /// photo's own failure names an output of one, at however many sizes).
    private func hasEnough(_ decoded: Int, of count: Int, _ output: PlannedOutput, state: RunState,
                           failures: @Sendable (Failure) -> Void, events: @Sendable (ExecutorEvent) -> Void) -> Bool {
        if decoded == count || decoded >= output.minimumInputs { return true }
        if let first = output.inputs.first, output.inputs.contains(where: { $0.source.path != first.source.path }) {
            let missing = MissingPhotos(read: decoded, needed: count)
            failures(.missingPhotos(output: output.path, missing))
            if defersShortOutputs { return false }
            events(.failed(path: output.path, reason: missing.description, storageErrno: nil))
            state.count { $0.failed += 1 }
        }
        return false
    }

    /// Ends an output `make` gives (writing its bytes through the guard), and notes it.
    private func complete(_ output: PlannedOutput, state: RunState, failures: @Sendable (Failure) -> Void,
                          events: @Sendable (ExecutorEvent) -> Void, make: (OutputWriter) throws -> PlannedOutput.Made) {
        do {
            let writer = writer(for: output)
            if case .bytes(let bytes) = try make(writer) {
                try writer.write(bytes, to: output.path)
            }
            if output.kind.isFile { events(.made(output.kind, path: reported(output.path))) }
            state.made(output.kind, path: keepsPathsOf.contains(output.kind) ? output.path : nil,
                       lineage: output.key == nil ? nil : lineage(output))
        } catch {
            fail(output, error, state: state, failures: failures, events: events)
        }
    }

    private func fail(_ output: PlannedOutput, _ error: any Error, state: RunState, failures: @Sendable (Failure) -> Void,
                      events: @Sendable (ExecutorEvent) -> Void) {
        let failure = Failure.output(path: output.path, error: error)
        failures(failure)
        events(.failed(path: output.path, reason: failure.reason, storageErrno: StorageCause.code(of: error)))
        state.count { $0.failed += 1 }
    }

    private func writer(for output: PlannedOutput) -> OutputWriter {
        OutputWriter(outputGuard: OutputGuard(mark: output.mark, force: force, inputs: photos, catalogPath: catalogPath))
    }

    /// One step of an incremental output, on the thread draining its feed.
    private func feedStep(_ index: Int, _ step: Feed.Step, outputs: [PlannedOutput], state: RunState,
                          failures: @Sendable (Failure) -> Void, events: @Sendable (ExecutorEvent) -> Void) -> (any IncrementalMaker)? {
        let output = outputs[index]
        switch step {
        case .begin:
            do {
                return try output.begin!(PlannedOutput.Context(writer: writer(for: output), threads: 1))
            } catch {
                fail(output, error, state: state, failures: failures, events: events)
                return nil
            }
        case let .add(maker, image):
            do {
                try maker.add(image)
                return maker
            } catch {
                maker.abandon()
                fail(output, error, state: state, failures: failures, events: events)
                return nil
            }
        case let .end(maker, added):
            guard hasEnough(added, of: output.inputs.count, output, state: state, failures: failures, events: events),
                  let maker else {
                maker?.abandon()
                return nil
            }
            complete(output, state: state, failures: failures, events: events) { _ in
                do {
                    return try maker.finish()
                } catch {
                    maker.abandon()
                    throw error
                }
            }
            return nil
        }
    }

    /// Copies the same recipe's file made elsewhere; false when it cannot be.
    private func copy(_ donor: String, to output: PlannedOutput, events: @Sendable (ExecutorEvent) -> Void) -> Bool {
        // Only a file that carries this output's mark is copied: a row alone (another path
        // with the same key) proves nothing about what lies there.
        guard let bytes = try? FileBytes.read(donor), OutputMark.read(bytes) == output.mark else { return false }
        let writer = writer(for: output)
        do throws(ImagingError) {
            try writer.write(bytes, to: output.path)
        } catch {
            return false
        }
        events(.made(output.kind, path: reported(output.path)))
        return true
    }

    private func lineage(_ output: PlannedOutput) -> LineageOutput {
        guard case let .recipe(recipe, parameters) = output.record else { preconditionFailure("an unrecorded output") }
        var photos: [PhotoReference] = []
        for photo in output.inputs.map(\.photo) + output.streamedPhotos where !photos.contains(photo) { photos.append(photo) }
        return LineageOutput(kind: recipe.kind, path: output.path, root: output.root, key: output.key,
                             parameters: parameters, photos: photos)
    }

    private func reported(_ path: String) -> String {
        guard let root = reportRoot, path.hasPrefix(root + "/") else { return path }
        return String(path.dropFirst(root.count + 1))
    }
}

/// Where a decoded size goes: an output and its input slot.
private struct Consumer: Sendable, Hashable {
    var output: Int
    var slot: Int
}

/// One photo to decode, with each distinct size asked and who asked.
private struct PhotoRequest: Sendable {
    var source: SourceIdentity
    /// The photo's own outputs' sizes in the plan, whether stale or not (`PlannedOutput.Input.chain`).
    var chain: [ImageProcessors.Resize]
    var resizes: [ImageProcessors.Resize] = []
    var consumers: [[Consumer]] = []

    mutating func add(_ resize: ImageProcessors.Resize, for consumer: Consumer) {
        if let index = resizes.firstIndex(of: resize) {
            consumers[index].append(consumer)
        } else {
            resizes.append(resize)
            consumers.append([consumer])
        }
    }
}

/// Each stale output's images as they arrive; hands an output over once all have.
private final class Assembly: Sendable {
    private let slots: Locked<[Int: (images: [Image?], missing: Int)]>

    init(outputs: [PlannedOutput], stale: [Int]) {
        var slots: [Int: (images: [Image?], missing: Int)] = [:]
        for index in stale {
            slots[index] = (Array(repeating: nil, count: outputs[index].inputs.count), outputs[index].inputs.count)
        }
        self.slots = Locked(slots)
    }

    /// Files `image` (nil: its photo failed); the output's images once the last arrives.
    func deliver(_ image: Image?, to consumer: Consumer) -> [Image?]? {
        slots.withLock { slots in
            guard var entry = slots[consumer.output] else { return nil }
            entry.images[consumer.slot] = image
            entry.missing -= 1
            if entry.missing > 0 {
                slots[consumer.output] = entry
                return nil
            }
            slots[consumer.output] = nil
            return entry.images
        }
    }
}

/// The incremental outputs' feeds, by output index.
private struct Feeds: Sendable {
    private let byOutput: [Int: Feed]

    init(outputs: [PlannedOutput], stale: [Int]) {
        byOutput = Dictionary(uniqueKeysWithValues: stale.map { ($0, Feed(count: outputs[$0].inputs.count)) })
    }

    subscript(output: Int) -> Feed? { byOutput[output] }

    func abandonUnfinished() { for feed in byOutput.values { feed.abandonUnfinished() } }
}

/// One incremental output's images as they arrive, handed to its maker in
/// input order by one thread at a time: whichever worker delivers an
/// image while nobody drains the feed drains it, the others leave theirs.
private final class Feed: Sendable {
    /// What the drainer does next; it returns the maker to go on with (nil: none, or it failed).
    enum Step {
        case begin
        case add(any IncrementalMaker, Image)
        case end(maker: (any IncrementalMaker)?, added: Int)
    }

    private struct State {
        /// Delivered images (nil: the photo failed) waiting for the ones before them.
        var waiting: [Int: Image?] = [:]
        var next = 0
        var draining = false
        var maker: (any IncrementalMaker)?
        var begun = false
        var failed = false
        var added = 0
        var ended = false
    }

    private let count: Int
    private let state = Locked(State())

    init(count: Int) {
        self.count = count
    }

    /// Files the image of `slot` and, unless another thread is draining, drains.
    func deliver(_ image: Image?, slot: Int, step: (Step) -> (any IncrementalMaker)?) {
        let drains = state.withLock { state in
            state.waiting[slot] = .some(image)
            if state.draining { return false }
            state.draining = true
            return true
        }
        guard drains else { return }
        while true {
            enum Next { case image(Image?), end((any IncrementalMaker)?, Int), stop }
            let next: Next = state.withLock { state in
                if let image = state.waiting.removeValue(forKey: state.next) {
                    state.next += 1
                    return .image(image)
                }
                if state.next == count && !state.ended {
                    state.ended = true
                    // Handed over, not kept: a finished maker's buffers must not live as long as the run.
                    defer { state.maker = nil }
                    return .end(state.failed ? nil : state.maker, state.failed ? -1 : state.added)
                }
                state.draining = false
                return .stop
            }
            switch next {
            case .stop:
                return
            case let .end(maker, added):
                if added >= 0 { _ = step(.end(maker: maker, added: added)) }
            case .image(let image):
                guard let image else { continue }
                let (failed, begun, maker) = state.withLock { ($0.failed, $0.begun, $0.maker) }
                if failed { continue }
                var current = maker
                if !begun {
                    current = step(.begin)
                    state.withLock { $0.begun = true; $0.maker = current; $0.failed = current == nil }
                }
                guard let current else { continue }
                let kept = step(.add(current, image))
                state.withLock { state in
                    if kept == nil { state.failed = true; state.maker = nil } else { state.added += 1 }
                }
            }
        }
    }

    /// Abandons a maker that began and was never ended (a cancelled run).
    func abandonUnfinished() {
        let maker: (any IncrementalMaker)? = state.withLock { state in
            guard !state.ended else { return nil }
            state.ended = true
            defer { state.maker = nil }
            return state.maker
        }
        maker?.abandon()
    }
}

/// The counts and the outputs waiting to be recorded, shared by the workers.
private final class RunState: Sendable {
    struct Counts: Sendable {
        var made: [OutputKind: Int] = [:]
        var madePaths: [OutputKind: Set<String>] = [:]
        var decoded = 0
        var failed = 0
        var photosDone = 0
    }

    private let counts = Locked(Counts())
    private let pending = Locked<[LineageOutput]>([])
    /// Held while recording, so batches reach the catalog one at a time, in
    /// order; counts them. (Not a `Locked(())`: ThreadSanitizer takes a read
    /// of that object's header for a race with the access to its empty value.)
    private let recording = Locked(0)

    func count(_ change: (inout Counts) -> Void) { counts.withLock { change(&$0) } }

    func made(_ kind: OutputKind, path: String?, lineage: LineageOutput?) {
        counts.withLock {
            $0.made[kind, default: 0] += 1
            if let path { $0.madePaths[kind, default: []].insert(path) }
        }
        if let lineage { pending.withLock { $0.append(lineage) } }
    }

    func totals() -> Counts { counts.withLock { $0 } }

    /// Counts one more photo handled; returns how many are.
    func photoDone() -> Int { counts.withLock { $0.photosDone += 1; return $0.photosDone } }

    /// Records what is pending once there are `atLeast` outputs.
    func flush(_ record: @Sendable ([LineageOutput]) -> Void, atLeast: Int) {
        recording.withLock { batches in
            let batch: [LineageOutput] = pending.withLock { pending in
                guard pending.count >= atLeast else { return [] }
                defer { pending.removeAll() }
                return pending
            }
            guard !batch.isEmpty else { return }
            record(batch)
            batches += 1
        }
    }
}
