import Imaging

extension Catalog {
    /// The photo at `relativePath`, if catalogued.
    public func photo(relativePath: String) throws(DatabaseError) -> PhotoRecord? {
        try database.rows("SELECT \(photoColumns) FROM photos WHERE path = ?", [relativePath]).first.map(PhotoRecord.init)
    }

    /// The paths of every file catalogued and present, whatever it is (an
    /// item, a burst's other frame, a copy folded into its original, a Live
    /// Photo's MOV), relative to the folder.
    public func presentPaths() throws(DatabaseError) -> [String] {
        try database.rows("SELECT path FROM photos WHERE missing = 0").compactMap { $0[0].string }
    }

    /// Photos marked missing (their file is gone).
    public func missingPhotos() throws(DatabaseError) -> [PhotoRecord] {
        try database.rows("SELECT \(photoColumns) FROM photos WHERE missing = 1 ORDER BY path").map(PhotoRecord.init)
    }

    /// Notes that the photo at `relativePath`, as the catalog holds it (of
    /// `byteCount` bytes, changed at `modificationTimeNanoseconds`), cannot
    /// be decoded, and why: it stays catalogued with its facts, and is
    /// passed over until its file changes (the indexer then reads it anew).
    /// Returns whether such a row was marked.
    @discardableResult
    public func markUnreadable(relativePath: String, byteCount: Int, modificationTimeNanoseconds: Int64,
                               reason: String) throws(DatabaseError) -> Bool {
        try database.execute("UPDATE photos SET error = ? WHERE path = ? AND bytes = ? AND mtime_ns = ? AND missing = 0",
                             [reason, relativePath, byteCount, modificationTimeNanoseconds]) == 1
    }

    /// Notes what the decoder of the photo at `relativePath` went past (one
    /// warning a line), on the row of that version of the file (of
    /// `byteCount` bytes, changed at `modificationTimeNanoseconds`). Returns
    /// whether such a row was noted.
    @discardableResult
    public func noteWarning(relativePath: String, byteCount: Int, modificationTimeNanoseconds: Int64,
                            warning: String) throws(DatabaseError) -> Bool {
        try database.execute("""
            UPDATE photos SET warning = ? WHERE path = ? AND bytes = ? AND mtime_ns = ? AND missing = 0
                AND warning IS NOT ?
            """, [warning, relativePath, byteCount, modificationTimeNanoseconds, warning]) == 1
    }

    /// Photos read with a warning, by path (missing and unreadable ones left out).
    public func warnedPhotos() throws(DatabaseError) -> [PhotoRecord] {
        try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE warning IS NOT NULL AND error IS NULL AND missing = 0 ORDER BY path
            """).map(PhotoRecord.init)
    }

    /// Photos that could not be read, with why, by path (missing ones left out).
    public func unreadablePhotos() throws(DatabaseError) -> [PhotoRecord] {
        try database.rows("SELECT \(photoColumns) FROM photos WHERE error IS NOT NULL AND missing = 0 ORDER BY path")
            .map(PhotoRecord.init)
    }

    /// The MOVs of the catalog's Live Photos, by their still's row id.
    public func livePhotoVideos() throws(DatabaseError) -> [Int64: PhotoRecord] {
        let videos = try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE live_still_id IS NOT NULL AND missing = 0 AND error IS NULL
            """).map(PhotoRecord.init)
        return Dictionary(videos.compactMap { video in video.liveStillID.map { ($0, video) } }) { first, _ in first }
    }

    /// The frames of each burst but the one that stands for it, by that frame's row id, in time order.
    public func burstFrames() throws(DatabaseError) -> [Int64: [PhotoRecord]] {
        let frames = try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE burst_lead_id IS NOT NULL AND missing = 0 AND error IS NULL
            ORDER BY taken_at, path
            """).map(PhotoRecord.init)
        return Dictionary(grouping: frames) { $0.burstLeadID ?? 0 }
    }

    /// Photos matching `query`, ordered by the time they were taken.
    public func photos(matching query: PhotoQuery) throws(DatabaseError) -> [PhotoRecord] {
        var query = query
        // A catalog read as it is, from before version 15, has no groups to fold copies by.
        if query.foldsCopies && !keepsFingerprints { query.foldsCopies = false }
        let (condition, arguments) = query.sql
        return try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE \(condition) ORDER BY taken_at, path
            """, arguments).map(PhotoRecord.init)
    }
}

extension Catalog {
    /// The photo at `relativePath`, indexing that one file first when the
    /// catalog does not know it yet (or knows an older version). Returns its id.
    public func photoID(indexing relativePath: String) throws -> Int64 {
        let path = absolutePath(of: relativePath)
        guard let entry = PhotoFolder.entry(at: path, relativePath: relativePath) else { throw CatalogError.notFound(path) }
        if let known = try photo(relativePath: relativePath), !known.isMissing, known.byteCount == entry.byteCount,
           known.modificationTimeNanoseconds == entry.modificationTimeNanoseconds {
            return known.id
        }
        let facts = PhotoFacts.read(entry)
        let placeholders = Array(repeating: "?", count: facts.columnValues.count + 1).joined(separator: ", ")
        let assignments = FolderIndexer.upsertColumnNames.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        try database.execute("""
            INSERT INTO photos (path, \(FolderIndexer.upsertColumns)) VALUES (\(placeholders))
            ON CONFLICT(path) DO UPDATE SET \(assignments)
            """, [relativePath] + facts.columnValues)
        guard let id = try photo(relativePath: relativePath)?.id else { throw CatalogError.notFound(path) }
        return id
    }
}
