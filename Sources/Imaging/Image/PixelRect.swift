/// A rectangle of pixels: origin at the top left.
public struct PixelRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// The largest rectangle of `aspect`'s proportions centred in `size`.
    public static func centered(aspect: PixelSize, in size: PixelSize) -> PixelRect {
        let wantedRatio = Double(aspect.width) / Double(aspect.height)
        var width = size.width, height = size.height
        if Double(width) / Double(height) > wantedRatio {
            width = max(1, min(size.width, Int((Double(height) * wantedRatio).rounded())))
        } else {
            height = max(1, min(size.height, Int((Double(width) / wantedRatio).rounded())))
        }
        return PixelRect(x: (size.width - width) / 2, y: (size.height - height) / 2, width: width, height: height)
    }
}
