import CImaging

/// LibRaw through CImaging: a camera RAW file's header, its embedded
/// preview's bytes, and a full decode by LibRaw's own processing.
enum RAWCodec {
    struct Header {
        var make: String?
        var model: String?
        var lens: String?
        /// DateTimeOriginal as the camera's clock showed it ("YYYY:MM:DD HH:MM:SS").
        var dateTime: String?
        var iso: Double?
        var shutterSeconds: Double?
        var aperture: Double?
        var focalLength: Double?
        var gps: GPSCoordinate?
        /// The sensor's pixels, margins included: what unpacking allocates.
        var rawSize: PixelSize
        /// A full decode, as stored (not flipped).
        var size: PixelSize
        /// A half-size decode (LibRaw's shrink-on-load); `size` when it cannot shrink.
        var halfSize: PixelSize
        var orientation: Orientation
        var colors: Int
        var hasColorFilter: Bool
        /// "1.4.0.0"; nil when the file is no DNG.
        var dngVersion: String?
        var preview: Preview?
    }

    /// The embedded preview LibRaw picks (the largest; LibRaw 0.20 tells no count).
    struct Preview: Hashable {
        typealias Kind = RAWContents.Preview.Kind

        var kind: Kind
        /// From the JPEG's own frame header when a JPEG.
        var size: PixelSize
        var byteCount: Int
    }

    /// Preview bytes: a JPEG stream as stored, or RGB8 pixels.
    enum PreviewData {
        case jpeg([UInt8])
        case bitmap(Image)
    }

    /// The cap on LibRaw's raw-data allocations for files within `limits`:
    /// four 16-bit channels per pixel at most (its largest raw layout), a
    /// little over for its tables, never above LibRaw's own default of 2 GB.
    static func rawMemoryMegabytes(_ limits: DecodeLimits) -> UInt32 {
        let bytes = limits.maxPixelsPerFrame.multipliedReportingOverflow(by: 8)
        let megabytes = bytes.overflow ? Int.max : bytes.partialValue / (1 << 20) + 64
        return UInt32(min(megabytes, 2048))
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer, limits: DecodeLimits) throws(ImagingError) -> Header {
        var info = cimg_raw_info()
        try checkCodec(.raw) {
            cimg_raw_read_info(bytes.uint8Base, bytes.count, rawMemoryMegabytes(limits), &info, $0)
        }
        func text(_ field: String) -> String? { field.isEmpty ? nil : field }
        func positive(_ value: Float) -> Double? { value > 0 && value.isFinite ? Double(value) : nil }
        var preview: Preview?
        let kind: Preview.Kind? = switch Int(info.preview_format) {
        case CIMG_RAW_PREVIEW_JPEG: .jpeg
        case CIMG_RAW_PREVIEW_BITMAP: .bitmap
        default: nil
        }
        if let kind, info.preview_width > 0, info.preview_height > 0 {
            preview = Preview(kind: kind, size: PixelSize(width: Int(info.preview_width), height: Int(info.preview_height)),
                              byteCount: info.preview_length)
        }
        let version = info.dng_version
        return Header(
            make: text(cTextField(info.make)), model: text(cTextField(info.model)), lens: text(cTextField(info.lens)),
            dateTime: text(cTextField(info.date_time)),
            iso: positive(info.iso), shutterSeconds: positive(info.shutter_seconds),
            aperture: positive(info.aperture), focalLength: positive(info.focal_length),
            gps: info.has_gps != 0 ? GPSCoordinate(reading: info.latitude, info.longitude) : nil,
            rawSize: PixelSize(width: Int(info.raw_width), height: Int(info.raw_height)),
            size: PixelSize(width: Int(info.width), height: Int(info.height)),
            halfSize: PixelSize(width: Int(info.half_width), height: Int(info.half_height)),
            orientation: Orientation(exifValue: Int(info.orientation)),
            colors: Int(info.colors), hasColorFilter: info.has_filter != 0,
            dngVersion: version == 0 ? nil
                : "\(version >> 24).\((version >> 16) & 0xFF).\((version >> 8) & 0xFF).\(version & 0xFF)",
            preview: preview)
    }

    /// The embedded preview's bytes, at most `maxBytes` of them.
    static func preview(_ bytes: UnsafeRawBufferPointer, maxBytes: Int) throws(ImagingError) -> PreviewData {
        var output = cimg_buffer()
        var kind: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0
        try checkCodec(.raw) {
            cimg_raw_copy_preview(bytes.uint8Base, bytes.count, maxBytes, &output, &kind, &width, &height, $0)
        }
        let data = output.takeBytes()
        if Int(kind) == CIMG_RAW_PREVIEW_JPEG { return .jpeg(data) }
        guard width > 0, height > 0, data.count == Int(width) * Int(height) * 3 else {
            throw .corrupt(.raw, "the embedded bitmap preview does not match its size")
        }
        return .bitmap(Image(width: Int(width), height: Int(height), format: .rgb8, pixels: data))
    }

    /// Decodes through LibRaw's processing (camera white balance, sRGB,
    /// 8 bits), as stored: `size` is the header's `size`, or its `halfSize`
    /// with `halfSize` true.
    static func decode(_ bytes: UnsafeRawBufferPointer, size: PixelSize, halfSize: Bool,
                       limits: DecodeLimits) throws(ImagingError) -> Image {
        var failure: ImagingError?
        let image = Image(width: size.width, height: size.height, format: .rgb8) { pixels in
            var error = cimg_error()
            if cimg_raw_decode(bytes.uint8Base, bytes.count, halfSize ? 1 : 0, rawMemoryMegabytes(limits),
                               pixels.baseAddress, size.width * 3, UInt32(size.width), UInt32(size.height),
                               &error) != 0 {
                failure = ImagingError(error, format: .raw)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return image
    }

    /// LibRaw's version, "0.20.2-Release".
    static var version: String { String(cString: cimg_raw_version()) }
}
