extension ImagingError {
    /// Which limit an image or a run passed, with the value and the
    /// maximum: `.limitExceeded(.frames(count: 12, maximum: 10))`. Prints
    /// the sentence after "limit exceeded: ".
    ///
    /// A limit reported by the C side (`CIMG_ERR_LIMIT`) keeps its words
    /// (`.decoder`). A string literal or interpolation makes a described
    /// limit, so `throw .limitExceeded("more than \(n) tiles")` reads as
    /// before; prefer a case that says which limit.
    public enum Limit: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
        /// A file of `size` bytes, more than `maximum` (`DecodeLimits.maxFileBytes`).
        case fileBytes(size: Int, maximum: Int)
        /// More frames than `maximum` (`DecodeLimits.maxFrames`): `count`
        /// when the header says, nil when counted while decoding.
        case frames(count: Int?, maximum: Int)
        /// A video given more frames than its encoder takes (`VideoOptions.maxFrames`).
        case videoFrames(maximum: Int)
        /// A slideshow that would have `count` frames, more than `maximum`.
        case slideshowFrames(count: Int, maximum: Int)
        /// Decoding an image of `size` needs `bytes`, more than the `available`
        /// part of the run's memory budget of `budget` bytes (`--memory`).
        case decodeMemory(size: PixelSize, bytes: Int, available: Int, budget: Int)
        /// Encoding a video of `size` needs about `bytes`, more than the
        /// memory budget of `budget` bytes leaves for it.
        case encodeMemory(size: PixelSize, bytes: Int, budget: Int)
        /// A limit a decoder or encoder reported from C, in its words
        /// ("too many progressive scans (more than 500)").
        case decoder(String)
        /// Any other limit, as a sentence.
        case described(String)

        public init(stringLiteral value: String) {
            self = .described(value)
        }

        public init(stringInterpolation: DefaultStringInterpolation) {
            self = .described(String(stringInterpolation: stringInterpolation))
        }

        public var description: String {
            switch self {
            case let .fileBytes(_, maximum): "file is larger than \(maximum) bytes"
            case let .frames(count?, maximum): "too many frames (\(count), more than \(maximum))"
            case let .frames(nil, maximum): "too many frames (more than \(maximum))"
            case .videoFrames(let maximum): "a video has at most \(maximum) frames"
            case let .slideshowFrames(count, maximum): "the slideshow would have \(count) frames, more than \(maximum)"
            case let .decodeMemory(size, bytes, available, budget):
                "decoding \(size) needs \(MemoryBudget.megabytes(bytes)), more than the memory budget "
                    + "leaves for it (\(MemoryBudget.megabytes(available)) of --memory \(MemoryBudget.megabytes(budget)))"
            case let .encodeMemory(size, bytes, budget):
                "encoding a \(size) video needs about \(MemoryBudget.megabytes(bytes)), more than the "
                    + "memory budget leaves for it (\(MemoryBudget.megabytes(budget)); raise --memory)"
            case .decoder(let text), .described(let text): text
            }
        }
    }
}
