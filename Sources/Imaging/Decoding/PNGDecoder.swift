/// Decodes PNGs of every colour type, depth and interlace to RGBA8 (RGB8
/// when they have no alpha or tRNS), and
/// reads EXIF from the eXIf chunk (else from ImageMagick's "Raw profile type
/// exif" text) and XMP from the iTXt "XML:com.adobe.xmp" text. XMP fills in
/// what EXIF lacks, the orientation included.
struct PNGDecoder: ImageDecoding {
    func readInfo(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> ImageInfo {
        let header = try PNGCodec.readHeader(bytes, limits: limits)
        var metadata = ImageMetadata()
        if let exif = bytes.slice(header.exifRange) {
            EXIFReader.read(exif, into: &metadata)
        } else if let exif = header.rawProfileEXIF {
            exif.withUnsafeBytes { EXIFReader.read($0, into: &metadata) }
        }
        if let xmp = header.xmp {
            xmp.withUnsafeBytes { XMPReader.read($0, into: &metadata, includingOrientation: true) }
        }
        return ImageInfo(format: .png, storedSize: header.size, metadata: metadata, colorModel: header.colorModel,
                         isProgressive: header.isInterlaced, hasAlpha: header.hasAlpha,
                         colorSpace: PNGCodec.readColorSpace(bytes, limits: limits), warnings: header.warnings)
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let (frames, scale, _) = try decodeStoredWithWarnings(bytes, info: info, options: options)
        return (frames, scale)
    }

    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String]) {
        let (image, warnings) = try PNGCodec.decode(bytes, size: info.storedSize, hasAlpha: info.hasAlpha, limits: options.limits)
        return ([ImageFrame(image: image)], 8, warnings)
    }
}
