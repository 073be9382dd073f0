import Files

/// Whether a file found in the photo folder is one of Filmroll's outputs (a
/// thumbnail or strip written inside the folder), not a photo. A run that meets
/// a few unknown files asks the catalog about each; one that meets many reads
/// every output path once, which at 300,000 outputs costs a second.
struct OutputPaths {
    private let database: Database
    private let codec: OutputPathCodec
    private let all: Set<ExactPath>?

    /// Lookups one by one up to this many files; every path read at once above it.
    static let singleLookups = 2_000

    init(database: Database, codec: OutputPathCodec, lookups: Int) throws(DatabaseError) {
        self.database = database
        self.codec = codec
        guard lookups > Self.singleLookups else {
            all = nil
            return
        }
        var paths = Set<ExactPath>()
        try database.forEachRow("SELECT path FROM outputs") { row in
            if let path = row[0].string { paths.insert(ExactPath(codec.absolute(path))) }
        }
        all = paths
    }

    func contains(_ absolutePath: String) throws(DatabaseError) -> Bool {
        if let all { return all.contains(ExactPath(absolutePath)) }
        // `path` is UNIQUE: an index lookup, compared as bytes like `ExactPath`.
        return try database.value("SELECT 1 FROM outputs WHERE path = ? LIMIT 1", [codec.stored(absolutePath)]).int == 1
    }
}
