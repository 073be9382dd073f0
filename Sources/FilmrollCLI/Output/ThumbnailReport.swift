import Filmroll

/// Prints what `thumbs` did: one JSON line per output or failure with
/// `--json`, failures and notes on standard error, and a summary.
final class ThumbnailReport: Sendable {
    private struct Counts {
        var made = 0
        var cached = 0
        var failed = 0
        var lastPath: String?
    }

    private let io: CommandIO
    private let json: Bool
    private let progress: ProgressBar
    private let counts = Locked(Counts())
    private let notes = Locked<Set<String>>([])
    /// Failures for want of room, told once each cause when the batch ends.
    let storageFailures = StorageFailures()

    init(io: CommandIO, json: Bool, progress: ProgressBar) {
        self.io = io
        self.json = json
        self.progress = progress
    }

    var anyFailed: Bool { counts.withLock { $0.failed > 0 } }

    /// Prints one event of the batch.
    func handle(_ event: ThumbnailEvent) {
        switch event {
        case .output(let output):
            self.output(output)
        case let .failed(path, output, reason, storage):
            failed(path: path, reason: output.map { "\(displayPath($0)): \(reason)" } ?? reason, storage: storage)
        case .store(let note):
            // A store that fails mid-run fails for every photo: told once.
            if case .notKept = note { noteOnce(Self.describe(note)) } else { io.printError("filmroll: note: \(Self.describe(note))") }
        case .finished:
            progress.advance()
        }
    }

    private func output(_ output: ThumbnailOutput) {
        counts.withLock { counts in
            if output.status == .made { counts.made += 1 } else { counts.cached += 1 }
            counts.lastPath = output.path ?? ""
        }
        guard json else { return }
        io.print(JSONValue.object([
            ("source", .string(output.file.path)),
            ("size", .int(output.size)),
            ("path", .string(output.path ?? "")),
            ("width", output.dimensions.map { .int($0.width) } ?? .null),
            ("height", output.dimensions.map { .int($0.height) } ?? .null),
            ("status", .string(output.status.rawValue)),
        ]).rendered)
    }

    /// Prints "filmroll: note: TEXT" on standard error, once per text.
    private func noteOnce(_ text: String) {
        guard notes.withLock({ $0.insert(text).inserted }) else { return }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: note: \(text)\n")
    }

    /// Prints a failure, unless it is one for want of room (`storageFailures`, told at the end).
    /// - Parameter output: the output that was not made, when one was.
    func failed(path: String, reason: String, storage: (errno: Int32, file: String)? = nil) {
        counts.withLock { $0.failed += 1 }
        if json { io.print(JSONValue.object([("source", .string(path)), ("error", .string(reason))]).rendered) }
        if let storage, storageFailures.absorb(output: storage.file, errno: storage.errno) { return }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: \(displayPath(path)): \(reason)\n")
    }

    /// Where the store could not be kept, as a note says it.
    static func describe(_ note: StoreNote) -> String {
        switch note {
        case let .unusable(folder, reason):
            "cannot use the store \(displayPath(folder)) (\(reason)); working without it"
        case let .moved(root, reason, fallback):
            "cannot keep thumbnails in \(displayPath(root)) (\(reason)); using \(displayPath(fallback))"
        case let .missing(root, reason):
            "cannot keep thumbnails in \(displayPath(root)) (\(reason)); working without a store"
        case let .notKept(folder, cause):
            "thumbnails not kept in \(displayPath(folder)): \(cause)"
        }
    }

    /// "48 thumbnails made, 0 cached, 0 failed in 1.02 s; in out/"
    func summary(elapsed: Duration, location: String?) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return counts.withLock { counts in
            let total = counts.made + counts.cached
            var text = "\(total) thumbnail\(total == 1 ? "" : "s"): \(counts.made) made, \(counts.cached) cached, "
                + "\(counts.failed) failed in \(fixed(seconds, 2)) s"
            if total == 1, let path = counts.lastPath {
                text += "; \(displayPath(path))"
            } else if total > 0, let location {
                text += "; in \(displayPath(location))"
            }
            return text
        }
    }
}
