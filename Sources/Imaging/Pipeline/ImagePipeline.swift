import Files
import Synchronization

/// The one way Filmroll gets a resized, upright image of a photo.
///
/// Requests are answered from an LRU memory cache when possible; otherwise
/// the file is read, its header checked, its bytes reserved against the
/// run's `MemoryBudget`, and it is decoded once (shrinking on load) for the largest size
/// asked; smaller sizes are derived from that result. Thumbnails, four-cut
/// cells and GIF frames all come through here.
public final class ImagePipeline: Sendable {
    public struct Configuration: Sendable {
        /// Bytes of images the memory cache keeps.
        public var memoryCostLimit = 256 << 20
        /// Images the memory cache keeps.
        public var memoryCountLimit = 2_000
        /// An image larger than this (bytes) is not cached in memory.
        public var memoryEntryCostLimit = 64 << 20
        /// The run's memory budget: decodes in flight reserve from it, and
        /// the memory cache holds no more than its share.
        public var memory = MemoryBudget()
        public var limits = DecodeLimits.default
        /// Called with a file's path and each warning its decode went past
        /// (see `DecodedImage.warnings`); a cache hit decodes nothing and warns nothing.
        public var onWarning: (@Sendable (_ path: String, _ warning: String) -> Void)?

        public init() {}
    }

    public let configuration: Configuration
    let memoryCache: LRUCache<ImageRequest, Image>
    private let decodes = Atomic<Int>(0)

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let cacheBytes = configuration.memory.cacheBytes
        memoryCache = LRUCache(costLimit: min(configuration.memoryCostLimit, cacheBytes),
                               countLimit: configuration.memoryCountLimit,
                               entryCostLimit: min(configuration.memoryEntryCostLimit, cacheBytes))
    }

    /// How many files the pipeline has decoded (cache hits decode nothing).
    public var decodeCount: Int { decodes.load(ordering: .relaxed) }

    /// The image for one request.
    public func image(for request: ImageRequest, threads: Int = 1) throws(ImagingError) -> Image {
        try images(for: request.source, resizes: [request.resize], threads: threads)[0]
    }

    /// Images of one source in several sizes, decoding the file at most once.
    /// - Parameters:
    ///   - threads: threads one resize may use (more than 1 only when the
    ///     batch has fewer files than cores).
    /// - Returns: one image per resize, in the same order.
    public func images(for source: SourceIdentity, resizes: [ImageProcessors.Resize],
                       threads: Int = 1) throws(ImagingError) -> [Image] {
        var results = resizes.map { memoryCache.value(forKey: ImageRequest(source: source, resize: $0)) }
        let missing = resizes.indices.filter { results[$0] == nil }
        if missing.isEmpty { return results.map { $0! } }

        let file = try ImageFile.open(source.path, limit: configuration.limits.maxFileBytes)
        let info = try file.readInfo(limits: configuration.limits)
        let upright = info.uprightSize
        // Largest output first; each smaller one is derived from a larger
        // result of the same shape when there is one, else from the decode.
        let order = missing.sorted { resizes[$0].outputSize(for: upright).pixelCount > resizes[$1].outputSize(for: upright).pixelCount }
        // Decode for the resize that needs the most detail (not always the largest output).
        let neediest = missing.map { resizes[$0] }.max { $0.target.scale(for: upright) < $1.target.scale(for: upright) }!
        let orientation = info.metadata.orientation
        // Orientation and colour are applied to the small results, not the
        // decode: the decode keeps the file's colours, each resize works in
        // them, and each result is converted to sRGB once.
        let options = DecodeOptions(target: neediest.upscale && neediest.target.scale(for: upright) > 1 ? nil : neediest.target,
                                    frames: .first, limits: configuration.limits, appliesOrientation: false,
                                    codecThreads: threads)
        // The file's bytes are held through the decode, and the results are made in it: they count too.
        let resultBytes = missing.reduce(0) { total, index in
            let size = resizes[index].outputSize(for: upright)
            return total.addingReportingOverflow(size.width.multipliedReportingOverflow(by: size.height * 4).partialValue).partialValue
        }
        let planned = ImageDecoder.plannedBytes(info, options: options).addingReportingOverflow(file.bytes?.count ?? 0)
        let withResults = planned.partialValue.addingReportingOverflow(resultBytes)
        let reservation = planned.overflow || withResults.overflow ? Int.max : withResults.partialValue
        let made: [(Int, Image)] = try configuration.memory.withReservation(reservation, for: info.storedSize) {
            () throws(ImagingError) -> [(Int, Image)] in
            // Decoded as stored; each resize writes its result upright.
            let decodedImage = try file.decode(info: info, options: options)
            let decoded = decodedImage.image
            decodes.add(1, ordering: .relaxed)
            for warning in decodedImage.warnings { configuration.onWarning?(source.path, warning) }
            var made: [(Int, Image)] = []
            for index in order {
                let resize = resizes[index]
                if let larger = made.last(where: { resizes[$0.0].canDerive(resize, fromResultOf: $0.1.size) })?.1 {
                    made.append((index, resize.apply(larger, original: upright, threads: threads)))
                } else {
                    made.append((index, resize.apply(decoded, original: upright, orientation: orientation, threads: threads)))
                }
            }
            return made
        }
        for (index, made) in made {
            let image = made.convertedToSRGB()
            results[index] = image
            memoryCache.set(image, forKey: ImageRequest(source: source, resize: resizes[index]), cost: image.pixels.count)
        }
        return results.map { $0! }
    }
}
