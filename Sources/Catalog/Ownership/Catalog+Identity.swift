import Files

extension Catalog {
    /// The id kept in `catalog_identity`; nil when there is none (a
    /// catalog read as it is, made before schema version 10).
    func storedIdentity() -> String? {
        guard let id = try? database.value("SELECT id FROM catalog_identity LIMIT 1").string,
              CatalogIdentity.isWellFormed(id) else { return nil }
        return id
    }

    /// The folder the catalog file lies in, when it is a `.filmroll`
    /// (the folder's own, or its shards' beside it): the catalog's home,
    /// whose marker names it.
    var homeFilmrollFolder: String? {
        let absolute = AbsolutePath.of(path)
        guard let slash = absolute.lastIndex(of: "/"), slash != absolute.startIndex else { return nil }
        let home = String(absolute[..<slash])
        return home.hasSuffix("/.filmroll") ? home : nil
    }

    /// Gives the catalog its id, once: a catalog in a `.filmroll` takes
    /// the id its marker names (so the folder's catalog, its shards' and a
    /// rebuilt one are one owner), and marks that folder when unmarked; any
    /// other catalog keeps its own id, made on first open.
    /// - Returns: the id.
    func establishIdentity() throws -> String {
        let stored = storedIdentity()
        var id = stored ?? CatalogIdentity.make()
        if let home = homeFilmrollFolder {
            switch OutputRootMarker.read(in: home) {
            case .catalog(let marked): id = marked
            case .none: if case .catalog(let marked) = OutputRootMarker.write(id: id, in: home) { id = marked }
            case .unreadable: break
            }
        }
        if id != stored { try store(identity: id) }
        return id
    }

    /// Takes the id the marker of `folder`'s own `.filmroll` names, when it
    /// has one: a catalog made for one run (`--no-catalog`) acts for the folder.
    public func adoptIdentity(ofFolder folder: String) throws(CatalogError) {
        guard case .catalog(let id) = OutputRootMarker.read(in: AbsolutePath.of(folder) + "/.filmroll") else { return }
        do {
            try adoptIdentity(id)
        } catch {
            throw CatalogError(error, catalog: self)
        }
    }

    /// Takes `id` as the catalog's own (a rebuilt catalog, its old id).
    func adoptIdentity(_ id: String) throws {
        try store(identity: id)
        identity = id
    }

    /// Writes `id` as the one row of `catalog_identity`.
    private func store(identity id: String) throws {
        try database.transaction {
            try database.execute("DELETE FROM catalog_identity")
            try database.execute("INSERT INTO catalog_identity (id) VALUES (?)", [id])
        }
    }

    /// Rewrites output paths and roots inside the folder as relative to it
    /// (schema version 10, `OutputPathCodec`).
    func storeOutputPathsRelative() throws(DatabaseError) {
        let prefix = pathCodec.folderPrefix
        let length = prefix.unicodeScalars.count
        // substr counts code points, as unicodeScalars does.
        try database.execute("""
            UPDATE OR IGNORE outputs SET path = substr(path, ?) WHERE substr(path, 1, ?) = ? AND length(path) > ?
            """, [length + 1, length, prefix, length])
        try database.execute("""
            UPDATE outputs SET root = substr(root, ?) WHERE substr(root, 1, ?) = ? AND length(root) > ?
            """, [length + 1, length, prefix, length])
    }
}
