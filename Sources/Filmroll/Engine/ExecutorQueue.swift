import Dispatch
import Imaging

/// The executor's work as its workers take it: an output whose images have
/// all arrived comes before the next photo (so decoded images never pile
/// up), then the photos in plan order. A worker with nothing to take waits
/// while another still decodes, as that decode may make outputs ready: the
/// last day's sheet and animation are then made side by side, not one
/// after the other on the worker that decoded the day's last photo.
///
/// The workers are `WorkerThreads`, so the last photo's resizes and the
/// last outputs, given all of --jobs, do spread over the idle workers' cores.
final class ExecutorQueue: Sendable {
    enum Task {
        /// Make output `output` from `images` (nil where its photo failed),
        /// on `threads` threads (all the workers', once no photo is left to decode).
        case make(output: Int, images: [Image?], threads: Int)
        /// Decode photo `photo` of the plan's photo order and make its sizes on
        /// `threads` threads (all of --jobs for the last photo, whose workers would
        /// otherwise wait; a share when photos are fewer than the workers).
        case decode(photo: Int, threads: Int)
    }

    private struct State {
        var nextPhoto = 0
        var ready: [(output: Int, images: [Image?])] = []
        /// Decodes under way, each of which may still make outputs ready.
        var decoding = 0
        /// Workers asleep until a decode ends.
        var waiting = 0
    }

    private let photoCount: Int
    private let state = Locked(State())
    private let decodeEnded = DispatchSemaphore(value: 0)

    init(photoCount: Int) {
        self.photoCount = photoCount
    }

    /// Queues output `index`, whose images are all here.
    func ready(_ index: Int, images: [Image?]) {
        state.withLock { $0.ready.append((index, images)) }
    }

    /// Runs `perform` on every task on `jobs` workers until no photo is left
    /// (or `shouldStop` holds before a photo) and every ready output is made.
    func run(jobs: Int, shouldStop: @escaping @Sendable () -> Bool, perform: @escaping @Sendable (Task) -> Void) {
        let workers = max(1, min(jobs, max(photoCount, 1)))
        let share = max(1, jobs / max(1, photoCount))
        WorkerThreads.run(workers) { _ in self.work(jobs: jobs, share: share, shouldStop: shouldStop, perform: perform) }
    }

    /// One worker: takes tasks until none is left.
    private func work(jobs: Int, share: Int, shouldStop: @Sendable () -> Bool, perform: @Sendable (Task) -> Void) {
        enum Next { case task(Task), wait, done }
        while true {
            let next: Next = state.withLock { state in
                if !state.ready.isEmpty {
                    let item = state.ready.removeFirst()
                    // Once no photo is left, the last outputs may use the workers that are
                    // leaving: all of --jobs (more than the workers when photos were fewer).
                    let threads = state.nextPhoto < photoCount ? 1 : jobs
                    return .task(.make(output: item.output, images: item.images, threads: threads))
                }
                if state.nextPhoto < photoCount && !shouldStop() {
                    state.nextPhoto += 1
                    state.decoding += 1
                    let threads = state.nextPhoto == photoCount ? jobs : share
                    return .task(.decode(photo: state.nextPhoto - 1, threads: threads))
                }
                if state.decoding == 0 { return .done }
                state.waiting += 1
                return .wait
            }
            switch next {
            case .done:
                return
            case .wait:
                decodeEnded.wait()
            case .task(let task):
                perform(task)
                if case .decode = task { endDecode() }
            }
        }
    }

    /// Notes a decode's end (its outputs already queued) and wakes the workers waiting on it.
    private func endDecode() {
        let sleepers = state.withLock { state in
            state.decoding -= 1
            defer { state.waiting = 0 }
            return state.waiting
        }
        for _ in 0..<sleepers { decodeEnded.signal() }
    }
}
