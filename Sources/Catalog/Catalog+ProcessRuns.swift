/// What the last complete `process` into an output folder left
/// (`process_runs`): enough to tell, without reading a file, that a re-run
/// has nothing to do.
public struct ProcessRunRecord: Sendable, Equatable {
    /// The output folder, absolute.
    public var out: String
    /// The run's options and the build of Filmroll that made it, as one text.
    public var recipe: String
    /// The catalog's generation after the run (`Catalog.generation`).
    public var generation: Int64
    /// The output folders and their mtimes (`ProcessRunStamp.folderState`).
    public var folders: String

    public init(out: String, recipe: String, generation: Int64, folders: String) {
        self.out = out
        self.recipe = recipe
        self.generation = generation
        self.folders = folders
    }
}

extension Catalog {
    /// A number that every change to the photos or outputs tables moves on,
    /// whoever makes it (triggers, schema version 7).
    public func generation() throws(DatabaseError) -> Int64 {
        Int64(try database.value("SELECT value FROM catalog_generation").int ?? 0)
    }

    /// The last complete run into `out`, if one was recorded.
    public func processRun(out: String) throws(DatabaseError) -> ProcessRunRecord? {
        guard let row = try database.rows("SELECT recipe, generation, folders FROM process_runs WHERE out = ?",
                                          [out]).first else { return nil }
        return ProcessRunRecord(out: out, recipe: row[0].string ?? "", generation: Int64(row[1].int ?? -1),
                                folders: row[2].string ?? "")
    }

    /// Records a complete run (replacing the last one into the same folder).
    /// (The table's `counts` column, which earlier versions read back, is
    /// left empty: a re-run's counts come from the catalog.)
    public func recordProcessRun(_ run: ProcessRunRecord) throws(DatabaseError) {
        try database.execute("""
            INSERT INTO process_runs (out, recipe, generation, folders, counts) VALUES (?, ?, ?, ?, '')
            ON CONFLICT (out) DO UPDATE SET recipe = excluded.recipe, generation = excluded.generation,
                                            folders = excluded.folders, counts = ''
            """, [run.out, run.recipe, run.generation, run.folders])
    }

    /// Forgets the run into `out`, so that the next one does the whole work.
    public func forgetProcessRun(out: String) throws(DatabaseError) {
        try database.execute("DELETE FROM process_runs WHERE out = ?", [out])
    }
}
