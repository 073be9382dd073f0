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
        /// Its size and hash as made (nil before schema version 3).
        var identity: OutputIdentity?
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
    /// The old catalog's id (schema version 10 and later), when it can be read.
    var identity: String?
    /// Why nothing could be read, when nothing could.
    var problem: String?

    /// Reads the catalog at `path` read-only (never writing it), table by
    /// table, keeping every row that can be read. Without a `-wal` beside
    /// it, the file is all there is and is read immutable, so that SQLite
    /// makes no `-wal` and `-shm` for it either; so is one with a directory
    /// beside it (see `walIsUsable`). A directory or an empty file in the
    /// catalog's place holds nothing and is not opened.
    static func read(from path: String) -> CatalogSalvage {
        var salvage = CatalogSalvage()
        switch CatalogFileKind.of(path) {
        case .directory: salvage.problem = "it is a directory, not a file"
        case .regular(size: 0): salvage.problem = "it is empty: 0 bytes"
        case .special(let kind): salvage.problem = "it is \(kind), not a regular file"
        default: break
        }
        if salvage.problem != nil { return salvage }
        let database: Database
        let immutable = ReadOnlyOpening.needsImmutable(path) || !walIsUsable(path)
        do throws(DatabaseError) {
            database = try Database(path: path, mode: .readOnly(immutable: immutable))
            // The schema first: without it (not a database, page 1 gone) nothing can be read.
            _ = try database.value("SELECT count(*) FROM sqlite_master")
        } catch {
            salvage.problem = error.description
            return salvage
        }
        let reader = SalvageReader(database: database)
        salvage.identity = (try? database.value("SELECT id FROM catalog_identity LIMIT 1").string)
            .flatMap { CatalogIdentity.isWellFormed($0) ? $0 : nil }
        // A catalog older than version 3 has no root column (preparing the query reads only the schema).
        let hasRoots = (try? database.value("SELECT root FROM outputs LIMIT 0")) != nil
        let outputs = reader.read("outputs", columns: "kind, path, key, parameters, made_at, "
                                  + (hasRoots ? "root, bytes, hash" : "NULL, NULL, NULL"))
        for row in outputs.rows {
            guard let kind = row[1].string, let path = row[2].string else {
                salvage.outputsUnreadable += 1
                continue
            }
            salvage.outputs.append(Output(id: Int64(row[0].int ?? 0), kind: kind, path: path, root: row[6].string,
                                          identity: row[7].int.flatMap { bytes in row[8].string.map { OutputIdentity(bytes: bytes, hash: $0) } },
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

    /// Whether SQLite can read the WAL beside `path`: a `-wal` that is a
    /// file, and a `-shm` and `-journal` that are files or missing.
    private static func walIsUsable(_ path: String) -> Bool {
        func isFileOrMissing(_ suffix: String) -> Bool {
            switch CatalogFileKind.of(path + suffix) {
            case .regular, .missing: true
            default: false
            }
        }
        guard case .regular = CatalogFileKind.of(path + "-wal") else { return false }
        return isFileOrMissing("-shm") && isFileOrMissing("-journal")
    }
}
