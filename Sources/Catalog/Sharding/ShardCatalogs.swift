#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The catalogs of a folder's shards, one per shard beside the folder's
/// catalog (`.filmroll/catalog.shard-2-of-4.sqlite`), so that each SQLite
/// file has one writer, also on network file systems where SQLite's locks
/// cannot be trusted between machines.
///
/// A shard's catalog starts as its share of the folder's catalog (`seed`),
/// so that a library already processed is not read again; after the shards,
/// `fold` carries each into the folder's catalog and deletes it.
public enum ShardCatalogs {
    /// The catalog of `shard`, beside the folder's catalog at `catalogPath`.
    public static func path(of shard: Shard, beside catalogPath: String) -> String {
        stem(of: catalogPath) + ".shard-\(shard.index)-of-\(shard.count).sqlite"
    }

    /// The shard catalogs beside `catalogPath`, in name order.
    public static func existing(beside catalogPath: String) -> [String] {
        let base = stem(of: catalogPath)
        let folder = base.lastIndex(of: "/").map { String(base[..<$0]) } ?? "."
        let prefix = String(base[(base.lastIndex(of: "/").map { base.index(after: $0) } ?? base.startIndex)...]) + ".shard-"
        return Folders.names(in: folder).filter { $0.hasPrefix(prefix) && $0.hasSuffix(".sqlite") }.sorted()
            .map { folder + "/" + $0 }
    }

    private static func stem(of catalogPath: String) -> String {
        catalogPath.hasSuffix(".sqlite") ? String(catalogPath.dropLast(7)) : catalogPath
    }

    /// The table of a `process` shard's catalog that lists, by id, the photos
    /// it catalogued from their headers alone because their days are another
    /// shard's (`FolderIndexer.shard`): never folded into the folder's catalog.
    public static let foreignTable = "shard_foreign_photos"

    /// Makes `foreignTable` when the catalog has none.
    static func prepareForeign(_ database: Database) throws(DatabaseError) {
        try database.execute("CREATE TABLE IF NOT EXISTS \(foreignTable) (photo_id INTEGER PRIMARY KEY)")
    }

    /// The ids `foreignTable` lists (made when missing).
    static func foreignIDs(_ database: Database) throws(DatabaseError) -> Set<Int64> {
        try prepareForeign(database)
        return Set(try database.rows("SELECT photo_id FROM \(foreignTable)").compactMap { $0[0].int.map(Int64.init) })
    }

    /// Lists the photo at `path` as foreign, or as the shard's own.
    static func mark(path: String, foreign: Bool, in database: Database) throws(DatabaseError) {
        _ = try database.execute(foreign
            ? "INSERT OR IGNORE INTO \(foreignTable) (photo_id) SELECT id FROM photos WHERE path = ?"
            : "DELETE FROM \(foreignTable) WHERE photo_id IN (SELECT id FROM photos WHERE path = ?)", [path])
    }

    /// Fills the new, empty catalog of `shard` from the folder's catalog at
    /// `mainPath` (read, never written): every photo's row, those of other
    /// shards' days listed as foreign (so that they are not read again to learn
    /// their days), and the outputs made from the shard's photos alone. Does
    /// nothing when there is no such catalog or it is of another schema version.
    /// - Returns: the shard's own photos carried over.
    @discardableResult
    public static func seed(_ catalog: Catalog, from mainPath: String, shard: Shard) throws(CatalogError) -> Int {
        guard access(mainPath, R_OK) == 0 else { return 0 }
        let database = catalog.database
        do {
            try prepareForeign(database)
            try database.execute("ATTACH DATABASE ? AS folder_catalog", [mainPath])
            defer { try? database.execute("DETACH DATABASE folder_catalog") }
            guard try database.value("PRAGMA folder_catalog.user_version").int == CatalogSchema.currentVersion,
                  try database.value("SELECT count(*) FROM photos").int == 0 else { return 0 }
            var foreign: [Int64] = []
            var own = 0
            try database.forEachRow("SELECT id, path, taken_day FROM folder_catalog.photos") { row in
                guard let path = row[1].string, let id = row[0].int else { return }
                if shard.owns(day: row[2].string, relativePath: path) { own += 1 } else { foreign.append(Int64(id)) }
            }
            try database.transaction {
                for id in foreign { try database.execute("INSERT INTO \(foreignTable) (photo_id) VALUES (?)", [id]) }
                try database.execute("""
                    INSERT INTO photos SELECT * FROM folder_catalog.photos;
                    INSERT INTO outputs SELECT * FROM folder_catalog.outputs AS o
                        WHERE EXISTS (SELECT 1 FROM folder_catalog.output_sources AS s WHERE s.output_id = o.id)
                          AND NOT EXISTS (SELECT 1 FROM folder_catalog.output_sources AS s
                                          WHERE s.output_id = o.id AND s.photo_id IN (SELECT photo_id FROM \(foreignTable)));
                    INSERT INTO output_sources SELECT * FROM folder_catalog.output_sources
                        WHERE output_id IN (SELECT id FROM outputs);
                    INSERT INTO fingerprints SELECT * FROM folder_catalog.fingerprints;
                    """)
            }
            return own
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// What `fold` carried over.
    public struct FoldSummary: Sendable, Equatable {
        public var photos = 0
        public var outputs = 0
    }

    /// Carries the shard catalogs at `shardPaths` into `catalog` (the
    /// folder's), each in one transaction: first every shard's photos by path
    /// (new ones added, known ones given the shard's facts), then every
    /// shard's outputs by path with their sources (which may be photos of
    /// other shards: a Live Photo's still and its MOV on two days); then
    /// deletes the shards' files. The photos a shard listed as foreign
    /// (`foreignTable`) and the outputs made from those alone are left: they
    /// are other shards' to carry. Live Photo and burst links are the
    /// folder's to make (`relink`), across shards.
    public static func fold(_ shardPaths: [String], into catalog: Catalog) throws(CatalogError) -> FoldSummary {
        var summary = FoldSummary()
        for path in shardPaths {
            // Checked for damage and version as any catalog is, read only, before anything is carried over.
            _ = try Catalog(folder: catalog.folder, path: path, access: .read)
        }
        for path in shardPaths { summary.photos += try fold(path, into: catalog, photos: true) }
        for path in shardPaths { summary.outputs += try fold(path, into: catalog, photos: false) }
        for path in shardPaths {
            for suffix in ["", "-wal", "-shm", "-checked"] { _ = unlink(path + suffix) }
        }
        return summary
    }

    /// Carries one shard catalog's photos, or its outputs; returns the rows carried.
    private static func fold(_ shardPath: String, into catalog: Catalog, photos: Bool) throws(CatalogError) -> Int {
        let database = catalog.database
        do {
            try database.execute("ATTACH DATABASE ? AS shard_catalog", [shardPath])
            defer { try? database.execute("DROP TABLE IF EXISTS temp.carried_outputs; DETACH DATABASE shard_catalog") }
            let hasForeign = try database.value("SELECT count(*) FROM shard_catalog.sqlite_master WHERE type = 'table' AND name = ?",
                                                [foreignTable]).int == 1
            let foreign = hasForeign ? "SELECT photo_id FROM shard_catalog.\(foreignTable)" : "SELECT NULL WHERE false"
            if photos {
                let photoColumns = "path, " + FolderIndexer.upsertColumns
                let photoUpdates = FolderIndexer.upsertColumnNames.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
                return try database.transaction {
                    // A photo the shard found moved within its days keeps the folder's row (its id, as seeded): at its new path.
                    _ = try database.execute("""
                        UPDATE photos AS m SET path = (SELECT sp.path FROM shard_catalog.photos AS sp WHERE sp.id = m.id)
                        WHERE m.id IN (SELECT sp.id FROM shard_catalog.photos AS sp
                                       WHERE sp.id NOT IN (\(foreign)) AND sp.missing = 0 AND sp.hash = m.hash AND sp.path <> m.path)
                          AND NOT EXISTS (SELECT 1 FROM photos AS other
                                          WHERE other.path = (SELECT sp.path FROM shard_catalog.photos AS sp WHERE sp.id = m.id))
                          AND NOT EXISTS (SELECT 1 FROM shard_catalog.photos AS sp WHERE sp.path = m.path AND sp.missing = 0)
                        """, [])
                    let carried = try database.execute("""
                        INSERT INTO photos (\(photoColumns)) SELECT \(photoColumns) FROM shard_catalog.photos
                        WHERE id NOT IN (\(foreign))
                        ON CONFLICT (path) DO UPDATE SET \(photoUpdates)
                        """, [])
                    // Their fingerprints, by path (the folder's rows have their own ids).
                    _ = try database.execute("""
                        INSERT OR REPLACE INTO fingerprints
                        SELECT p.id, sf.bytes, sf.mtime_ns, sf.recipe, sf.dct, sf.gradient, sf.luma, sf.quality, sf.sharpness,
                               sf.clipped, sf.exposure
                        FROM shard_catalog.fingerprints AS sf JOIN shard_catalog.photos AS sp ON sp.id = sf.photo_id
                        JOIN photos AS p ON p.path = sp.path
                        WHERE sp.id NOT IN (\(foreign))
                        """, [])
                    return carried
                }
            }
            let outputColumns = "kind, path, key, parameters, made_at, root, bytes, hash"
            let outputUpdates = outputColumns.split(separator: ",")
                .map { "\($0.trimmingCharacters()) = excluded.\($0.trimmingCharacters())" }.joined(separator: ", ")
            return try database.transaction {
                // Not those made from foreign photos alone (a photo whose day moved to another shard).
                try database.execute("""
                    CREATE TEMP TABLE carried_outputs AS SELECT id, path FROM shard_catalog.outputs AS so
                    WHERE NOT EXISTS (SELECT 1 FROM shard_catalog.output_sources AS ss WHERE ss.output_id = so.id)
                       OR EXISTS (SELECT 1 FROM shard_catalog.output_sources AS ss
                                  WHERE ss.output_id = so.id AND ss.photo_id NOT IN (\(foreign)))
                    """)
                let carried = try database.execute("""
                    INSERT INTO outputs (\(outputColumns)) SELECT \(outputColumns) FROM shard_catalog.outputs
                    WHERE id IN (SELECT id FROM temp.carried_outputs)
                    ON CONFLICT (path) DO UPDATE SET \(outputUpdates)
                    """, [])
                try database.execute("""
                    DELETE FROM output_sources WHERE output_id IN
                        (SELECT o.id FROM outputs AS o JOIN temp.carried_outputs AS so ON so.path = o.path);
                    INSERT INTO output_sources (output_id, photo_id, position)
                        SELECT o.id, p.id, ss.position FROM shard_catalog.output_sources AS ss
                        JOIN temp.carried_outputs AS so ON so.id = ss.output_id JOIN outputs AS o ON o.path = so.path
                        JOIN shard_catalog.photos AS sp ON sp.id = ss.photo_id JOIN photos AS p ON p.path = sp.path;
                    """)
                return carried
            }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// What the folder's catalog held before shards are folded in: its highest photo id,
    /// and (in a temporary table) the photos already missing, for `joinMoves(_:after:)`.
    public struct BeforeFolds: Sendable {
        let lastID: Int64
    }

    public static func beforeFolds(_ catalog: Catalog) throws(CatalogError) -> BeforeFolds {
        do {
            try catalog.database.execute("""
                DROP TABLE IF EXISTS temp.missing_before_folds;
                CREATE TEMP TABLE missing_before_folds AS SELECT id FROM photos WHERE missing = 1;
                """)
            return BeforeFolds(lastID: Int64(try catalog.database.value("SELECT coalesce(max(id), 0) FROM photos").int ?? 0))
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// A photo renamed into another shard is missing in its old shard's catalog and new in
    /// its new one's. One run finds it by its content and keeps its row at the new path;
    /// so does this, after the folds: a row the folds made missing and a row they added
    /// with the same hash, each the only one of its kind with that hash, become the old
    /// row at the new path (its id, so its links, kept; the new row's outputs moved to it).
    /// - Returns: the photos moved.
    public static func joinMoves(_ catalog: Catalog, after before: BeforeFolds) throws(CatalogError) -> Int {
        let database = catalog.database
        do {
            defer { try? database.execute("DROP TABLE IF EXISTS temp.missing_before_folds") }
            // Made missing by the folds: not missing before, and no row a fold added.
            let pairs = try database.rows("""
                WITH gone AS (SELECT id, hash FROM photos WHERE missing = 1 AND id <= ?1 AND hash IS NOT NULL
                                  AND id NOT IN (SELECT id FROM temp.missing_before_folds)),
                     added AS (SELECT id, hash, path FROM photos WHERE missing = 0 AND id > ?1 AND hash IS NOT NULL)
                SELECT gone.id, added.id, added.path FROM gone JOIN added ON added.hash = gone.hash
                WHERE (SELECT count(*) FROM gone AS g WHERE g.hash = gone.hash) = 1
                  AND (SELECT count(*) FROM added AS a WHERE a.hash = gone.hash) = 1
                """, [before.lastID])
            let columns = FolderIndexer.upsertColumns
            try database.transaction {
                for pair in pairs {
                    let old = Int64(pair[0].int ?? 0), new = Int64(pair[1].int ?? 0), path = pair[2].string ?? ""
                    try database.execute("UPDATE photos SET (\(columns)) = (SELECT \(columns) FROM photos WHERE id = ?2) WHERE id = ?1",
                                         [old, new])
                    for reference in ["UPDATE output_sources SET photo_id = ?1 WHERE photo_id = ?2",
                                      "UPDATE photos SET live_still_id = ?1 WHERE live_still_id = ?2",
                                      "UPDATE photos SET burst_lead_id = ?1 WHERE burst_lead_id = ?2",
                                      "DELETE FROM photos WHERE id = ?2"] {
                        try database.execute(reference, [old, new])
                    }
                    try database.execute("UPDATE photos SET path = ? WHERE id = ?", [path, old])
                }
            }
            return pairs.count
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// Links Live Photos and bursts again over the whole folder (after folding shards that each saw a part).
    /// - Returns: the Live Photos and bursts found.
    public static func relink(_ catalog: Catalog) throws(CatalogError) -> (livePhotos: Int, bursts: Int) {
        do {
            return (try LivePhotoPairing(database: catalog.database).run(), try BurstGrouping(database: catalog.database).run())
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }
}
