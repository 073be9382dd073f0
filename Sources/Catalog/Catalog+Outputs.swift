#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

extension Catalog {
    /// Records an output made from `sources` (photo ids, in order), replacing
    /// any earlier record of the same file. Returns the output's id.
    @discardableResult
    public func recordOutput(kind: OutputRecord.Kind, path: String, key: String? = nil, parameters: String,
                             sources: [Int64]) throws(DatabaseError) -> Int64 {
        try database.execute("DELETE FROM outputs WHERE path = ?", [path])
        try database.execute("INSERT INTO outputs (kind, path, key, parameters, made_at) VALUES (?, ?, ?, ?, ?)",
                             [kind.rawValue, path, key, parameters, Timestamps.nowUTC()])
        let id = database.lastInsertedRowID
        for (position, photo) in sources.enumerated() {
            try database.execute("INSERT INTO output_sources (output_id, photo_id, position) VALUES (?, ?, ?)",
                                 [id, photo, position])
        }
        return id
    }

    /// Forgets the records of outputs that were deleted.
    public func forgetOutputs(paths: [String]) throws(DatabaseError) {
        for path in paths { try database.execute("DELETE FROM outputs WHERE path = ?", [path]) }
    }

    /// Paths of recorded outputs by their key, for skipping work already done.
    public func outputPathsByKey(kind: OutputRecord.Kind) throws(DatabaseError) -> [String: [String]] {
        var paths: [String: [String]] = [:]
        try database.forEachRow("SELECT key, path FROM outputs WHERE kind = ? AND key IS NOT NULL", [kind.rawValue]) { row in
            if let key = row[0].string, let path = row[1].string { paths[key, default: []].append(path) }
        }
        return paths
    }

    /// Everything made from the photo with `id`.
    public func outputs(ofPhoto id: Int64) throws(DatabaseError) -> [OutputRecord] {
        try database.rows("""
            SELECT DISTINCT o.id, o.kind, o.path, o.parameters, o.made_at FROM outputs o
            JOIN output_sources s ON s.output_id = o.id WHERE s.photo_id = ? ORDER BY o.kind, o.path
            """, [id]).compactMap(OutputRecord.init)
    }

    /// The photo ids an output was made from, in order.
    public func sources(ofOutput id: Int64) throws(DatabaseError) -> [Int64] {
        try database.rows("SELECT photo_id FROM output_sources WHERE output_id = ? ORDER BY position", [id])
            .compactMap { $0[0].int.map(Int64.init) }
    }

    /// What `prune` removed.
    public struct PruneResult: Sendable, Equatable {
        public var photos = 0
        public var outputs = 0
        public var filesDeleted = 0
        public var failures: [String] = []
    }

    /// Removes photos marked missing, and every output made from them:
    /// the rows, and the output files (only files recorded as outputs,
    /// never a catalogued photo).
    ///
    /// The rows are read and deleted in one write transaction (BEGIN
    /// IMMEDIATE), and only what this call deleted is reported and unlinked:
    /// two prunes at once never both report the same photos.
    public func pruneMissing() throws -> PruneResult {
        var result = PruneResult()
        let (photos, deletedOutputs, photoPaths): (Int, [OutputRecord], Set<String>) = try database.transaction {
            let missing = try missingPhotos()
            guard !missing.isEmpty else { return (0, [], []) }
            var outputs: [Int64: OutputRecord] = [:]
            for photo in missing {
                for output in try self.outputs(ofPhoto: photo.id) { outputs[output.id] = output }
            }
            var deleted: [OutputRecord] = []
            for output in outputs.values {
                if try database.execute("DELETE FROM outputs WHERE id = ?", [output.id]) == 1 { deleted.append(output) }
            }
            var photos = 0
            for photo in missing {
                photos += try database.execute("DELETE FROM photos WHERE id = ? AND missing = 1", [photo.id])
            }
            let photoPaths = Set(try database.rows("SELECT path FROM photos WHERE missing = 0").compactMap { $0[0].string }
                .map { absolutePath(of: $0) })
            return (photos, deleted, photoPaths)
        }
        result.photos = photos
        result.outputs = deletedOutputs.count
        for output in deletedOutputs.sorted(by: { $0.path < $1.path }) where !photoPaths.contains(output.path) {
            if unlink(output.path) == 0 {
                result.filesDeleted += 1
            } else if errno != ENOENT {
                result.failures.append("\(output.path): \(String(cString: strerror(errno)).lowercased())")
            }
        }
        return result
    }

    /// The absolute path of a photo path relative to the folder.
    public func absolutePath(of relativePath: String) -> String {
        AbsolutePath.of(folder) + "/" + relativePath
    }
}
