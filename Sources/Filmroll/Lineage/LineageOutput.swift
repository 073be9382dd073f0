import Catalog

/// An output to record with the photos it was made from.
public struct LineageOutput: Sendable {
    public var kind: OutputRecord.Kind
    /// Where the output is (recorded as an absolute path).
    public var path: String
    /// The folder it is made in, inside which alone `prune` may delete it
    /// (an `--out` folder, the thumbnail store); nil: the folder holding `path`.
    public var root: String?
    /// What identifies the work that made it (a thumbnail's store key), so
    /// that a later run can tell the work is done.
    public var key: String?
    /// How it was made, as a JSON object's text.
    public var parameters: String
    /// The photos it was made from, in order.
    public var photos: [PhotoReference]

    public init(kind: OutputRecord.Kind, path: String, root: String? = nil, key: String? = nil, parameters: String,
                photos: [PhotoReference]) {
        self.kind = kind
        self.path = path
        self.root = root
        self.key = key
        self.parameters = parameters
        self.photos = photos
    }
}
