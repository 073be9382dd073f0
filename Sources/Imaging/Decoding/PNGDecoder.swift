/// Decodes PNGs of every colour type, depth and interlace to RGBA8 (RGB8
/// when they have no alpha or tRNS), and
/// reads EXIF from the eXIf chunk (else from ImageMagick's "Raw profile type
/// exif" text) and XMP from the iTXt "XML:com.adobe.xmp" text. XMP fills in
/// what EXIF lacks, the orientation included. An animated PNG (APNG)
/// counts its frames; its still is the default image, its frames are
/// composited by `APNGFrameDecoder`.
extension ImageFormat {
    public static let png = ImageFormat(rawValue: "png", displayName: "PNG")
}

struct PNGDecoder: ImageDecoding {
    var format: ImageFormat { .png }
    var fileExtensions: [String] { ["png"] }
    var canAnimate: Bool { true }

    func sniff(_ head: [UInt8]) -> Bool { head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) }

    /// eXIf, else ImageMagick's "Raw profile type exif" text, as APP1.
    func exifPayload(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let header = try? PNGCodec.readHeader(bytes, limits: .default) else { return nil }
        let prefix = Array("Exif\0\0".utf8)
        if let slice = bytes.slice(header.exifRange) { return prefix + Array(slice) }
        guard let profile = header.rawProfileEXIF else { return nil }
        return profile.starts(with: prefix) ? profile : prefix + profile
    }

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
        var warnings = header.warnings
        do throws(APNGAnimation.Damage) {
            if let animation = try APNGAnimation.read(bytes) {
                metadata.frameCount = animation.frames.count
                metadata.loop = animation.loop
            }
        } catch {
            warnings.append("its animation cannot be played (\(error.reason)); the still image is read")
        }
        return ImageInfo(format: .png, storedSize: header.size, metadata: metadata, colorModel: header.colorModel,
                         isProgressive: header.isInterlaced, hasAlpha: header.hasAlpha,
                         colorSpace: PNGCodec.readColorSpace(bytes, limits: limits), warnings: warnings)
    }

    func openFrames(_ bytes: [UInt8], info: ImageInfo) throws(ImagingError) -> (any FrameDecoding)? {
        animationFrames(bytes, info: info, limits: .default)
    }

    /// The APNG's frames, nil for a still (or an animation that cannot be played).
    private func animationFrames(_ bytes: [UInt8], info: ImageInfo, limits: DecodeLimits) -> APNGFrameDecoder? {
        guard info.metadata.frameCount > 1,
              let animation = bytes.withUnsafeBytes({ try? APNGAnimation.read($0) }) ?? nil else { return nil }
        return APNGFrameDecoder(bytes, animation: animation, hasAlpha: info.hasAlpha, limits: limits)
    }

    func decodeStored(_ bytes: UnsafeRawBufferPointer, info: ImageInfo,
                      options: DecodeOptions) throws(ImagingError) -> (frames: [ImageFrame], scale: Int) {
        let (frames, scale, _) = try decodeStoredWithWarnings(bytes, info: info, options: options)
        return (frames, scale)
    }

    func decodeStoredWithWarnings(_ bytes: UnsafeRawBufferPointer, info: ImageInfo, options: DecodeOptions)
        throws(ImagingError) -> (frames: [ImageFrame], scale: Int, warnings: [String]) {
        if options.frames == .all, let frames = animationFrames(Array(bytes), info: info, limits: options.limits) {
            var decoded: [ImageFrame] = []
            for _ in 0..<info.metadata.frameCount { decoded.append(try frames.next()) }
            return (decoded, 8, [])
        }
        let (image, warnings) = try PNGCodec.decode(bytes, size: info.storedSize, hasAlpha: info.hasAlpha, limits: options.limits)
        return ([ImageFrame(image: image)], 8, warnings)
    }
}
