import Dispatch
import Imaging
import Synchronization

/// Brings a catalog up to date with its folder.
///
/// Files whose size and mtime are unchanged are not read. New and changed
/// files are read in parallel (header, EXIF and a hash of the whole file;
/// no pixels) and written in chunks, each chunk one transaction, so an
/// interrupted run keeps what it finished and the next run carries on. A
/// new file whose hash matches a photo that vanished from its old path is
/// that photo moved: its row (and the outputs linked to it) keeps its id.
/// Vanished photos are marked missing at the end, never deleted (`prune`).
public struct FolderIndexer {
    public let catalog: Catalog
    public var jobs: Int
    public var chunkSize = 256
    /// In a shard's catalog: every file is read, but only those on the shard's
    /// days (`Shard.owns(day:relativePath:)`) are hashed and counted; the
    /// others are catalogued from their headers alone and listed as foreign
    /// (`ShardCatalogs.foreignTable`), so that the shard knows the days and
    /// photos around its own, and the merge leaves them to their shards. Nil: not a shard.
    public var shard: Shard?

    public init(catalog: Catalog, jobs: Int, shard: Shard? = nil) {
        self.catalog = catalog
        self.jobs = max(1, jobs)
        self.shard = shard
    }

    private struct Known {
        var id: Int64
        var byteCount: Int
        var modificationTimeNanoseconds: Int64
        var hash: String?
        var missing: Bool
        var failed: Bool
        /// Whether it is dated by its file time, and has a day.
        var fileTime = false
        var hasDay = false
    }

    /// Indexes the folder.
    /// - Parameters:
    ///   - progress: called on this thread after each chunk with (files read, files to read).
    ///   - shouldStop: checked between chunks; true stops the run early.
    public func run(progress: (Int, Int) -> Void = { _, _ in },
                    shouldStop: @Sendable () -> Bool = { false }) throws -> IndexSummary {
        let database = catalog.database
        var summary = IndexSummary()
        let (entries, unreadable, skipped) = PhotoFolder.walk(catalog.folder)
        summary.skipped = skipped
        for folder in unreadable {
            summary.failed += 1
            summary.failures.append(.init(path: folder.path, reason: folder.reason))
        }

        var known: [ExactPath: Known] = [:]   // by bytes: NFC and NFD names are two photos
        known.reserveCapacity(entries.count)
        // Another shard's photos are its to count.
        let foreign: Set<Int64> = shard == nil ? [] : try ShardCatalogs.foreignIDs(database)
        try database.forEachRow("""
            SELECT id, path, bytes, mtime_ns, hash, missing, error IS NOT NULL, taken_from_mtime, taken_day IS NOT NULL \
            FROM photos
            """) { row in
            let path = row[1].string ?? ""
            known[ExactPath(path)] = Known(id: Int64(row[0].int ?? 0), byteCount: row[2].int ?? -1,
                                              modificationTimeNanoseconds: Int64(row[3].int ?? -1), hash: row[4].string,
                                              missing: row[5].int == 1, failed: row[6].int == 1,
                                              fileTime: row[7].int == 1, hasDay: row[8].int == 1)
        }

        // Thumbnails and strips written inside the folder are outputs, not photos. Only a
        // file the catalog does not know can be one: a few are looked up one by one, many
        // against every output path read at once (a library's outputs are many).
        let folderPrefix = catalog.absolutePath(of: "")
        var toRead: [(position: Int, entry: PhotoFolder.Entry)] = []
        var present = Set<ExactPath>()
        present.reserveCapacity(entries.count)
        var unknown: [(position: Int, key: ExactPath)] = []
        for (position, entry) in entries.enumerated() {
            let key = ExactPath(entry.relativePath)
            guard let row = known[key] else {
                unknown.append((position, key))
                continue
            }
            present.insert(key)
            if !row.missing, row.byteCount == entry.byteCount,
               row.modificationTimeNanoseconds == entry.modificationTimeNanoseconds,
               !Self.readAgain(fileTime: row.fileTime, hasDay: row.hasDay, entry: entry) {
                if !foreign.contains(row.id) { summary.unchanged += 1 }
            } else {
                toRead.append((position, entry))
            }
        }
        let outputs = try OutputPaths(database: database, codec: catalog.pathCodec, lookups: unknown.count)
        for (position, key) in unknown where try !outputs.contains(folderPrefix + key.path) {
            present.insert(key)
            toRead.append((position, entries[position]))
        }
        if !unknown.isEmpty { toRead.sort { $0.position < $1.position } }   // in the walk's order, as before
        let reads = toRead.map(\.entry)
        // Photos no longer at their path: candidates for moves, else missing.
        var vanished: [String: [(path: String, id: Int64)]] = [:]
        for (path, row) in known where !row.missing && !present.contains(path) {
            vanished[row.hash ?? "", default: []].append((path.path, row.id))
        }

        var done = 0
        progress(0, reads.count)
        for start in stride(from: 0, to: reads.count, by: chunkSize) {
            if shouldStop() {
                summary.interrupted = true
                return summary
            }
            let chunk = Array(reads[start..<min(start + chunkSize, reads.count)])
            let facts = read(chunk)
            try database.transaction {
                for fact in facts {
                    try write(fact, vanished: &vanished, summary: &summary)
                    if shard != nil { try ShardCatalogs.mark(path: fact.entry.relativePath, foreign: fact.isForeign, in: database) }
                }
            }
            done += chunk.count
            progress(done, reads.count)
        }

        let gone = vanished.values.flatMap { $0 }
        if !gone.isEmpty {
            try database.transaction {
                // By id and old path: another run may have moved the row meanwhile.
                for photo in gone {
                    summary.touch(day: try database.value("SELECT taken_day FROM photos WHERE id = ?", [photo.id]).string,
                                  path: photo.path)
                    try database.execute("UPDATE photos SET missing = 1 WHERE id = ? AND path = ?", [photo.id, photo.path])
                }
            }
        }
        summary.missing = gone.count { !foreign.contains($0.id) }
        if !reads.isEmpty || !gone.isEmpty {
            // Pairs and bursts are seconds long: only the days this run touched can gain or lose one.
            let days = summary.touchedUndated.isEmpty && summary.touchedDays.count <= 1000 ? summary.touchedDays : nil
            summary.livePhotos = try LivePhotoPairing(database: database).run(days: days)
            summary.bursts = try BurstGrouping(database: database).run(days: days)
        }
        return summary
    }

    /// Reads a chunk's files on `jobs` threads, keeping their order.
    private func read(_ chunk: [PhotoFolder.Entry]) -> [PhotoFacts] {
        guard let shard else { return Parallel.map(chunk, jobs: jobs) { PhotoFacts.read($0) }.map { $0! } }
        return Parallel.map(chunk, jobs: jobs) { entry in
            PhotoFacts.read(entry) { day in shard.owns(day: day, relativePath: entry.relativePath) }
        }.map { $0! }
    }

    /// Whether an unchanged row dated by its file time is read again: a
    /// Filmroll that read no dates in names, and gave every such row a day, wrote it.
    static func readAgain(fileTime: Bool, hasDay: Bool, entry: PhotoFolder.Entry) -> Bool {
        fileTime && (hasDay != entry.keepsAnEarlierTime || FileNameDate.date(in: entry.relativePath) != nil)
    }

    static let upsertColumns = """
        bytes, mtime_ns, hash, format, stored_width, stored_height, width, height, orientation, \
        taken_at, taken_offset_minutes, taken_day, taken_from_mtime, make, model, latitude, longitude, frames, \
        error, missing, indexed_at, taken_source, exposure_time, f_number, iso, focal_length, lens, color_space, \
        duration, video_codec, audio, content_id, burst_id, motion_kind, motion_offset, motion_length, warning, \
        frame_rate, taken_time_unknown
        """

    /// The columns' names, in `upsertColumns`' order.
    static let upsertColumnNames = upsertColumns.split(separator: ",").map { $0.trimmingCharacters() }

    /// "bytes = ?, mtime_ns = ?, …": worked out once, not per photo.
    private static let upsertAssignments = upsertColumnNames.map { "\($0) = ?" }.joined(separator: ", ")

    /// Writes one file's facts. Runs inside the chunk's write transaction and
    /// looks the path up again there, so that two runs at once never insert
    /// the same photo twice.
    private func write(_ fact: PhotoFacts, vanished: inout [String: [(path: String, id: Int64)]],
                       summary: inout IndexSummary) throws {
        let database = catalog.database
        let path = fact.entry.relativePath
        let row = try database.rows("SELECT id, bytes, mtime_ns, missing, taken_day, taken_from_mtime FROM photos WHERE path = ?",
                                    [path]).first
        if let row, row[3].int == 0, row[1].int == fact.entry.byteCount,
           Int64(row[2].int ?? -1) == fact.entry.modificationTimeNanoseconds,
           !Self.readAgain(fileTime: row[5].int == 1, hasDay: row[4].string != nil, entry: fact.entry) {
            summary.unchanged += 1     // another run wrote it meanwhile
            return
        }
        defer {
            // The day the row has now (the old one is noted where the row was found).
            summary.touch(day: try? database.value("SELECT taken_day FROM photos WHERE path = ?", [path]).string, path: path)
        }
        // Another shard's file is its to count and report.
        let counts = !fact.isForeign
        if let row { summary.touch(day: row[4].string, path: path) }
        let assignments = Self.upsertAssignments
        if let error = fact.error, counts {
            summary.failed += 1
            summary.failures.append(.init(path: fact.entry.path, reason: error))
        }
        for warning in fact.info?.warnings ?? [] where counts { summary.warnings.append(.init(path: fact.entry.path, reason: warning)) }
        if let row {
            try database.execute("UPDATE photos SET \(assignments) WHERE id = ?", fact.columnValues + [row[0]])
            if fact.error == nil && counts { summary.changed += 1 }
            return
        }
        if let hash = fact.hash, var candidates = vanished[hash], !candidates.isEmpty {
            let moved = candidates.removeFirst()
            vanished[hash] = candidates
            summary.touch(day: try database.value("SELECT taken_day FROM photos WHERE id = ?", [moved.id]).string,
                          path: moved.path)
            if try database.execute("UPDATE photos SET path = ?, \(assignments) WHERE id = ? AND path = ?",
                                    [path] + fact.columnValues + [moved.id, moved.path]) == 1 {
                if fact.error == nil && counts { summary.moved += 1 }
                return
            }
        }
        let placeholders = Array(repeating: "?", count: fact.columnValues.count + 1).joined(separator: ", ")
        try database.execute("INSERT INTO photos (path, \(Self.upsertColumns)) VALUES (\(placeholders))",
                             [path] + fact.columnValues)
        if fact.error == nil && counts { summary.added += 1 }
    }
}
