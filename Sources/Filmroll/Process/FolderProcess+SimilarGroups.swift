import Catalog

extension FolderProcess {
    /// Groups the library's fingerprinted stills again (`SimilarPhotos`;
    /// none with `--no-similar`) and keeps the groups in the catalog.
    /// Returns the rows whose group changed (a member gained or lost, and
    /// the best of each group that did: its tile and page change); empty
    /// when none did.
    func regroupSimilar(catalog: Catalog) throws -> Set<Int64> {
        do {
            var members: [Catalog.SimilarMember] = []
            if options.findsSimilar {
                for group in SimilarPhotos().groups(try catalog.fingerprintedPhotos(recipe: PhotoFingerprint.recipe)) {
                    members += group.photos.map {
                        Catalog.SimilarMember(photoID: $0.id, kind: group.kind.rawValue, leadID: group.best.id,
                                              distance: group.distance)
                    }
                }
            }
            let before = Set(try catalog.similarMembers())
            let changed = before.symmetricDifference(members)
            guard !changed.isEmpty else { return [] }
            try catalog.storeSimilarGroups(members)
            return Set(changed.flatMap { [$0.photoID, $0.leadID] })
        } catch let error as DatabaseError {
            throw CatalogError(error, catalog: catalog)
        }
    }
}

extension ProcessScope {
    /// This scope with the days (and undated photos) of `photos` changed
    /// too, planned anew from the catalog's counts as they are now; nil
    /// when that is more than a scope holds.
    func widened(by photos: Set<Int64>, catalog: Catalog, out: String,
                 hiddenPlaces: HiddenPlaces) throws(DatabaseError) -> ProcessScope? {
        let (days, undated) = try catalog.placement(ofPhotos: photos)
        let changed = changedDays.union(days), paths = self.undated.union(undated)
        guard changed.count + paths.count <= Self.limit else { return nil }
        let scope = Self.around(days: changed, undated: paths, itemDays: try catalog.itemDays(), sharedStems: sharedStems,
                                sameDates: sameDates)
        return try scope.widenedForTrips(catalog: catalog, out: out, hiddenPlaces: hiddenPlaces)
    }
}
