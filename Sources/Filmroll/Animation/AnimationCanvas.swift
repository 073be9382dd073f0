import Imaging

/// The frame of a day's animation and how each photo sits in it: a photo
/// of the canvas's shape fills it (cropped by at most the tolerance); a
/// photo of another shape is shown whole, centred on a blurred, darkened
/// cover of itself (`Image.blurredBackdrop`), never cropped.
struct AnimationCanvas: Sendable, Hashable {
    /// How far (as a ratio of aspects) a photo's shape may be from the
    /// canvas's and still fill it: 5 %.
    static let shapeTolerance = 1.05

    var size: PixelSize

    /// Whether a photo of upright `size` has the canvas's shape, within the tolerance.
    func isFilled(by photo: PixelSize) -> Bool {
        Self.sameShape(photo, size)
    }

    /// The resize a photo of upright `size` is decoded at: the canvas as a
    /// centred cover for a photo of its shape (or of unknown size, which
    /// cannot be told), else the whole photo inside the canvas (as a square
    /// box of its long side, which a larger thumbnail's result can give).
    func resize(for photo: PixelSize?) -> ImageProcessors.Resize {
        guard let photo, photo.width > 0, photo.height > 0, !isFilled(by: photo) else {
            return ImageProcessors.Resize(target: TargetSize(width: size.width, height: size.height, fit: .cover),
                                          upscale: true)
        }
        return ImageProcessors.Resize(edge: containedLongSide(of: photo), fit: .inside, upscale: true)
    }

    /// The frame for `image`, a photo decoded at `resize(for:)`: the image
    /// itself when it is the canvas's size, else the image whole, centred on
    /// its blurred backdrop. Always exactly the canvas's size.
    func frame(from image: Image) -> Image {
        if image.size == size { return image }
        var picture = image
        if image.width > size.width || image.height > size.height {
            // Not from `resize(for:)`; shown whole all the same.
            picture = image.resized(to: TargetSize(width: size.width, height: size.height, fit: .inside)
                .resultSize(for: image.size, upscale: true))
        }
        return picture.placedCentered(on: image.blurredBackdrop(size: size))
    }

    /// The long side of `photo` scaled to fit inside the canvas: rounded
    /// down, so that its short side, rounded, still fits.
    private func containedLongSide(of photo: PixelSize) -> Int {
        let scale = min(Double(size.width) / Double(photo.width), Double(size.height) / Double(photo.height))
        let long = Double(max(photo.width, photo.height)) * scale
        let limit = photo.width >= photo.height ? size.width : size.height
        return max(1, min(limit, Int((long + 1e-6).rounded(.down))))
    }

    /// Whether two sizes have the same shape within the tolerance.
    static func sameShape(_ first: PixelSize, _ second: PixelSize) -> Bool {
        let ratio = aspect(first) / aspect(second)
        return max(ratio, 1 / ratio) <= shapeTolerance
    }

    static func aspect(_ size: PixelSize) -> Double {
        Double(max(1, size.width)) / Double(max(1, size.height))
    }
}
