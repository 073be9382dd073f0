import Catalog

/// Realistic rows written straight into a catalog, for tests that need many:
/// photos with every column filled, and outputs made from one photo each.
enum SyntheticRows {
    /// Adds `photos` photos (ids 1…) and `outputs` outputs with one source
    /// each, in one transaction. Output `n` is at `outputFolder/out-NNNNN.jpg`
    /// and its parameters hold the marker `ROW-NNNNN`.
    static func fill(_ catalog: Catalog, photos: Int, outputs: Int, outputFolder: String = "/nonexistent") throws {
        try catalog.database.transaction {
            try catalog.database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(photos))
                INSERT INTO photos (path, bytes, mtime_ns, hash, format, stored_width, stored_height, width, height,
                                    orientation, taken_at, taken_offset_minutes, taken_day, taken_from_mtime, make, model,
                                    latitude, longitude, frames, error, missing, indexed_at)
                SELECT printf('2025/%02d/IMG_%05d.jpg', i / 500, i), 3000000 + i, 1700000000000000000 + i,
                       lower(hex(randomblob(16))), 'jpeg', 4032, 3024, 4032, 3024, 1,
                       printf('2025-04-%02dT12:%02d:00', 1 + i % 28, i % 60), 540, printf('2025-04-%02d', 1 + i % 28),
                       0, 'Apple', 'iPhone 15 Pro', 37.5, 127.0, NULL, NULL, 0, '2025-05-01T00:00:00Z'
                FROM n
                """)
            try catalog.database.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(outputs))
                INSERT INTO outputs (kind, path, key, parameters, made_at)
                SELECT CASE WHEN i % 2 THEN 'thumbnail' ELSE 'fourcut' END, printf('\(outputFolder)/out-%05d.jpg', i),
                       lower(hex(randomblob(16))), printf('{"size":256,"quality":85,"marker":"ROW-%05d"}', i),
                       '2025-05-01T00:00:00Z'
                FROM n
                """)
            try catalog.database.execute("""
                INSERT INTO output_sources (output_id, photo_id, position)
                SELECT id, 1 + (id - 1) % \(max(photos, 1)), 0 FROM outputs
                """)
        }
    }

    /// "2025/00/IMG_00042.jpg", the path of photo `index`.
    static func photoPath(_ index: Int) -> String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "2025/\(padded(index / 500, 2))/IMG_\(padded(index, 5)).jpg"
    }
}
