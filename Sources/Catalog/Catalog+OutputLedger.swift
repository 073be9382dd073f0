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
    /// Whether it lies in a folder this catalog owns (`ownership(of:)`):
    /// only such a file may be copied from or replaced on the row's word.
    public var isOwned = false
}

extension Catalog {
    /// Every recorded output whose path lies below `root` (absolute, no
    /// trailing slash), or every output when `root` is nil: one query, read
    /// once per run.
    public func ledger(below root: String? = nil) throws(DatabaseError) -> [OutputLedgerEntry] {
        // substr counts code points, as unicodeScalars does.
        let (sql, arguments): (String, [DatabaseValueConvertible]) = root.map {
            let prefix = pathCodec.storedPrefix(below: $0)
            return ("SELECT \(Self.ledgerColumns) FROM outputs WHERE substr(path, 1, ?) = ?", [prefix.unicodeScalars.count, prefix])
        } ?? ("SELECT \(Self.ledgerColumns) FROM outputs", [])
        return try ledgerEntries(sql, arguments)
    }

    /// The recorded outputs of `kind` below `root`.
    public func ledger(kind: OutputRecord.Kind) throws(DatabaseError) -> [OutputLedgerEntry] {
        try ledgerEntries("SELECT \(Self.ledgerColumns) FROM outputs WHERE kind = ?", [kind.rawValue])
    }

    /// The recorded outputs of `kind` below `root`.
    public func ledger(kind: OutputRecord.Kind, below root: String) throws(DatabaseError) -> [OutputLedgerEntry] {
        let prefix = pathCodec.storedPrefix(below: root)
        return try ledgerEntries("""
            SELECT \(Self.ledgerColumns) FROM outputs WHERE kind = ? AND substr(path, 1, ?) = ?
            """, [kind.rawValue, prefix.unicodeScalars.count, prefix])
    }

    /// The recorded outputs at `paths` or with one of `keys`, and the pages
    /// below `root` but outside `root/photos/` (the gallery's pages but the
    /// photos'): what a re-run over a few days needs of the table.
    public func ledger(paths: [String], keys: [String], pagesBelow root: String) throws(DatabaseError) -> [OutputLedgerEntry] {
        let prefix = pathCodec.storedPrefix(below: root)
        return try ledgerEntries("""
            SELECT \(Self.ledgerColumns) FROM outputs
            WHERE path IN (SELECT value FROM json_each(?)) OR key IN (SELECT value FROM json_each(?))
               OR (kind = 'page' AND substr(path, 1, ?) = ? AND substr(path, 1, ?) <> ?)
            """, [Self.jsonArray(paths.map(pathCodec.stored)), Self.jsonArray(keys), prefix.unicodeScalars.count, prefix,
                  prefix.unicodeScalars.count + 7, prefix + "photos/"])
    }

    /// The recorded outputs at `paths` (absolute).
    public func ledger(paths: [String]) throws(DatabaseError) -> [OutputLedgerEntry] {
        try ledgerEntries("SELECT \(Self.ledgerColumns) FROM outputs WHERE path IN (SELECT value FROM json_each(?))",
                          [Self.jsonArray(paths.map(pathCodec.stored))])
    }

    /// Whether any output row, owned or not, lies below `root` (absolute):
    /// a folder this catalog wrote into before folders were marked.
    public func recordsOutputs(below root: String) -> Bool {
        let prefix = pathCodec.storedPrefix(below: AbsolutePath.of(root))
        return (try? database.value("SELECT 1 FROM outputs WHERE substr(path, 1, ?) = ? LIMIT 1",
                                    [prefix.unicodeScalars.count, prefix]).int) == 1
    }

    /// The columns every ledger query reads, in the order `ledgerEntries` takes them.
    private static var ledgerColumns: String { "path, kind, key, bytes, parameters, root" }

    /// The entries a query of `ledgerColumns` gives, with absolute paths,
    /// each told whether it lies in a folder this catalog owns
    /// (`ownership(of:)`, asked once per root): a row elsewhere may say an
    /// output is made, never that its file may be copied from.
    private func ledgerEntries(_ sql: String, _ arguments: [DatabaseValueConvertible]) throws(DatabaseError)
        -> [OutputLedgerEntry] {
        var entries: [OutputLedgerEntry] = []
        var owned: [String: Bool] = [:]
        let roots = hasOutputRoots
        try database.forEachRow(roots ? sql : sql.replacing(", root FROM", with: ", NULL FROM"), arguments) { row in
            guard let stored = row[0].string, let kind = row[1].string.flatMap(OutputRecord.Kind.init(rawValue:)) else { return }
            let path = pathCodec.absolute(stored)
            let root = Self.outputRoot(recorded: row[5].string.map(pathCodec.absolute), path: path, filmrollFolder: filmrollFolder)
            let isOwned = owned[root] ?? {
                let isOwned = ownership(of: root).isOurs
                owned[root] = isOwned
                return isOwned
            }()
            entries.append(OutputLedgerEntry(path: path, kind: kind, key: row[2].string, bytes: row[3].int,
                                             parameters: row[4].string ?? "{}",
                                             isOwned: isOwned && (try? ConfinedPath(path, root: root)) != nil))
        }
        return entries
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
