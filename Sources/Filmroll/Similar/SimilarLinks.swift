import Catalog

/// What the plans take of the similar groups `process` keeps in the
/// catalog: the other copies of each set, by its best photo's row (the
/// best is the set's one item: one tile, its copies listed on its page),
/// and, for each photo of a burst or similar group, its group's best (a
/// day's sheet and animation show one photo of a group).
struct SimilarLinks: Sendable {
    var copies: [Int64: [PhotoRecord]] = [:]
    var groupLead: [Int64: Int64] = [:]

    static func read(_ catalog: Catalog) throws(DatabaseError) -> SimilarLinks {
        var links = SimilarLinks(copies: try catalog.copyFrames())
        for member in try catalog.similarMembers() where member.kind != SimilarGroup.Kind.copy.rawValue {
            links.groupLead[member.photoID] = member.leadID
        }
        return links
    }

    /// `items` (in order) with one of each group: its best when among them, else its first.
    func distinct<Item>(_ items: [Item], id: (Item) -> Int64) -> [Item] {
        guard !groupLead.isEmpty else { return items }
        let present = Set(items.map(id))
        var seen = Set<Int64>()
        return items.filter { item in
            let photo = id(item)
            guard let lead = groupLead[photo] else { return true }
            if present.contains(lead) { return photo == lead }
            return seen.insert(lead).inserted
        }
    }
}
