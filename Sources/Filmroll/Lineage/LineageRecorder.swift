import Catalog
import Imaging

/// Records what Filmroll makes, and from which photos, in the catalog of
/// the photos' folder, so that `filmroll show` lists a photo's outputs and
/// `prune` removes them with it. Thumbnails, four-cuts, GIFs and `process`
/// all record through it.
///
/// The catalog is `catalogPath` when given (created when missing), else
/// the folder's own `FOLDER/.filmroll/catalog.sqlite` when it has one; for
/// an output of photos named one by one (a four-cut, a GIF), the folder is
/// the nearest parent with a catalog that holds them all.
///
/// Catalogs are opened before the work (`open(folders:)`,
/// `target(forPhotos:)`), so that a damaged or too-new catalog stops a run
/// before anything is made. One that cannot be written (a read-only
/// medium) is read but not written, and told once (`LineageNote.readOnly`).
public final class LineageRecorder {
    /// The catalog file to use instead of each folder's own (`--catalog`).
    public let catalogPath: String?
    private let notes: (LineageNote) -> Void
    /// Open catalogs, by the folder their photo paths are relative to.
    private var catalogs: [String: Catalog] = [:]
    /// Folders whose catalog is only read.
    private var readOnly: Set<String> = []
    /// Catalog files already told to be read-only.
    private var toldReadOnly: Set<String> = []

    /// - Parameters:
    ///   - catalogPath: one catalog file for every folder, created when missing; nil: each folder's own.
    ///   - notes: told when a catalog is read-only or its outputs cannot be read.
    public init(catalogPath: String? = nil, notes: @escaping (LineageNote) -> Void = { _ in }) {
        self.catalogPath = catalogPath
        self.notes = notes
    }

    /// A recorder writing into `catalog`, already open (for `FolderProcess`).
    public init(catalog: Catalog, notes: @escaping (LineageNote) -> Void = { _ in }) {
        catalogPath = catalog.path
        self.notes = notes
        catalogs[catalog.folder] = catalog
    }

    /// The catalog of `folder` (or `catalogPath`), opened for writing, or
    /// for reading when it is read-only (then nothing is recorded in it);
    /// nil when there is none.
    /// - Throws: `CatalogError` when it exists but cannot be used.
    public func openCatalog(ofFolder folder: String) throws(CatalogError) -> Catalog? {
        try catalog(of: folder)
    }

    /// Opens the catalog of each folder that has one (or `catalogPath`),
    /// for outputs of the photos found in them.
    /// - Throws: `CatalogError` when a catalog exists but cannot be used.
    public func open(folders: some Sequence<String>) throws(CatalogError) {
        for folder in Set(folders).sorted() { _ = try catalog(of: folder) }
    }

    /// Where an output of `photos` will be recorded: the nearest folder
    /// with a catalog that holds them all (with `catalogPath`, else the
    /// first photo's folder). Nil when no catalog applies, or it is read-only.
    /// - Throws: `CatalogError` when the catalog exists but cannot be used.
    public func target(forPhotos photos: [String]) throws(CatalogError) -> LineageTarget? {
        var unique: [String] = []
        for photo in photos where !unique.contains(photo) { unique.append(photo) }
        guard let first = unique.first else { return nil }
        let located = unique.map { CatalogLocator.enclosingFolder(of: $0) }
        guard let folder = located.first??.folder ?? (catalogPath != nil ? InputWalker.parentFolder(first) : nil),
              catalogPath != nil || located.allSatisfy({ $0?.folder == folder }) else { return nil }
        guard try catalog(of: folder) != nil, !readOnly.contains(folder) else { return nil }
        let references = unique.enumerated().map { index, photo in
            PhotoReference.relativePath(located[index]?.relativePath ?? InputWalker.lastComponent(photo))
        }
        return LineageTarget(folder: folder, photos: references)
    }

    /// What the open catalogs (read-only ones too) record of outputs of
    /// `kind`: the one record a command consults before making anything.
    public func ledger(of kind: OutputRecord.Kind) -> OutputLedger {
        var entries: [OutputLedgerEntry] = []
        for folder in catalogs.keys.sorted() {
            let catalog = catalogs[folder]!
            do {
                entries += try catalog.ledger(kind: kind)
            } catch {
                notes(.unreadable(CatalogError(error, catalog: catalog)))
            }
        }
        return OutputLedger(entries)
    }

    /// The content hash of each photo the catalog of `folder` holds, by
    /// path relative to it, with the size and time it was hashed at (read
    /// once; a photo changed since does not match them); nil when the
    /// folder has no catalog open.
    public func photoHashes(inFolder folder: String) -> [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)]? {
        guard let catalog = catalogs[folder] else { return nil }
        guard let photos = try? catalog.photos(matching: PhotoQuery()) else { return [:] }
        var hashes: [String: (byteCount: Int, modificationTimeNanoseconds: Int64, hash: String)] = [:]
        for photo in photos where !photo.isMissing {
            if let hash = photo.hash { hashes[photo.path] = (photo.byteCount, photo.modificationTimeNanoseconds, hash) }
        }
        return hashes
    }

    /// Records `outputs`, in one transaction, in the catalog opened for
    /// `folder`; nothing when it has none or it is read-only.
    /// - Throws: `CatalogError` when the catalog could not be written.
    public func record(_ outputs: [LineageOutput], inFolder folder: String) throws(CatalogError) {
        guard !outputs.isEmpty, let catalog = catalogs[folder], !readOnly.contains(folder) else { return }
        // Read before the write transaction, so the catalog is not held while files are hashed.
        let identities = outputs.map { OutputIdentity.of(path: $0.path) }
        do {
            try catalog.database.transaction {
                for (output, identity) in zip(outputs, identities) {
                    let photos = try output.photos.map { photo in
                        switch photo {
                        case .id(let id): id
                        case .relativePath(let path): try catalog.photoID(indexing: path)
                        }
                    }
                    let root = output.root ?? InputWalker.parentFolder(output.path)
                    try catalog.recordOutput(kind: output.kind, path: AbsolutePath.of(output.path), root: AbsolutePath.of(root),
                                             identity: identity,
                                             key: output.key, parameters: output.parameters, sources: photos)
                }
            }
        } catch {
            throw CatalogError(error, catalog: catalog)
        }
    }

    /// Records `output` where `target` says.
    /// - Throws: `CatalogError` when the catalog could not be written.
    public func record(_ output: LineageOutput, in target: LineageTarget) throws(CatalogError) {
        try record([output], inFolder: target.folder)
    }

    /// Marks `outputFolder` as the folder of the one writable catalog open,
    /// when exactly one is (`thumbs --out DIR` of one catalogued folder), so
    /// that `prune` may delete the outputs it records there; a folder another
    /// catalog owns, or one shared by several catalogs, is left unmarked.
    /// - Returns: why the folder is refused: another catalog owns it (or
    ///   it lies in another photo folder's `.filmroll`) and none of the
    ///   catalogs open here does; nil when it may be written.
    public func markOutputFolder(_ outputFolder: String) -> OutputRefusal? {
        let root = AbsolutePath.of(outputFolder)
        let ownerships = catalogs.values.map { $0.ownership(of: root) }
        if !ownerships.contains(where: \.isOurs) {
            for ownership in ownerships {
                switch ownership {
                case .otherCatalog, .insideAnotherFolder, .unreadableMarker:
                    return OutputRefusal(path: root, .notOwned(ownership.reason(for: root) ?? ""))
                default: continue
                }
            }
        }
        let writable = catalogs.filter { !readOnly.contains($0.key) }.map(\.value)
        guard let catalog = writable.first, Set(writable.compactMap(\.identity)).count == 1 else { return nil }
        catalog.markAsOurs(outputFolder)
        return nil
    }

    /// The catalog of `folder`, opened once: `catalogPath` (created when
    /// missing), else the folder's own when it has one. One that cannot be
    /// written but can be read is kept read-only, and told.
    private func catalog(of folder: String) throws(CatalogError) -> Catalog? {
        if let open = catalogs[folder] { return open }
        if catalogPath == nil && !FileBytes.exists(Catalog.defaultPath(for: folder)) { return nil }
        do throws(CatalogError) {
            let catalog = try CatalogLocator.open(folder: folder, path: catalogPath, access: catalogPath != nil ? .create : .write)
            catalogs[folder] = catalog
            return catalog
        } catch {
            guard case .notWritable = error,
                  let catalog = try? CatalogLocator.open(folder: folder, path: catalogPath, access: .read) else { throw error }
            catalogs[folder] = catalog
            readOnly.insert(folder)
            if toldReadOnly.insert(catalog.path).inserted { notes(.readOnly(catalogPath: catalog.path, reason: error.reason)) }
            return catalog
        }
    }
}
