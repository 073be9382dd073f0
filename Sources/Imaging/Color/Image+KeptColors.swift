extension Image {
    /// The image `encoder` writes in the photo's own colours (`convert
    /// --keep-profile`), with a line for the user when it cannot keep them:
    /// - a profile that does not describe the pixels (a CMYK or grey one on
    ///   RGB pixels) or cannot be read is left out, and the pixels are
    ///   taken as sRGB, as browsers take them;
    /// - a profile the format refuses (libpng's checks: a PCS illuminant
    ///   other than D50, …) is converted from, to sRGB.
    ///
    /// An sRGB image, or a profile the format takes, comes back unchanged
    /// and without a line.
    public func keepingColors(for encoder: any ImageEncoding) -> (image: Image, note: String?) {
        guard !colorSpace.isSRGB, let profile = colorSpace.embeddableProfile else { return (self, nil) }
        guard let facts = profile.facts else {
            return (convertedToSRGB(), "its ICC profile cannot be read: written as sRGB, without it")
        }
        let name = facts.description.isEmpty ? "its ICC profile" : "its ICC profile \"\(facts.description)\""
        let pixels: ColorProfileFacts.DataSpace = format == .gray8 ? .gray : .rgb
        if facts.dataSpace != pixels {
            return (convertedToSRGB(), "\(name) is for \(facts.dataSpace.rawValue) pixels, not \(pixels.rawValue): "
                        + "written as sRGB, without it")
        }
        if let reason = encoder.refusal(of: profile, for: format) {
            return (convertedToSRGB(), "\(encoder.format.displayName) cannot embed \(name) (\(reason)): converted to sRGB")
        }
        return (self, nil)
    }
}
