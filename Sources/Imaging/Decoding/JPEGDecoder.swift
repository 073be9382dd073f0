/// Decodes JPEGs, shrinking while decoding when the caller needs less
/// than full size, and reading EXIF and XMP from the APP1 segments.
/// XMP fills in the date and camera EXIF lacks, never the orientation:
/// a JPEG's orientation is its EXIF's alone, as browsers and libvips read it.
struct JPEGDecoder: ImageDecoding {
    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try JPEGCodec.readHeader(bytes)
        var metadata = ImageMetadata()
        if let exif = bytes.slice(header.exifRange) { EXIFReader.read(exif, into: &metadata) }
        if let xmp = bytes.slice(header.xmpRange) { XMPReader.read(xmp, into: &metadata) }
        return ImageInfo(format: .jpeg, storedSize: header.size, metadata: metadata,
                         colorModel: header.colorModel, isProgressive: header.isProgressive)
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        // The target is upright; the DCT scale applies to the stored image.
        let numerator = ShrinkOnLoad.jpegScale(for: info, target: options.target)
        let scaled = JPEGCodec.scaledSize(info.storedSize, numerator: numerator)
        let format: PixelFormat = info.colorModel == "gray" ? .gray8 : .rgb8
        let image = try JPEGCodec.decode(bytes, scaledSize: scaled, numerator: numerator, format: format,
                                         maxScans: options.limits.maxProgressiveScans)
        return ([ImageFrame(image: image)], numerator)
    }
}
