extension ImageProcessors {
    /// Resizes an upright image into a box: `inside` keeps the whole
    /// picture (longest edge = box), `cover` fills the box and crops the
    /// excess from the centre. Never enlarges unless `upscale`.
    public struct Resize: Sendable, Hashable, CustomStringConvertible {
        public var target: TargetSize
        public var upscale: Bool
        /// Where a cover crop cuts.
        public var anchor: CropAnchor

        public init(target: TargetSize, upscale: Bool = false, anchor: CropAnchor = .center) {
            self.target = target
            self.upscale = upscale
            self.anchor = anchor
        }

        /// A square box of `edge` pixels.
        public init(edge: Int, fit: TargetSize.Fit = .inside, upscale: Bool = false) {
            self.init(target: .edge(edge, fit: fit), upscale: upscale)
        }

        /// The size of the result for an upright image of `size`.
        public func outputSize(for size: PixelSize) -> PixelSize {
            guard target.fit == .cover else { return target.resultSize(for: size, upscale: upscale) }
            let box = PixelSize(width: target.width, height: target.height)
            if upscale || (size.width >= box.width && size.height >= box.height) { return box }
            // Too small to fill the box without enlarging: the largest box-shaped crop.
            return PixelRect.centered(aspect: box, in: size).size
        }

        /// Applies the resize to `image`, a decode of a picture whose full
        /// upright size is `original` (by default the image's own), stored
        /// with `orientation`: the output is upright, and its size follows
        /// from the original, so a shrunk-on-load decode gives exactly the
        /// size a full decode would. Turning happens as the small result
        /// is written.
        public func apply(_ image: Image, original: PixelSize? = nil, orientation: Orientation = .up,
                          threads: Int = 1) -> Image {
            let output = outputSize(for: original ?? orientation.uprightSize(of: image.size))
            let stored = orientation.swapsDimensions ? output.transposed : output
            // A cover crop is read in place by the resize, never copied.
            let region: PixelRect? = switch (target.fit, anchor) {
            case (.inside, _): nil
            case (.cover, .center): PixelRect.centered(aspect: stored, in: image.size)
            case (.cover, .smart): PixelRect.smart(aspect: stored, in: image)
            }
            return image.resized(to: stored, orientation: orientation, threads: threads, region: region)
        }

        /// Whether `smaller` can be made from this resize's result (of
        /// `size`) instead of from the decode: the same fit, box shape and
        /// crop anchor; or a centred cover crop taken from a whole-picture
        /// (`inside`) result with at least the pixels it needs.
        func canDerive(_ smaller: Resize, fromResultOf size: PixelSize) -> Bool {
            if target.fit == smaller.target.fit && anchor == smaller.anchor
                && target.width * smaller.target.height == smaller.target.width * target.height {
                return true
            }
            return target.fit == .inside && smaller.target.fit == .cover && smaller.anchor == .center
                && smaller.target.scale(for: size) <= 1
        }

        /// "256 inside", "512 cover", "100×300 inside upscale"
        public var description: String {
            let box = target.width == target.height ? "\(target.width)" : "\(target.width)×\(target.height)"
            return "\(box) \(target.fit.rawValue)" + (upscale ? " upscale" : "") + (anchor == .smart ? " smart" : "")
        }
    }
}
