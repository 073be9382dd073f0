#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

extension Catalog {
    /// Records an output made from `sources` (photo ids, in order), replacing
    /// any earlier record of the same file. Returns the output's id.
    /// - Parameters:
    ///   - root: the folder it was made in, inside which alone it may be
    ///     deleted (absolute); nil: the rule of `outputRoot(of:)`.
    ///   - identity: the file's size and hash as made; nil when it could not be read.
    @discardableResult
    public func recordOutput(kind: OutputRecord.Kind, path: String, root: String? = nil, identity: OutputIdentity? = nil,
                             key: String? = nil, parameters: String, sources: [Int64]) throws(DatabaseError) -> Int64 {
        let stored = pathCodec.stored(path)
        try database.execute("DELETE FROM outputs WHERE path = ?", [stored])
        try database.execute("""
            INSERT INTO outputs (kind, path, root, bytes, hash, key, parameters, made_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [kind.rawValue, stored, root.map(pathCodec.stored), identity?.bytes, identity?.hash, key, parameters,
                  Timestamps.nowUTC()])
        let id = database.lastInsertedRowID
        for (position, photo) in sources.enumerated() {
            try database.execute("INSERT INTO output_sources (output_id, photo_id, position) VALUES (?, ?, ?)",
                                 [id, photo, position])
        }
        return id
    }

    /// Whether this catalog records the unmarked file open as `descriptor`
    /// as the output at `path` (absolute): a row for that path whose
    /// recorded size and hash the file still has, in a folder this catalog
    /// owns (`ownership(of:)`). A row alone proves nothing: anyone can
    /// hash a file they can read, and its root is only text.
    public func recordsOutput(at path: String, descriptor: Int32) -> Bool {
        guard let row = try? database.rows(
                  "SELECT bytes, hash, \(hasOutputRoots ? "root" : "NULL") FROM outputs WHERE path = ?",
                  [pathCodec.stored(path)]).first,
              let bytes = row[0].int, let hash = row[1].string else { return false }
        let root = Self.outputRoot(recorded: row[2].string.map(pathCodec.absolute), path: path, filmrollFolder: filmrollFolder)
        guard (try? ConfinedPath(path, root: root)) != nil, ownership(of: root).isOurs else { return false }
        return OutputIdentity(bytes: bytes, hash: hash).matches(descriptor: descriptor)
    }

    /// Forgets the records of outputs that were deleted.
    public func forgetOutputs(paths: [String]) throws(DatabaseError) {
        for path in paths { try database.execute("DELETE FROM outputs WHERE path = ?", [pathCodec.stored(path)]) }
    }

    /// Paths of recorded outputs by their key, for skipping work already done.
    public func outputPathsByKey(kind: OutputRecord.Kind) throws(DatabaseError) -> [String: [String]] {
        var paths: [String: [String]] = [:]
        try database.forEachRow("SELECT key, path FROM outputs WHERE kind = ? AND key IS NOT NULL", [kind.rawValue]) { row in
            if let key = row[0].string, let path = row[1].string { paths[key, default: []].append(pathCodec.absolute(path)) }
        }
        return paths
    }

    /// Everything made from the photo with `id`.
    public func outputs(ofPhoto id: Int64) throws(DatabaseError) -> [OutputRecord] {
        try database.rows("""
            SELECT DISTINCT o.id, o.kind, o.path, o.parameters, o.made_at,
                \(hasOutputRoots ? "o.root, o.bytes, o.hash" : "NULL AS root, NULL AS bytes, NULL AS hash")
            FROM outputs o
            JOIN output_sources s ON s.output_id = o.id WHERE s.photo_id = ? ORDER BY o.kind, o.path
            """, [id]).compactMap(OutputRecord.init).map(withAbsolutePaths)
    }

    /// The photo ids an output was made from, in order.
    public func sources(ofOutput id: Int64) throws(DatabaseError) -> [Int64] {
        try database.rows("SELECT photo_id FROM output_sources WHERE output_id = ? ORDER BY position", [id])
            .compactMap { $0[0].int.map(Int64.init) }
    }

    /// The absolute path of a photo path relative to the folder.
    public func absolutePath(of relativePath: String) -> String {
        AbsolutePath.of(folder) + "/" + relativePath
    }
}
