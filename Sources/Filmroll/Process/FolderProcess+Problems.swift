import Catalog
import Imaging

/// The photos a run could not read and the files it could not make: kept
/// in the catalog, listed on the gallery's problems page.
extension FolderProcess {
    /// Notes in the catalog a photo whose bytes cannot be decoded (not one
    /// that a limit, memory or the file system stopped): later runs pass it
    /// over, and list it as a problem, until its file changes.
    func markIfUnreadable(_ failure: PlanExecutor.Failure, plan: ProcessPlan, catalog: Catalog) throws {
        guard case .photo(_, let error) = failure, error.isInTheFile,
              let photo = plan.photos.first(where: { $0.source.path == failure.path }) else { return }
        do {
            try catalog.markUnreadable(relativePath: photo.record.path, byteCount: photo.record.byteCount,
                                       modificationTimeNanoseconds: photo.record.modificationTimeNanoseconds,
                                       reason: error.description)
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// Notes in the catalog what this run's decodes went past, photo by
    /// photo (the index noted what the headers told): the problems page
    /// lists it, and later runs, which decode nothing, still do.
    func noteWarnings(in catalog: Catalog) throws {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for (path, lines) in warnings.all where path.hasPrefix(prefix) {
            let relative = String(path.dropFirst(prefix.count))
            do {
                guard let photo = try catalog.photo(relativePath: relative) else { continue }
                let known = photo.warning.map { $0.split(separator: "\n").map(String.init) } ?? []
                let merged = known + lines.filter { !known.contains($0) }
                try catalog.noteWarning(relativePath: relative, byteCount: photo.byteCount,
                                        modificationTimeNanoseconds: photo.modificationTimeNanoseconds,
                                        warning: merged.joined(separator: "\n"))
            } catch {
                throw CatalogError(error, catalog: catalog)
            }
        }
    }

    /// What the problems page lists: photos the catalog or this run could
    /// not read, outputs not made, files that are not photos, and photos
    /// shown with a warning; and the sidecars beside their photos, which it counts.
    func galleryProblems(unreadable: [String: String], notMade: [String: String], skipped: [PhotoFolder.Skipped],
                                 catalog: Catalog, out: String) throws -> [GalleryProblem] {
        var problems: [GalleryProblem] = []
        var named = Set<String>()
        let known: [PhotoRecord]
        do {
            known = try catalog.unreadablePhotos()
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        for photo in known {
            named.insert(photo.path)
            problems.append(GalleryProblem(kind: .unreadable, path: photo.path, reason: photo.error ?? ""))
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        for (path, reason) in unreadable.sorted(by: { $0.key < $1.key }) {
            let relative = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            if named.insert(relative).inserted { problems.append(GalleryProblem(kind: .unreadable, path: relative, reason: reason)) }
        }
        let root = AbsolutePath.of(out) + "/"
        for (path, reason) in notMade.sorted(by: { $0.key < $1.key }) {
            let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
            problems.append(GalleryProblem(kind: .notMade, path: relative, reason: reason))
        }
        for file in skipped {
            problems.append(GalleryProblem(kind: file.isSidecar ? .sidecar : .skipped, path: file.relativePath, reason: file.reason))
        }
        // The program's words without the absolute paths: the page names files by their place in the folder.
        for index in problems.indices {
            problems[index].reason = ProblemReason.relative(problems[index].reason, folder: AbsolutePath.of(folder), out: AbsolutePath.of(out))
        }
        do {
            for photo in try catalog.warnedPhotos() where !named.contains(photo.path) {
                let reason = (photo.warning ?? "").split(separator: "\n").joined(separator: "; ")
                problems.append(GalleryProblem(kind: .warned, path: photo.path, reason: reason))
            }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
        return problems
    }
}
