import Files
import Imaging

extension Catalog {
    /// Rebuilds the catalog of `folder` from its photos, for a damaged one
    /// (or any other).
    ///
    /// The old file (or a directory or an empty file in its place) is moved
    /// aside, never deleted (see `AsideFile`); a FIFO, socket or device
    /// there is refused, neither opened nor moved (`.notAFile`). A fresh
    /// catalog is made and the folder indexed into it. From the old file,
    /// read-only and row by row (so that an unreadable page loses only the
    /// rows on it), it carries over the outputs whose files still exist
    /// where they were made and are still Filmroll's (`outputsRefused`
    /// names the others, left alone),
    /// before indexing, so their files are not taken for photos, and after
    /// it the links from outputs to photos, matched by the photo's path.
    /// Run it while nothing else uses the catalog.
    ///
    /// When `shouldStop` ends the indexing early, the outputs are carried and
    /// the links of the photos indexed so far; the rest of the links are lost.
    public static func rebuild(folder: String, path: String? = nil, jobs: Int,
                               progress: (Int, Int) -> Void = { _, _ in },
                               shouldStop: @Sendable () -> Bool = { false }) throws(CatalogError) -> RebuildSummary {
        let path = path ?? defaultPath(for: folder)
        var summary = RebuildSummary()
        // A FIFO, socket or device is neither opened nor moved; a directory or an empty file is set aside.
        try CatalogFileCheck.refuseNonFiles(path)
        summary.asidePath = try AsideFile.move(path)
        let salvage = summary.asidePath.map(CatalogSalvage.read(from:))
        summary.oldCatalogProblem = salvage?.problem
        summary.outputsUnreadable = salvage?.outputsUnreadable ?? 0
        let catalog = try Catalog(folder: folder, path: path, access: .create)
        do {
            var carried = Set<Int64>()
            // A catalog kept outside a `.filmroll` is known to its `--out` folders by its old id.
            if let id = salvage?.identity, catalog.homeFilmrollFolder == nil { try catalog.adoptIdentity(id) }
            if let salvage { carried = try catalog.carryOutputs(salvage, into: &summary) }
            summary.index = try FolderIndexer(catalog: catalog, jobs: jobs).run(progress: progress, shouldStop: shouldStop)
            if let salvage { summary.linksCarried = try catalog.carryLinks(salvage, outputs: carried) }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        return summary
    }

    /// Inserts the salvaged outputs whose files still exist where they
    /// were made and are still Filmroll's (the rule `prune` deletes by),
    /// with their old ids. Returns the ids inserted.
    private func carryOutputs(_ salvage: CatalogSalvage, into summary: inout RebuildSummary) throws -> Set<Int64> {
        var existing: [CatalogSalvage.Output] = []
        for var output in salvage.outputs {
            output.path = pathCodec.absolute(output.path)
            output.root = output.root.map(pathCodec.absolute)
            let root = Self.outputRoot(recorded: output.root, path: output.path, filmrollFolder: filmrollFolder)
            switch visitOutput(path: output.path, root: root, identity: output.identity, removing: false) {
            case .present: existing.append(output)
            case .refused(.notOwned) where ownership(of: root) == .unmarked && carriesMark(output.path, root: root):
                // Made with `-o FILE` in a folder of the user's: kept as a record (so it is not
                // taken for a photo), though `prune` never deletes it there.
                existing.append(output)
            case .refused(let reason): summary.outputsRefused.append(RefusedOutput(path: output.path, reason: reason))
            case .gone, .removed, .failed: summary.outputsGone += 1
            }
        }
        let carried: Set<Int64> = try database.transaction {
            var carried = Set<Int64>()
            for output in existing where try insert(output) { carried.insert(output.id) }
            return carried
        }
        // A row that made no sense (a bad kind, a path twice) counts as unreadable.
        summary.outputsUnreadable += existing.count - carried.count
        summary.outputsCarried = carried.count
        return carried
    }

    /// Whether the file at `path` below `root` carries Filmroll's mark, reached without a link.
    private func carriesMark(_ path: String, root: String) -> Bool {
        ConfinedFiles.check(path, root: root) { OutputMark.read(descriptor: $0) != nil } == .present
    }

    /// Inserts one salvaged output; false when the row breaks a constraint.
    private func insert(_ output: CatalogSalvage.Output) throws(DatabaseError) -> Bool {
        do throws(DatabaseError) {
            try database.execute("""
                INSERT INTO outputs (id, kind, path, root, bytes, hash, key, parameters, made_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [output.id, output.kind, pathCodec.stored(output.path), output.root.map(pathCodec.stored), output.identity?.bytes, output.identity?.hash,
                      output.key, output.parameters, output.madeAt])
            return true
        } catch where error.code.primary == .constraint {
            return false
        }
    }

    /// Inserts the salvaged links of carried outputs to photos found again
    /// at the same path. Returns how many.
    private func carryLinks(_ salvage: CatalogSalvage, outputs: Set<Int64>) throws -> Int {
        var photoIDs: [ExactPath: Int64] = [:]
        try database.forEachRow("SELECT id, path FROM photos") { row in
            if let path = row[1].string { photoIDs[ExactPath(path)] = Int64(row[0].int ?? 0) }
        }
        return try database.transaction {
            var count = 0
            for link in salvage.links where outputs.contains(link.outputID) {
                guard let path = salvage.photoPaths[link.photoID], let photo = photoIDs[ExactPath(path)] else { continue }
                count += try database.execute("""
                    INSERT OR IGNORE INTO output_sources (output_id, photo_id, position) VALUES (?, ?, ?)
                    """, [link.outputID, photo, link.position])
            }
            return count
        }
    }
}
