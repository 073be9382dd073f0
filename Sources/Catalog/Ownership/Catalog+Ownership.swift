import Files

extension Catalog {
    /// Who owns `root` (an absolute folder, existing or not): the nearest
    /// marker at it or above it, reached from that marker's folder down
    /// without a symbolic link. A `.filmroll` of another photo folder on
    /// the way (its catalog there, unmarked) is that folder's.
    public func ownership(of root: String) -> RootOwnership {
        let root = AbsolutePath.of(root)
        let ownFilmroll = AbsolutePath.of(folder) + "/.filmroll"
        var folder = root
        var below: [String] = []
        while true {
            switch OutputRootMarker.read(in: folder) {
            case .catalog(let id):
                guard id == identity else { return .otherCatalog(markerFolder: folder) }
                if let link = Folders.firstSymbolicLink(from: folder, down: below.reversed()) { return .throughLink(link: link) }
                return .ours(markerFolder: folder)
            case .unreadable:
                return .unreadableMarker(markerFolder: folder)
            case .none:
                if folder.hasSuffix("/.filmroll"), folder != ownFilmroll, folder != homeFilmrollFolder,
                   CatalogFileKind.of(folder + "/catalog.sqlite").exists {
                    return .insideAnotherFolder(filmrollFolder: folder)
                }
            }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return .unmarked }
            below.append(String(folder[folder.index(after: slash)...]))
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// Marks `root` (made when missing) as this catalog's, when no marker is
    /// at it or above it.
    /// - Returns: the ownership afterwards (`.ours` when marked, or what
    ///   stood in the way; `.unmarked` when the marker could not be written).
    @discardableResult
    public func markAsOurs(_ root: String) -> RootOwnership {
        let ownership = ownership(of: root)
        guard ownership == .unmarked, let identity, access != .read else { return ownership }
        let root = AbsolutePath.of(root)
        guard (try? Folders.create(root)) != nil else { return .unmarked }
        OutputRootMarker.write(id: identity, in: root)
        return self.ownership(of: root)
    }
}
