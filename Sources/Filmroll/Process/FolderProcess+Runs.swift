import Catalog
import Files

extension FolderProcess {
    /// The run's catalog: a scratch one (`--no-catalog`), the shard's own
    /// beside the folder's (started from its share of the folder's), or the
    /// folder's, into which a merge first folds the shards' catalogs.
    func openCatalog(scratch: ScratchCatalog?, catalogPath: String?, summary: inout ProcessSummary) throws -> Catalog {
        if let scratch {
            // A run without a catalog works for the folder: its own `.filmroll` is its to write.
            let catalog = try Catalog(folder: folder, path: scratch.path, access: .create)
            try catalog.adoptIdentity(ofFolder: folder)
            return catalog
        }
        let folderCatalog = catalogPath ?? Catalog.defaultPath(for: folder)
        if let shard = options.shard {
            let catalog = try Catalog(folder: folder, path: ShardCatalogs.path(of: shard, beside: folderCatalog), access: .create)
            try ShardCatalogs.seed(catalog, from: folderCatalog, shard: shard)
            return catalog
        }
        let catalog = try Catalog(folder: folder, path: catalogPath, access: .create)
        let shards = ShardCatalogs.existing(beside: folderCatalog)
        if options.mergesShards {
            if !shards.isEmpty {
                let before = try ShardCatalogs.beforeFolds(catalog)
                _ = try ShardCatalogs.fold(shards, into: catalog)
                _ = try ShardCatalogs.joinMoves(catalog, after: before)
                _ = try ShardCatalogs.relink(catalog)
            }
            summary.shardsMerged = shards.count
        } else {
            summary.shardsPending = shards.count
        }
        return catalog
    }

    /// Whether the last complete run left everything as this one would
    /// (`ProcessRunStamp`); if so, `summary` gets its counts.
    func isUpToDate(_ catalog: Catalog, recipe: String, out: String, summary: inout ProcessSummary) throws -> Bool {
        let index = summary.index
        guard !options.force, options.keepsCatalog, options.shard == nil, summary.shardsMerged == 0, !index.interrupted,
              index.added + index.changed + index.moved + index.missing + index.failed == 0 else { return false }
        do {
            guard let last = try catalog.processRun(out: AbsolutePath.of(out)), last.recipe == recipe,
                  last.generation == (try catalog.generation()),
                  ProcessRunStamp.foldersUnchanged(last.folders, out: out, xdgRoot: options.xdgRoot) else { return false }
            // The counts, as every run gives them, from the catalog: a complete run left no failure but these.
            summary.unreadable = try catalog.unreadablePhotos().count
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        try countItems(catalog, into: &summary)
        summary.upToDate = true
        summary.galleryPath = out + "/index.html"
        return true
    }

    /// Records a complete run, for the next one to find nothing to do.
    func record(_ catalog: Catalog, recipe: String, out: String, summary: ProcessSummary) throws {
        do {
            let run = ProcessRunRecord(out: AbsolutePath.of(out), recipe: recipe, generation: try catalog.generation(),
                                       folders: ProcessRunStamp.folderState(out: out, xdgRoot: options.xdgRoot))
            try catalog.recordProcessRun(run)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// The catalog's generation, as a `CatalogError`.
    static func generation(of catalog: Catalog) throws -> Int64 {
        do { return try catalog.generation() } catch { throw CatalogError(error, catalog: catalog) }
    }

    /// The scope of this run when it can be one (`ProcessScope`), else nil: the whole library.
    func scope(_ catalog: Catalog, recipe: String, generationBefore: Int64, out: String,
               index: IndexSummary) throws -> ProcessScope? {
        guard !options.force, options.keepsCatalog, options.shard == nil, !options.mergesShards else { return nil }
        do {
            let scope = try ProcessScope.of(index, catalog: catalog, last: try catalog.processRun(out: AbsolutePath.of(out)),
                                            recipe: recipe, generationBefore: generationBefore) { last in
                ProcessRunStamp.foldersUnchanged(last.folders, out: out, xdgRoot: options.xdgRoot)
            }
            return try scope?.widenedForTrips(catalog: catalog, out: out, hiddenPlaces: options.hiddenPlaces)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// The library's item counts from the catalog (a scoped plan holds only its days).
    func countItems(_ catalog: Catalog, into summary: inout ProcessSummary) throws {
        do {
            let stats = try catalog.stats()
            (summary.photos, summary.videos, summary.livePhotos, summary.bursts)
                = (stats.photos, stats.videos, stats.livePhotos, stats.bursts)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }
}

extension FolderProcess {
    /// After a gallery written a batch at a time: the day pages and maps of
    /// days that have no items now, and the pages of photos that are no
    /// items now (each batch looked only at its own days). Relative to `out`.
    func removeStalePages(catalog: Catalog, sharedStems: Set<String>, out: String) throws -> [String] {
        do {
            let days = Set(try catalog.itemDays().compactMap { DayDate(iso: $0.day) })
            let maps = Set(try catalog.positionsByDay().filter { _, positions in
                positions.contains { !options.hiddenPlaces.hides(latitude: $0.latitude, longitude: $0.longitude) }
            }.keys.compactMap { DayDate(iso: $0) })
            let pages = Set(try catalog.itemPaths().map { ProcessPlan.page(of: $0, sharedStems: sharedStems) })
            return try GalleryStaleFiles.remove(keepingDays: days, maps: maps, photoPages: pages, in: out,
                                                fileGuard: options.galleryFileGuard(for: folder))
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }
}
