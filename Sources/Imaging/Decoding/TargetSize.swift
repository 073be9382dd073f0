/// The size a caller needs an image at: a box and how the image fits it.
public struct TargetSize: Sendable, Hashable {
    public enum Fit: String, Sendable, Hashable, CaseIterable {
        /// The whole image inside the box, aspect kept (longest edge = box).
        case inside
        /// The box filled, aspect kept; the excess is cropped later.
        case cover
    }

    public var width: Int
    public var height: Int
    public var fit: Fit

    public init(width: Int, height: Int, fit: Fit = .inside) {
        precondition(width > 0 && height > 0, "a target size has at least one pixel")
        self.width = width
        self.height = height
        self.fit = fit
    }

    /// A square box: the longest edge at most `edge` (inside) or the
    /// shortest edge at least `edge` (cover).
    public static func edge(_ edge: Int, fit: Fit = .inside) -> TargetSize {
        TargetSize(width: edge, height: edge, fit: fit)
    }

    /// The factor that takes `size` to this target (below 1 shrinks).
    public func scale(for size: PixelSize) -> Double {
        let horizontal = Double(width) / Double(size.width)
        let vertical = Double(height) / Double(size.height)
        return fit == .inside ? min(horizontal, vertical) : max(horizontal, vertical)
    }

    /// `size` resized to this target, aspect kept, never below 1 pixel.
    /// Without `upscale`, an image smaller than the target keeps its size.
    public func resultSize(for size: PixelSize, upscale: Bool = false) -> PixelSize {
        var factor = scale(for: size)
        if !upscale { factor = min(factor, 1) }
        let resultWidth = max(1, Int((Double(size.width) * factor).rounded()))
        let resultHeight = max(1, Int((Double(size.height) * factor).rounded()))
        return PixelSize(width: resultWidth, height: resultHeight)
    }

    /// The same box seen in stored orientation, for an image whose
    /// orientation swaps width and height.
    public var transposed: TargetSize { TargetSize(width: height, height: width, fit: fit) }
}
