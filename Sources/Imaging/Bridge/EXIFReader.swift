import CImaging

/// libexif through CImaging: the tags Filmroll uses, folded into metadata.
enum EXIFReader {
    /// Reads `payload` (a JPEG APP1 payload or a PNG eXIf chunk) into `metadata`,
    /// with the identifiers of Apple's MakerNote (`AppleMakerNote`).
    /// Damaged EXIF is not an error: what could be read is kept.
    static func read(_ payload: UnsafeRawBufferPointer, into metadata: inout ImageMetadata) {
        var exif = cimg_exif()
        var error = cimg_error()
        var makerNote = cimg_buffer()
        guard cimg_exif_parse_with_maker_note(payload.uint8Base, payload.count, &exif, &makerNote, &error) == 0 else {
            return
        }
        if let apple = AppleMakerNote(makerNote.takeBytes()) {
            metadata.contentIdentifier = apple.contentIdentifier
            metadata.burstIdentifier = apple.burstIdentifier
        }
        if exif.orientation != 0 {
            metadata.orientation = Orientation(exifValue: Int(exif.orientation))
            metadata.hasOrientationTag = true
        }
        let make = cTextField(exif.make), model = cTextField(exif.model)
        metadata.make = make.isEmpty ? nil : make
        metadata.model = model.isEmpty ? nil : model
        func date(_ text: String, offset: String = "", subseconds: String = "") -> CaptureDate? {
            text.isEmpty ? nil : CaptureDate(exifDateTime: text, offset: offset.isEmpty ? nil : offset,
                                             subseconds: subseconds.isEmpty ? nil : subseconds)
        }
        metadata.captureDates[.original] = date(cTextField(exif.date_time_original), offset: cTextField(exif.offset_time_original),
                                                subseconds: cTextField(exif.subsec_time_original))
        metadata.captureDates[.digitized] = date(cTextField(exif.date_time_digitized),
                                                 offset: cTextField(exif.offset_time_digitized),
                                                 subseconds: cTextField(exif.subsec_time_digitized))
        metadata.captureDates[.modified] = date(cTextField(exif.date_time), offset: cTextField(exif.offset_time))
        if exif.has_gps_time != 0 { metadata.captureDates[.gps] = gpsDate(cTextField(exif.gps_date_stamp), seconds: exif.gps_seconds) }
        metadata.shooting = ShootingDetails(
            exposureTime: exif.exposure_time > 0 ? exif.exposure_time : nil, fNumber: exif.f_number > 0 ? exif.f_number : nil,
            iso: exif.iso > 0 ? Int(exif.iso) : nil, focalLength: exif.focal_length > 0 ? exif.focal_length : nil,
            lens: { let lens = cTextField(exif.lens_model); return lens.isEmpty ? nil : lens }())
        if exif.has_gps != 0 {
            metadata.gps = GPSCoordinate(reading: exif.latitude, exif.longitude)
        }
        if exif.pixel_width > 0 && exif.pixel_height > 0 {
            metadata.exifPixelSize = PixelSize(width: Int(exif.pixel_width), height: Int(exif.pixel_height))
        }
    }

    /// GPSDateStamp "YYYY:MM:DD" at `seconds` past midnight, in UTC.
    static func gpsDate(_ stamp: String, seconds: Double) -> CaptureDate? {
        let whole = Int(seconds)
        let text = stamp.prefix(10) + " " + [whole / 3600, whole / 60 % 60, whole % 60].map { digits($0) }.joined(separator: ":")
        return CaptureDate(exifDateTime: String(text), offset: "Z")
    }

    private static func digits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

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
