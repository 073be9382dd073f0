import CImaging

/// libexif through CImaging: the tags Filmroll uses, folded into metadata.
enum EXIFReader {
    /// Reads `payload` (a JPEG APP1 payload or a PNG eXIf chunk) into `metadata`.
    /// Damaged EXIF is not an error: what could be read is kept.
    static func read(_ payload: UnsafeRawBufferPointer, into metadata: inout ImageMetadata) {
        var exif = cimg_exif()
        var error = cimg_error()
        guard cimg_exif_parse(payload.uint8Base, payload.count, &exif, &error) == 0 else { return }
        if exif.orientation != 0 {
            metadata.orientation = Orientation(exifValue: Int(exif.orientation))
            metadata.hasOrientationTag = true
        }
        let make = cTextField(exif.make), model = cTextField(exif.model)
        metadata.make = make.isEmpty ? nil : make
        metadata.model = model.isEmpty ? nil : model
        let dateTime = cTextField(exif.date_time_original)
        if !dateTime.isEmpty {
            let offset = cTextField(exif.offset_time_original), subseconds = cTextField(exif.subsec_time_original)
            metadata.captureDate = CaptureDate(exifDateTime: dateTime, offset: offset.isEmpty ? nil : offset,
                                               subseconds: subseconds.isEmpty ? nil : subseconds)
        }
        if exif.has_gps != 0 {
            metadata.gps = GPSCoordinate(latitude: exif.latitude, longitude: exif.longitude)
        }
        if exif.pixel_width > 0 && exif.pixel_height > 0 {
            metadata.exifPixelSize = PixelSize(width: Int(exif.pixel_width), height: Int(exif.pixel_height))
        }
    }

    /// `payload` (an APP1 payload) rewritten for an upright copy of `size`:
    /// Orientation 1, pixel dimensions updated, embedded thumbnail dropped.
    static func uprightCopy(of payload: [UInt8], size: PixelSize) throws(ImagingError) -> [UInt8] {
        var output = cimg_buffer()
        var failure: cimg_error?
        payload.withUnsafeBufferPointer { bytes in
            var error = cimg_error()
            if cimg_exif_rewrite_upright(bytes.baseAddress, bytes.count, UInt32(size.width), UInt32(size.height),
                                         &output, &error) != 0 {
                failure = error
            }
        }
        if let failure { throw .encodingFailed(.jpeg, ImagingError(failure, format: .jpeg).reason) }
        return output.takeBytes()
    }
}
