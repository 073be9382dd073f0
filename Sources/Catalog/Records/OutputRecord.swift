/// Something Filmroll made: a thumbnail, a four-cut strip, an animated GIF or WebP, a video, a gallery page.
public struct OutputRecord: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case thumbnail
        case fourcut
        case gif
        /// An animated WebP (schema version 2 and later).
        case webp
        /// An H.264 MP4 (schema version 2 and later).
        case video
        /// A gallery page or its stylesheet (schema version 4 and later).
        case page
    }

    public var id: Int64
    public var kind: Kind
    /// Absolute path of the file made.
    public var path: String
    /// The folder it was made in (the folder's `.filmroll/...`, an `--out`
    /// folder), absolute; nil when recorded before schema version 3.
    public var root: String?
    /// Its size and hash as made; nil when recorded before schema version 3.
    public var identity: OutputIdentity?
    /// The processing parameters, as JSON.
    public var parameters: String
    /// When it was made, ISO 8601 UTC.
    public var madeAt: String

    init?(row: Row) {
        guard let kind = row["kind"].string.flatMap(Kind.init(rawValue:)) else { return nil }
        id = Int64(row["id"].int ?? 0)
        self.kind = kind
        path = row["path"].string ?? ""
        root = row["root"].string
        identity = row["bytes"].int.flatMap { bytes in row["hash"].string.map { OutputIdentity(bytes: bytes, hash: $0) } }
        parameters = row["parameters"].string ?? "{}"
        madeAt = row["made_at"].string ?? ""
    }
}
