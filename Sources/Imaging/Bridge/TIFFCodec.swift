import CImaging

/// libtiff through CImaging: the first page's header, ICC profile, EXIF and
/// XMP, and its pixels, shrunk while they are read.
///
/// Related documentation: TIFF 6.0 specification; libtiff's TIFFClientOpen(3tiff).
enum TIFFCodec {
    struct Header {
        /// The first page's size.
        var size: PixelSize
        /// Pages (directories) in the file.
        var pageCount: Int
        var samplesPerPixel: Int
        var bitsPerSample: Int
        /// IEEE floating-point samples (SampleFormat 3).
        var hasFloatSamples: Bool
        /// The samples' kind, from the photometric interpretation: gray, RGB, palette, CMYK, YCbCr, Lab, …
        var photometric: ColorModel.Kind
        var hasAlpha: Bool
        var isCMYK: Bool
        /// The Orientation tag, 1...8; nil when absent.
        var orientation: Int?
        var compression: String
        var isTiled: Bool
        var isPlanar: Bool
        var isBigTIFF: Bool
        /// What `decode` gives without raw CMYK.
        var pixelFormat: PixelFormat
        /// Pixels read through libtiff's TIFFRGBAImage (odd layouts), slower.
        var usesGenericReader: Bool
        var icc: [UInt8]?
        /// A small TIFF with the page's EXIF tags (no "Exif\0\0"), as `EXIFReader` reads.
        var exif: [UInt8]?
        var xmp: [UInt8]?

        /// "RGB 8-bit", "gray 1-bit", "CMYK 8-bit", "RGBA 16-bit, planar", "RGB 8-bit, 3 pages",
        /// "gray 32-bit float".
        var colorModel: ColorModel {
            ColorModel(photometric, alpha: hasAlpha, bitsPerSample: bitsPerSample, float: hasFloatSamples,
                       isPlanar: isPlanar, pageCount: pageCount)
        }
    }

    static func readHeader(_ bytes: UnsafeRawBufferPointer) throws(ImagingError) -> Header {
        var info = cimg_tiff_info()
        try checkCodec(.tiff) { cimg_tiff_read_info(bytes.uint8Base, bytes.count, &info, $0) }
        defer { cimg_tiff_info_free(&info) }
        let pixelFormat: PixelFormat = switch info.pixel_format {
        case Int32(CIMG_PIXEL_GRAY8.rawValue): .gray8
        case Int32(CIMG_PIXEL_RGBA8.rawValue): .rgba8
        default: .rgb8
        }
        return Header(
            size: PixelSize(width: Int(info.width), height: Int(info.height)),
            pageCount: Int(info.page_count),
            samplesPerPixel: Int(info.samples_per_pixel),
            bitsPerSample: Int(info.bits_per_sample),
            hasFloatSamples: info.sample_format == 3,
            photometric: photometricKind(Int(info.photometric), colorSamples: Int(info.samples_per_pixel - info.extra_samples),
                                         isCMYK: info.is_cmyk != 0),
            hasAlpha: pixelFormat == .rgba8,
            isCMYK: info.is_cmyk != 0,
            orientation: info.orientation == 0 ? nil : Int(info.orientation),
            compression: compressionName(info.compression),
            isTiled: info.is_tiled != 0,
            isPlanar: info.planar_config == 2 && info.samples_per_pixel > 1,
            isBigTIFF: info.is_bigtiff != 0,
            pixelFormat: pixelFormat,
            usesGenericReader: info.uses_generic_reader != 0,
            icc: info.icc.copiedBytes,
            exif: info.exif.copiedBytes,
            xmp: info.xmp.copiedBytes
        )
    }

    /// The size of a page of `size` decoded with `shrink` (1, 2, 4 or 8): each side divided, rounded up.
    static func scaledSize(_ size: PixelSize, shrink: Int) -> PixelSize {
        PixelSize(width: (size.width + shrink - 1) / shrink, height: (size.height + shrink - 1) / shrink)
    }

    /// Decodes the first page into an image of `format`, each pixel the mean
    /// of a `shrink` × `shrink` block (the size `scaledSize` says).
    /// - Parameters:
    ///   - rawCMYK: a CMYK page's four inks as stored, in an `.rgba8` image
    ///     (for its CMYK profile); otherwise a naive RGB.
    ///   - generic: through TIFFRGBAImage even where the direct reader could (tests).
    static func decode(_ bytes: UnsafeRawBufferPointer, storedSize: PixelSize, shrink: Int, format: PixelFormat,
                       rawCMYK: Bool = false, generic: Bool = false) throws(ImagingError) -> Image {
        let size = scaledSize(storedSize, shrink: shrink)
        var options = cimg_tiff_decode_options(shrink: Int32(shrink), raw_cmyk: rawCMYK ? 1 : 0, generic: generic ? 1 : 0)
        var failure: ImagingError?
        let image = Image(width: size.width, height: size.height, format: format) { pixels in
            var error = cimg_error()
            if cimg_tiff_decode(bytes.uint8Base, bytes.count, &options, pixels.baseAddress, size.width * format.bytesPerPixel,
                                UInt32(size.width), UInt32(size.height), format.cimg, &error) != 0 {
                failure = ImagingError(error, format: .tiff)
                pixels.update(repeating: 0)
            }
        }
        if let failure { throw failure }
        return image
    }

    /// The kind of a PhotometricInterpretation `code`; separated (5) is CMYK when the shim says
    /// it has four inks.
    static func photometricKind(_ code: Int, colorSamples: Int, isCMYK: Bool) -> ColorModel.Kind {
        switch code {
        case 0, 1: colorSamples == 1 ? .gray : .multiSample
        case 2: .rgb
        case 3: .palette
        case 4: .mask
        case 5: isCMYK ? .cmyk : .separated
        case 6: .ycbcr
        case 8, 9, 10: .lab
        case 32844, 32845: .logLuv
        default: .photometric(code)
        }
    }

    private static func compressionName(_ code: Int32) -> String {
        switch code {
        case 1: "none"
        case 2, 3, 4: "CCITT"
        case 5: "LZW"
        case 6, 7: "JPEG"
        case 8, 32946: "Deflate"
        case 32773: "PackBits"
        case 34925: "LZMA"
        case 50000: "Zstandard"
        case 50001: "WebP"
        default: "compression \(code)"
        }
    }

    /// libtiff's version, "4.5.0", from its banner.
    static var version: String {
        let banner = String(cString: cimg_tiff_version())
        let firstLine = banner.split(separator: "\n").first ?? ""
        return firstLine.split(separator: " ").last.map(String.init) ?? "unknown"
    }
}
