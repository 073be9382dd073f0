extension Image {
    /// The image's colours, described by `space`, converted to sRGB; the
    /// image itself when it is sRGB already or cannot be converted.
    public func convertedToSRGB(from space: ColorSpace) -> Image {
        guard let profile = space.sourceProfile(),
              let transform = ColorManagement.transform(from: profile, input: ColorManagement.Input(format)) else {
            return self
        }
        return transform.apply(to: self)
    }
}
