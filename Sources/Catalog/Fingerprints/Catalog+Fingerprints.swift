import Imaging

extension Catalog {
    /// Whether this catalog has the fingerprints table (schema version 15;
    /// a read-only catalog is read as it is).
    public var keepsFingerprints: Bool { schemaVersion >= CatalogSchema.fingerprintsVersion }

    /// The stills whose fingerprint by `recipe` is of their file as it is now.
    public func fingerprintedPhotoIDs(recipe: String) throws(DatabaseError) -> Set<Int64> {
        guard keepsFingerprints else { return [] }
        return Set(try database.rows("""
            SELECT f.photo_id FROM fingerprints AS f JOIN photos AS p ON p.id = f.photo_id
            WHERE f.recipe = ? AND f.bytes = p.bytes AND f.mtime_ns = p.mtime_ns
            """, [recipe]).compactMap { $0[0].int.map(Int64.init) })
    }

    /// Keeps each photo's fingerprint by `recipe`, made from its file of
    /// `byteCount` bytes changed at `modificationTimeNanoseconds`: only
    /// where the row is still of that file (one that changed meanwhile is
    /// fingerprinted again on the next run). One transaction; returns how
    /// many were kept.
    @discardableResult
    public func storeFingerprints(_ fingerprints: [(photoID: Int64, byteCount: Int, modificationTimeNanoseconds: Int64,
                                                    fingerprint: StoredFingerprint)],
                                  recipe: String) throws -> Int {
        guard keepsFingerprints, !fingerprints.isEmpty else { return 0 }
        return try database.transaction {
            var kept = 0
            for item in fingerprints {
                let print = item.fingerprint
                precondition(print.luma.count == StoredFingerprint.lumaCells)
                kept += try database.execute("""
                    INSERT OR REPLACE INTO fingerprints
                        (photo_id, bytes, mtime_ns, recipe, dct, gradient, luma, quality, sharpness, clipped, exposure)
                    SELECT id, bytes, mtime_ns, ?, ?, ?, ?, ?, ?, ?, ? FROM photos
                    WHERE id = ? AND bytes = ? AND mtime_ns = ? AND missing = 0
                    """, [recipe, Int64(bitPattern: print.dct), Int64(bitPattern: print.gradient), DatabaseValue.blob(print.luma),
                          print.quality, print.sharpness, print.clipped, print.exposure,
                          item.photoID, item.byteCount, item.modificationTimeNanoseconds])
            }
            return kept
        }
    }

    /// The stills (no video, none missing or unreadable) that have no
    /// fingerprint by `recipe` of their file as it is now, by path.
    public func stillsWithoutFingerprint(recipe: String) throws(DatabaseError) -> [PhotoRecord] {
        let unfingerprinted = keepsFingerprints ? """
            AND NOT EXISTS (SELECT 1 FROM fingerprints AS f WHERE f.photo_id = photos.id AND f.recipe = ?1
                            AND f.bytes = photos.bytes AND f.mtime_ns = photos.mtime_ns)
            """ : "AND ?1 IS NOT NULL"
        return try database.rows("""
            SELECT \(photoColumns) FROM photos WHERE missing = 0 AND error IS NULL AND duration IS NULL \(unfingerprinted)
            ORDER BY path
            """, [recipe]).map(PhotoRecord.init)
    }

    /// Every still with a fingerprint by `recipe` of its file as it is now, by path.
    public func fingerprintedPhotos(recipe: String) throws(DatabaseError) -> [FingerprintedPhoto] {
        guard keepsFingerprints else { return [] }
        var photos: [FingerprintedPhoto] = []
        try database.forEachRow("""
            SELECT p.id, p.path, p.format, p.bytes, p.width, p.height, p.taken_at,
                   p.taken_source IN ('original', 'digitized', 'xmp', 'iptc', 'quickTime', 'container')
                       AND coalesce(p.taken_time_unknown, 0) = 0, p.mtime_ns,
                   nullif(trim(coalesce(p.make, '') || ' ' || coalesce(p.model, '')), ''), p.burst_id,
                   f.dct, f.gradient, f.luma, f.quality, f.sharpness, f.clipped, f.exposure
            FROM photos AS p JOIN fingerprints AS f ON f.photo_id = p.id
            WHERE f.recipe = ? AND f.bytes = p.bytes AND f.mtime_ns = p.mtime_ns
              AND p.missing = 0 AND p.error IS NULL AND p.duration IS NULL
            ORDER BY p.path
            """, [recipe]) { row in
            guard case .blob(let luma) = row[13], luma.count == StoredFingerprint.lumaCells,
                  let id = row[0].int, let path = row[1].string else { return }
            let size = row[4].int.flatMap { width in row[5].int.map { PixelSize(width: width, height: $0) } }
            photos.append(FingerprintedPhoto(
                id: Int64(id), path: path, format: row[2].string, byteCount: row[3].int ?? 0, size: size,
                takenAt: row[6].string, isTimedByFile: row[7].int == 1,
                modificationTimeNanoseconds: Int64(row[8].int ?? 0), camera: row[9].string, burstIdentifier: row[10].string,
                fingerprint: StoredFingerprint(
                    dct: UInt64(bitPattern: Int64(row[11].int ?? 0)), gradient: UInt64(bitPattern: Int64(row[12].int ?? 0)),
                    luma: luma, quality: row[14].double ?? 0, sharpness: row[15].double ?? 0,
                    clipped: row[16].double ?? 0, exposure: row[17].double ?? 0)))
        }
        return photos
    }
}

extension Catalog {
    /// Groups the bursts again, of every day or of `days` ("YYYY-MM-DD"),
    /// after fingerprints changed which frame is best; returns the bursts found.
    @discardableResult
    public func groupBursts(days: Set<String>? = nil) throws -> Int {
        try BurstGrouping(database: database).run(days: days)
    }
}
