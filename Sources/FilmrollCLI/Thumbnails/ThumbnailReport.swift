import Imaging

/// Collects what `thumbs` did and prints it: one JSON line per output or
/// failure with `--json`, failures on standard error, and a summary.
final class ThumbnailReport: Sendable {
    enum Status: String, Sendable {
        case made
        case cached
    }

    private struct Counts {
        var made = 0
        var cached = 0
        var failed = 0
        var lastPath: String?
    }

    /// An output to record in the catalog.
    struct Made: Sendable {
        var file: InputFile
        var size: Int
        var path: String
        var key: String
    }

    private let io: CommandIO
    private let json: Bool
    private let counts = Locked(Counts())
    private let made = Locked<[Made]>([])

    /// Every output made or found, for the catalog.
    var outputs: [Made] { made.withLock { $0 } }

    func record(_ output: Made) {
        made.withLock { $0.append(output) }
    }

    init(io: CommandIO, json: Bool) {
        self.io = io
        self.json = json
    }

    var anyFailed: Bool { counts.withLock { $0.failed > 0 } }

    /// Whether outputs' dimensions are printed (worth reading a cached file's header).
    var wantsDimensions: Bool { json }

    func output(source: String, size: Int, path: String, dimensions: PixelSize?, status: Status) {
        counts.withLock { counts in
            if status == .made { counts.made += 1 } else { counts.cached += 1 }
            counts.lastPath = path
        }
        guard json else { return }
        io.print(JSONValue.object([
            ("source", .string(source)),
            ("size", .int(size)),
            ("path", .string(path)),
            ("width", dimensions.map { .int($0.width) } ?? .null),
            ("height", dimensions.map { .int($0.height) } ?? .null),
            ("status", .string(status.rawValue)),
        ]).rendered)
    }

    private let notes = Locked<Set<String>>([])

    /// Prints "filmroll: note: TEXT" on standard error, once per text.
    func noteOnce(_ text: String) {
        guard notes.withLock({ $0.insert(text).inserted }) else { return }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: note: \(text)\n")
    }

    func failed(path: String, reason: String) {
        counts.withLock { $0.failed += 1 }
        if json { io.print(JSONValue.object([("source", .string(path)), ("error", .string(reason))]).rendered) }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: \(displayPath(path)): \(reason)\n")
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
