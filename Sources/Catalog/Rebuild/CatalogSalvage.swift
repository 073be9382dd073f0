import Files

/// What could still be read from an old (perhaps damaged) catalog: its
/// outputs, its photos' paths and the links between them.
struct CatalogSalvage {
    struct Output {
        var id: Int64
        var kind: String
        var path: String
        /// The folder it was made in (nil before schema version 3).
        var root: String?
        var key: String?
        var parameters: String
        var madeAt: String
    }

    struct Link {
        var outputID: Int64
        var photoID: Int64
        var position: Int
    }

    var outputs: [Output] = []
    /// Old photo id → path relative to the folder.
    var photoPaths: [Int64: String] = [:]
    var links: [Link] = []
    var outputsUnreadable = 0
    /// Why nothing could be read, when nothing could.
    var problem: String?

    /// Reads the catalog at `path` read-only (never writing it), table by
    /// table, keeping every row that can be read. Without a `-wal` beside
    /// it, the file is all there is and is read immutable, so that SQLite
    /// makes no `-wal` and `-shm` for it either.
    static func read(from path: String) -> CatalogSalvage {
        var salvage = CatalogSalvage()
        let database: Database
        let immutable = ReadOnlyOpening.needsImmutable(path) || !FileBytes.exists(path + "-wal")
        do throws(DatabaseError) {
            database = try Database(path: path, mode: .readOnly(immutable: immutable))
            // The schema first: without it (not a database, page 1 gone) nothing can be read.
            _ = try database.value("SELECT count(*) FROM sqlite_master")
        } catch {
            salvage.problem = error.description
            return salvage
        }
        let reader = SalvageReader(database: database)
        // A catalog older than version 3 has no root column (preparing the query reads only the schema).
        let hasRoots = (try? database.value("SELECT root FROM outputs LIMIT 0")) != nil
        let outputs = reader.read("outputs", columns: "kind, path, key, parameters, made_at, " + (hasRoots ? "root" : "NULL"))
        for row in outputs.rows {
            guard let kind = row[1].string, let path = row[2].string else {
                salvage.outputsUnreadable += 1
                continue
            }
            salvage.outputs.append(Output(id: Int64(row[0].int ?? 0), kind: kind, path: path, root: row[6].string,
                                          key: row[3].string, parameters: row[4].string ?? "{}",
                                          madeAt: row[5].string ?? ""))
        }
        salvage.outputsUnreadable += outputs.lost
        for row in reader.read("photos", columns: "path").rows {
            if let path = row[1].string { salvage.photoPaths[Int64(row[0].int ?? 0)] = path }
        }
        for row in reader.read("output_sources", columns: "output_id, photo_id, position").rows {
            guard let output = row[1].int, let photo = row[2].int else { continue }
            salvage.links.append(Link(outputID: Int64(output), photoID: Int64(photo), position: row[3].int ?? 0))
        }
        if salvage.outputs.isEmpty, let problem = outputs.problem { salvage.problem = problem.description }
        return salvage
    }
}
