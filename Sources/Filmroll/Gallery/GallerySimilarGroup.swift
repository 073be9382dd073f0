import Imaging

/// A group of similar photos as the "Similar photos" page lists it
/// (`SimilarPage`): its kind, its best photo first, then the others.
public struct GallerySimilarGroup: Sendable, Hashable {
    /// One photo of the group: its path in the folder, and its tile and
    /// page when it is an item of the gallery (a folded copy or a burst's
    /// other frame has none; its best's page lists it).
    public struct Member: Sendable, Hashable {
        public var path: String
        public var thumbnail: String?
        public var thumbnailSize: PixelSize?
        public var page: String?

        public init(path: String, thumbnail: String? = nil, thumbnailSize: PixelSize? = nil, page: String? = nil) {
            self.path = path
            self.thumbnail = thumbnail
            self.thumbnailSize = thumbnailSize
            self.page = page
        }
    }

    public var kind: SimilarGroup.Kind
    /// The best first.
    public var members: [Member]
    public var distance: Int

    public init(kind: SimilarGroup.Kind, members: [Member], distance: Int) {
        self.kind = kind
        self.members = members
        self.distance = distance
    }
}
