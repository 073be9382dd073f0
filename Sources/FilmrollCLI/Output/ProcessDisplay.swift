import Filmroll

/// What `process` shows: one progress bar that follows the stages on a
/// terminal, each saying what it counts ("decoding photos 3/40"), or one JSON
/// object per event; failures as error lines.
final class ProcessDisplay: Sendable {
    /// The bar shown, its stage, and the items of that stage's earlier runs
    /// (a stage that starts again, for the next batch of days or a pass over
    /// the days some photos failed in, goes on in the same bar).
    private struct Bar {
        var bar: ProgressBar
        var stage: ProcessStage
        var doneBefore = 0
    }

    private let io: CommandIO
    private let json: Bool
    private let quiet: Bool
    private let bar = Locked<Bar?>(nil)
    /// Failures for want of room, told once each cause at the end.
    let storageFailures = StorageFailures()

    init(io: CommandIO, json: Bool, quiet: Bool) {
        self.io = io
        self.json = json
        self.quiet = quiet
    }

    /// Called by `FolderProcess` as it goes, from any thread.
    @Sendable func handle(_ event: ProcessEvent) {
        switch event {
        case let .stageStarted(stage, total):
            if json { io.print(JSONValue.object([("stage", .string(stage.rawValue)), ("total", .int(total))]).rendered) }
            bar.withLock { bar in
                if let shown = bar, shown.stage == stage {
                    bar?.doneBefore = shown.bar.total
                    shown.bar.grow(by: total)
                    return
                }
                bar?.bar.finish()
                bar = total > 0 ? Bar(bar: newBar(stage, total: total), stage: stage) : nil
            }
        case let .advanced(stage, done, total):
            bar.withLock { bar in
                if bar == nil && total > 0 { bar = Bar(bar: newBar(stage, total: total), stage: stage) }
                guard let shown = bar, shown.stage == stage else { return }
                shown.bar.set(done: shown.doneBefore + done)
            }
        case let .made(kind, path):
            if json { io.print(JSONValue.object([("made", .string(kind.rawValue)), ("path", .string(path))]).rendered) }
        case let .failed(path, reason, storageErrno):
            if !(storageErrno.map { storageFailures.absorb(output: path, errno: $0) } ?? false) { io.reportFailure(path: path, reason) }
            if json { io.print(JSONValue.object([("path", .string(path)), ("error", .string(reason))]).rendered) }
        case let .warned(path, warning):
            io.reportWarning(path: path, warning)
            if json { io.print(JSONValue.object([("path", .string(path)), ("warning", .string(warning))]).rendered) }
        case let .waiting(folder, holder):
            let who = holder.map { " (pid \($0))" } ?? ""
            io.printError("filmroll: another filmroll process is working on \(folder)\(who); waiting for it to finish…")
        }
    }

    private func newBar(_ stage: ProcessStage, total: Int) -> ProgressBar {
        ProgressBar(io: io, total: total, label: Self.label(stage), enabled: !quiet && !json)
    }

    /// What a stage's bar says it is doing: "indexing files", "decoding photos", "writing the gallery".
    static func label(_ stage: ProcessStage) -> String {
        switch stage {
        case .index: "indexing files"
        case .photos: "decoding photos"
        case .gallery: "writing the gallery"
        }
    }

    /// Ends the progress bar and tells the failures for want of room.
    func finish() {
        bar.withLock { $0?.bar.finish(); $0 = nil }
        storageFailures.report(io)
    }

    /// - Parameter shard: the shard this run was (no gallery to point at: the merge makes it).
    func printSummary(_ summary: ProcessSummary, shard: Shard? = nil, folder: String = "") {
        let url = shard == nil ? "file://" + Self.percentEncoded(AbsolutePath.of(summary.galleryPath)) : ""
        if json {
            io.print(JSONValue.object([
                ("photos", .int(summary.photos)), ("videos", .int(summary.videos)), ("livePhotos", .int(summary.livePhotos)),
                ("bursts", .int(summary.bursts)),
                ("added", .int(summary.index.added)), ("decoded", .int(summary.decoded)),
                ("thumbnails", .int(summary.thumbnailsMade)), ("fourcuts", .int(summary.fourCutsMade)),
                ("animations", .int(summary.animationsMade)), ("clips", .int(summary.clipsMade)),
                ("pages", .int(summary.pagesWritten)),
                ("reused", .int(summary.reused)), ("removed", .int(summary.removed)),
                ("failed", .int(summary.failed + summary.index.failed)), ("unreadable", .int(summary.unreadable)),
                ("failures", .array(summary.failures.map { .object([("path", .string($0.path)), ("error", .string($0.reason))]) })),
                ("warnings", .array(summary.warnings.map { .object([("path", .string($0.path)), ("warning", .string($0.reason))]) })),
                ("skipped", .array(SkippedFiles(files: summary.index.skipped).jsonObjects())),
                ("upToDate", .bool(summary.upToDate)), ("shardsMerged", .int(summary.shardsMerged)),
                ("shardsPending", .int(summary.shardsPending)), ("fingerprinted", .int(summary.fingerprinted)),
                ("shard", shard.map { .string($0.description) } ?? .null),
                ("gallery", shard == nil ? .string(url) : .null),
            ]).rendered)
            return
        }
        SkippedFiles(files: summary.index.skipped).report(io)
        if summary.shardsPending > 0 {
            io.printError("filmroll: note: \(Self.counted(summary.shardsPending, "shard catalog")) beside the catalog "
                          + "not merged yet: run 'filmroll merge' on the folder once every shard has finished")
        }
        if !quiet && summary.shardsMerged > 0 { io.print("merged \(Self.counted(summary.shardsMerged, "shard catalog"))") }
        if !quiet && summary.upToDate {
            io.print("\(Self.counted(summary.photos, "photo")): nothing changed since the last run")
        } else if !quiet {
            let items = (shard.map { "shard \($0): " } ?? "") + Self.counted(summary.photos, "photo") + (summary.videos > 0 ? " and " + Self.counted(summary.videos, "video") : "")
            io.print("\(items): \(Self.counted(summary.thumbnailsMade, "thumbnail")), "
                     + "\(Self.counted(summary.fourCutsMade, "four-cut")), \(Self.counted(summary.animationsMade, "animation")), "
                     + (summary.clipsMade > 0 ? "\(Self.counted(summary.clipsMade, "clip")), " : "")
                     + "\(Self.counted(summary.pagesWritten, "page")) made; "
                     + (summary.reused > 0 ? "\(summary.reused) copied from other commands' outputs; " : "")
                     + "\(summary.removed) removed, \(summary.failed + summary.index.failed) failed")
            if summary.unreadable > 0 && summary.failures.isEmpty {
                io.print("\(Self.counted(summary.unreadable, "photo")) could not be read (unchanged since); listed on the gallery's problems page")
            }
        }
        if let shard {
            if !quiet { io.print("shard \(shard) done; when every shard is: filmroll merge \(folder)") }
        } else {
            io.print(url)
        }
    }

    /// "1 photo", "3 photos".
    static func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

    /// A path as a file:// URL's path: unreserved bytes kept, the rest %XX.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in PathBytes.encode(path) {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
