extension Image {
    /// The image in sRGB, converted through its own colour space's profile
    /// (one lcms2 transform per distinct profile, cached); the same pixels,
    /// tagged sRGB, when they are sRGB already or cannot be converted (an
    /// unreadable profile, an HDR curve), as browsers show them.
    ///
    /// Call it once, on the image at its final size: after the last resize
    /// (which works in the file's own space, as libvips' thumbnail does) and
    /// before anything mixes it with other pixels.
    public func convertedToSRGB() -> Image {
        guard let profile = colorSpace.sourceProfile(),
              let transform = ColorManagement.transform(from: profile, input: ColorManagement.Input(format)) else {
            return taggedSRGB()
        }
        return transform.apply(to: self)
    }

    /// These pixels, said to be sRGB (nothing is converted).
    private func taggedSRGB() -> Image {
        if colorSpace.isSRGB { return self }
        var tagged = self
        tagged.colorSpace = .sRGB
        return tagged
    }
}
