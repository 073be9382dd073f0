/// A decoder for one format: the header first, then the pixels.
protocol ImageDecoding: Sendable {
    /// Reads the header and metadata; decodes no pixels.
    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo

    /// Decodes frames as stored (not yet upright), choosing a shrink-on-load
    /// scale when the format has one. Limits were checked by the caller.
    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int)

    /// See the extension's default.
    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize

    /// `decodeStored`, with the damage the decode went past (see
    /// `DecodedImage.warnings`). By default there is none to tell.
    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String])
}

extension ImageDecoding {
    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String]) {
        let (frames, scale) = try decodeStored(bytes, info: info, options: options)
        return (frames, scale, [])
    }

    /// Frames the decode will produce, for the limit check.
    func decodedFrameCount(_ info: ImageInfo, options: DecodeOptions) -> Int {
        options.frames == .all ? info.metadata.frameCount : 1
    }

    /// The size of each decoded frame (as stored): smaller than stored
    /// when the format shrinks on load.
    func decodedSize(_ info: ImageInfo, options: DecodeOptions) -> PixelSize { info.storedSize }
}

extension UnsafeRawBufferPointer {
    /// The bytes in `range`, or nil when the range is missing or outside.
    func slice(_ range: Range<Int>?) -> UnsafeRawBufferPointer? {
        guard let range, range.lowerBound >= 0, range.upperBound <= count else { return nil }
        return UnsafeRawBufferPointer(rebasing: self[range])
    }
}
