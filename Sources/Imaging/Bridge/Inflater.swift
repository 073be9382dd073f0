import CImaging

/// Inflates gzip, zlib or raw deflate data through libdeflate with a hard
/// cap on the output: data that would inflate past `limit` bytes is an
/// error, not an allocation without bound (cimg_inflate grows its buffer
/// up to the cap). For vector tiles and PMTiles directories.
public enum Inflater {
    public enum Format: Sendable, Hashable { case gzip, zlib, deflate }

    /// Why data could not be inflated: one sentence.
    public struct Failure: Error, Sendable, Hashable {
        public var reason: String
        /// True when the data inflates to more than the limit.
        public var isOverLimit: Bool
    }

    public static func inflate(_ bytes: [UInt8], _ format: Format, limit: Int) throws(Failure) -> [UInt8] {
        let code: cimg_inflate_format = switch format {
        case .gzip: CIMG_INFLATE_GZIP
        case .zlib: CIMG_INFLATE_ZLIB
        case .deflate: CIMG_INFLATE_RAW
        }
        var output = cimg_buffer()
        var error = cimg_error()
        let status = bytes.withUnsafeBufferPointer {
            cimg_inflate($0.baseAddress, $0.count, Int32(code.rawValue), limit, &output, &error)
        }
        guard status == 0 else {
            throw Failure(reason: cTextField(error.message), isOverLimit: status == Int32(CIMG_ERR_LIMIT.rawValue))
        }
        return output.takeBytes()
    }
}
