/// Inflates a tile or a directory (gzip, zlib or raw deflate, through
/// libdeflate) with a hard cap on its inflated size: a blob that would
/// inflate past `limit` is an error, not an allocation without bound.
enum TileInflater {
    /// How a blob is compressed.
    enum Compression: Sendable, Hashable {
        case none, gzip, zlib, deflate

        /// gzip or zlib by their magic bytes, else none.
        static func sniffed(_ bytes: [UInt8]) -> Compression {
            if bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b { return .gzip }
            if bytes.count >= 2 && bytes[0] & 0x0f == 8 && (UInt16(bytes[0]) << 8 | UInt16(bytes[1])) % 31 == 0 { return .zlib }
            return .none
        }
    }

    /// 16 MB: far more than any real tile (they are kept under 500 KB).
    static let defaultLimit = 16 << 20

    /// `bytes` inflated, or a reason.
    static func inflate(_ bytes: [UInt8], _ compression: Compression, limit: Int = defaultLimit) throws(VectorTileDecodingError) -> [UInt8] {
        let format: Inflater.Format
        switch compression {
        case .none:
            guard bytes.count <= limit else { throw VectorTileDecodingError(reason: "\(bytes.count) bytes, more than \(limit)") }
            return bytes
        case .gzip: format = .gzip
        case .zlib: format = .zlib
        case .deflate: format = .deflate
        }
        do {
            return try Inflater.inflate(bytes, format, limit: limit)
        } catch {
            throw VectorTileDecodingError(reason: error.reason)
        }
    }
}
