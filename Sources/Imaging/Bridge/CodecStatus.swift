import CImaging

/// Turns a CImaging status and message into an `ImagingError`.
/// One of the few files that touch C: the fence is `Bridge/`.
extension ImagingError {
    init(_ error: cimg_error, format: ImageFormat) {
        let message = withUnsafeBytes(of: error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        switch cimg_status(rawValue: UInt32(error.status)) {
        case CIMG_ERR_TRUNCATED: self = .truncated(format, message)
        case CIMG_ERR_LIMIT: self = .limitExceeded(.decoder(message))
        case CIMG_ERR_MEMORY: self = .outOfMemory
        // A library loaded on first use that is missing: "cannot load libheif: …".
        case CIMG_ERR_LIBRARY: self = .unsupportedFormat(message)
        default: self = .corrupt(format, message)
        }
    }
}

/// Runs a CImaging call that fills a `cimg_error`, throwing it on failure.
func checkCodec(_ format: ImageFormat, _ call: (UnsafeMutablePointer<cimg_error>) -> Int32) throws(ImagingError) {
    var error = cimg_error()
    if call(&error) != 0 { throw ImagingError(error, format: format) }
}

extension cimg_buffer {
    /// Copies the encoder's bytes into Swift storage and frees them.
    mutating func takeBytes() -> [UInt8] {
        defer { cimg_buffer_free(&self) }
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The bytes, copied into Swift storage; nil when empty. The buffer stays
    /// the C side's to free.
    var copiedBytes: [UInt8]? {
        guard let data, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

extension PixelFormat {
    var cimg: Int32 {
        switch self {
        case .gray8: Int32(CIMG_PIXEL_GRAY8.rawValue)
        case .rgb8: Int32(CIMG_PIXEL_RGB8.rawValue)
        case .rgba8: Int32(CIMG_PIXEL_RGBA8.rawValue)
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes as `UInt8`s, for the C calls (never nil, even when empty).
    var uint8Base: UnsafePointer<UInt8> {
        baseAddress.map { $0.assumingMemoryBound(to: UInt8.self) } ?? UnsafePointer(bitPattern: 1)!
    }
}
