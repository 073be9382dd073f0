import Catalog

/// How a `process` run takes its photos: all at once (a library up to
/// `ProcessOptions.batchItems`), the days of its scope (`ProcessScope`), or
/// batches of whole days of about that many items each, so that the plan, the outputs
/// and the ledger of 100,000 photos are never held at once. A day's sheet
/// and animation need all its photos, so a batch never splits a day.
struct ProcessBatches {
    /// One batch: photos of `days` and at `paths`, or every photo (`days` nil).
    struct Batch {
        var days: Set<String>?
        var paths: Set<String> = []

        func records(_ catalog: Catalog) throws -> [PhotoRecord] {
            do {
                guard let days else { return try catalog.photos(matching: .galleryItems) }
                return try catalog.items(inDays: days, paths: paths)
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
        }
    }

    var batches: [Batch]
    /// The stems several items share, over the whole library, when a batch holds only some of them.
    var sharedStems: Set<String>?
    /// Every day with items, with how many (`Catalog.itemDays()`), read once for the run.
    var itemDays: [(day: String, items: Int, videos: Int)] = []
    /// Whether the one batch is every photo.
    var isWhole: Bool { batches.count == 1 && batches[0].days == nil }

    /// A shard's batches: its `days` (of `itemDays`, in order) and its undated
    /// photos at `undated`, whole days of about `limit` items each.
    init(days: [(day: String, items: Int, videos: Int)], undated: [String], itemDays: [(day: String, items: Int, videos: Int)],
         sharedStems: Set<String>, limit: Int) {
        self.itemDays = itemDays
        self.sharedStems = sharedStems
        batches = Self.split(days: days, undated: undated, limit: limit)
    }

    /// `days` in order, with the `undated` photos first, as batches of whole days of about `limit` items each.
    private static func split(days: [(day: String, items: Int, videos: Int)], undated: [String], limit: Int) -> [Batch] {
        var batches = [Batch(days: [], paths: Set(undated))]
        var held = undated.count
        for day in days {
            if held >= limit {
                batches.append(Batch(days: []))
                held = 0
            }
            batches[batches.count - 1].days!.insert(day.day)
            held += day.items
        }
        return batches
    }

    /// - Parameter limit: items in a batch, about (`ProcessOptions.batchItems`).
    init(catalog: Catalog, scope: ProcessScope?, limit: Int) throws {
        if let scope {
            batches = [Batch(days: scope.fullDays, paths: scope.undated)]
            sharedStems = scope.sharedStems
            return
        }
        do {
            let days = try catalog.itemDays()
            itemDays = days
            let total = days.reduce(0) { $0 + $1.items }
            let undated = try catalog.undatedItemPaths()
            guard total + undated.count > limit else {
                batches = [Batch(days: nil)]
                return
            }
            batches = Self.split(days: days, undated: undated, limit: limit)
            sharedStems = ProcessPlan.sharedStems(try catalog.itemPaths())
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }
}

/// What one write of a gallery covers: all of it, a batch of days, or the
/// "On this day" pages of one month (whose days span the years, so no batch holds them).
enum GalleryUnit: Equatable {
    case whole
    case days(ProcessBatches.Batch)
    case onThisDay(month: Int)
}

extension ProcessBatches.Batch: Equatable {}

extension ProcessScope {
    /// This scope with `fullDays` instead.
    func with(fullDays: Set<String>) -> ProcessScope {
        var scope = self
        scope.fullDays = fullDays
        return scope
    }
}
