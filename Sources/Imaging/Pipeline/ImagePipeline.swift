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
    ///   - chain: the sizes of the photo's own outputs in its plan (its
    ///     thumbnails), whether asked now or not. When given, the file is
    ///     decoded for the chain's neediest size, the chain's sizes are made
    ///     largest first each from the one before it that can derive it,
    ///     and any other size from the smallest chain result that can (else
    ///     from the decode): so every size comes out the same whatever else
    ///     is asked with it (a thumbnail made alone, with a day's sheet, or
    ///     by a shard that makes no sheets). A size needing more detail than
    ///     the chain's decode gives is decoded on its own. Nil: the decode
    ///     is for the neediest size asked and each size is made from the
    ///     smallest larger result that can derive it.
    ///   - threads: threads one resize may use (more than 1 only when the
    ///     batch has fewer files than cores).
    /// - Returns: one image per resize, in the same order.
    public func images(for source: SourceIdentity, resizes: [ImageProcessors.Resize],
                       chain: [ImageProcessors.Resize]? = nil, threads: Int = 1) throws(ImagingError) -> [Image] {
        var results = resizes.map { memoryCache.value(forKey: ImageRequest(source: source, resize: $0)) }
        var missing = resizes.indices.filter { results[$0] == nil }
        if missing.isEmpty { return results.map { $0! } }

        let file = try ImageFile.open(source.path, limit: configuration.limits.maxFileBytes)
        let info = try file.readInfo(limits: configuration.limits)
        let upright = info.uprightSize
        let chain = chain.flatMap { $0.isEmpty ? nil : $0 }
        // Decode for the resize that needs the most detail (not always the largest output).
        func scale(_ resize: ImageProcessors.Resize) -> Double { resize.target.scale(for: upright) }
        let chainNeed = chain?.map(scale).max()
        if let chainNeed {
            // Sizes beyond what the chain's decode gives: a decode of their own.
            let alone = missing.filter { !chain!.contains(resizes[$0]) && scale(resizes[$0]) > chainNeed }
            if !alone.isEmpty {
                let made = try images(for: source, resizes: alone.map { resizes[$0] }, threads: threads)
                for (index, image) in zip(alone, made) { results[index] = image }
                missing.removeAll { alone.contains($0) }
                if missing.isEmpty { return results.map { $0! } }
            }
        }
        // Made in this order, largest first; with a chain, the chain's sizes first.
        let steps: [ImageProcessors.Resize]
        if let chain {
            var unique: [ImageProcessors.Resize] = []
            for resize in chain where !unique.contains(resize) { unique.append(resize) }
            steps = unique.sorted { $0.outputSize(for: upright).pixelCount > $1.outputSize(for: upright).pixelCount }
        } else {
            steps = missing.map { resizes[$0] }
                .sorted { $0.outputSize(for: upright).pixelCount > $1.outputSize(for: upright).pixelCount }
        }
        let neediest = (chain ?? missing.map { resizes[$0] }).max { scale($0) < scale($1) }!
        let orientation = info.metadata.orientation
        // Orientation and colour are applied to the small results, not the
        // decode: the decode keeps the file's colours, each resize works in
        // them, and each result is converted to sRGB once.
        let options = DecodeOptions(target: neediest.upscale && neediest.target.scale(for: upright) > 1 ? nil : neediest.target,
                                    frames: .first, limits: configuration.limits, appliesOrientation: false,
                                    codecThreads: threads)
        // The file's bytes are held through the decode, and the results are made in it: they count too.
        let resultBytes = (steps + missing.map { resizes[$0] }).reduce(0) { total, resize in
            let size = resize.outputSize(for: upright)
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
            func make(_ resize: ImageProcessors.Resize, from made: [(resize: ImageProcessors.Resize, image: Image)]) -> Image {
                let pixels = resize.outputSize(for: upright).pixelCount
                if let larger = made.last(where: {
                    $0.image.size.pixelCount >= pixels && $0.resize.canDerive(resize, fromResultOf: $0.image.size)
                })?.image {
                    return resize.apply(larger, original: upright, threads: threads)
                }
                return resize.apply(decoded, original: upright, orientation: orientation, threads: threads)
            }
            var stepResults: [(resize: ImageProcessors.Resize, image: Image)] = []
            for step in steps { stepResults.append((step, make(step, from: stepResults))) }
            return missing.map { index in
                let resize = resizes[index]
                if let result = stepResults.first(where: { $0.resize == resize }) { return (index, result.image) }
                return (index, make(resize, from: stepResults))
            }
        }
        for (index, made) in made {
            let image = made.convertedToSRGB()
            results[index] = image
            memoryCache.set(image, forKey: ImageRequest(source: source, resize: resizes[index]), cost: image.pixels.count)
        }
        return results.map { $0! }
    }
}
