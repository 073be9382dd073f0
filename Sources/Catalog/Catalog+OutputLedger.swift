import Files

/// The outputs table as the one record of what is made: for each output,
/// the key of the recipe it was made by and what the file was then.
public struct OutputLedgerEntry: Sendable, Hashable {
    /// Absolute path.
    public var path: String
    public var kind: OutputRecord.Kind
    /// The recipe's key; nil for a row recorded before recipes had keys.
    public var key: String?
    /// The file's size as made; nil before schema version 3.
    public var bytes: Int?
    public var parameters: String
}

extension Catalog {
    /// Every recorded output whose path lies below `root` (absolute, no
    /// trailing slash), or every output when `root` is nil: one query, read
    /// once per run.
    public func ledger(below root: String? = nil) throws(DatabaseError) -> [OutputLedgerEntry] {
        // substr counts code points, as unicodeScalars does.
        let (sql, arguments): (String, [DatabaseValueConvertible]) = root.map {
            ("SELECT path, kind, key, bytes, parameters FROM outputs WHERE substr(path, 1, ?) = ?",
             [$0.unicodeScalars.count + 1, $0 + "/"])
        } ?? ("SELECT path, kind, key, bytes, parameters FROM outputs", [])
        return try ledgerEntries(sql, arguments)
    }

    /// The recorded outputs of `kind` below `root`.
    public func ledger(kind: OutputRecord.Kind, below root: String) throws(DatabaseError) -> [OutputLedgerEntry] {
        try ledgerEntries("""
            SELECT path, kind, key, bytes, parameters FROM outputs WHERE kind = ? AND substr(path, 1, ?) = ?
            """, [kind.rawValue, root.unicodeScalars.count + 1, root + "/"])
    }

    /// The recorded outputs at `paths` or with one of `keys`, and the pages
    /// below `root` but outside `root/photos/` (the gallery's pages but the
    /// photos'): what a re-run over a few days needs of the table.
    public func ledger(paths: [String], keys: [String], pagesBelow root: String) throws(DatabaseError) -> [OutputLedgerEntry] {
        try ledgerEntries("""
            SELECT path, kind, key, bytes, parameters FROM outputs
            WHERE path IN (SELECT value FROM json_each(?)) OR key IN (SELECT value FROM json_each(?))
               OR (kind = 'page' AND substr(path, 1, ?) = ? AND substr(path, 1, ?) <> ?)
            """, [Self.jsonArray(paths), Self.jsonArray(keys), root.unicodeScalars.count + 1, root + "/",
                  root.unicodeScalars.count + 8, root + "/photos/"])
    }

    /// The entries a query of (path, kind, key, bytes, parameters) gives.
    private func ledgerEntries(_ sql: String, _ arguments: [DatabaseValueConvertible]) throws(DatabaseError)
        -> [OutputLedgerEntry] {
        var entries: [OutputLedgerEntry] = []
        try database.forEachRow(sql, arguments) { row in
            guard let path = row[0].string, let kind = row[1].string.flatMap(OutputRecord.Kind.init(rawValue:)) else { return }
            entries.append(OutputLedgerEntry(path: path, kind: kind, key: row[2].string, bytes: row[3].int,
                                             parameters: row[4].string ?? "{}"))
        }
        return entries
    }

    /// Gives the output at `path` the key of the recipe it was made by,
    /// leaving the file and its links as they are (a migrated output).
    public func setKey(_ key: String, ofOutputAt path: String) throws(DatabaseError) {
        try database.execute("UPDATE outputs SET key = ? WHERE path = ?", [key, path])
    }

    /// The content hash the catalog holds for the photo at `relativePath`,
    /// when its row is current for a file of `byteCount` bytes last changed
    /// at `modificationTimeNanoseconds`; nil otherwise.
    public func currentHash(ofPhotoAt relativePath: String, byteCount: Int,
                            modificationTimeNanoseconds: Int64) -> String? {
        guard let photo = try? photo(relativePath: relativePath), !photo.isMissing,
              photo.byteCount == byteCount, photo.modificationTimeNanoseconds == modificationTimeNanoseconds else { return nil }
        return photo.hash
    }
}
