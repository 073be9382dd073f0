import CImaging

/// libexpat through CImaging: the XMP properties Filmroll uses, folded into
/// metadata beneath what EXIF said.
///
/// Related documentation: XMP Specification Part 1 (RDF serialization) and
/// Part 2 (the exif, xmp, photoshop and tiff namespaces).
enum XMPReader {
    /// Reads an XMP `packet` into `metadata`, filling only what EXIF left
    /// absent: the capture date (exif:DateTimeOriginal, else xmp:CreateDate,
    /// else photoshop:DateCreated, with its UTC offset), make and model, and,
    /// when `includingOrientation`, tiff:Orientation. Malformed XMP is not an
    /// error: what was read before the fault is kept.
    /// - Parameters:
    ///   - includingOrientation: whether the format lets XMP orient the
    ///     picture when EXIF has no Orientation tag (PNG, as Apple's ImageIO
    ///     and Photoshop read it); a JPEG's orientation is its EXIF's alone,
    ///     as browsers and libvips read it.
    static func read(_ packet: UnsafeRawBufferPointer, into metadata: inout ImageMetadata,
                     includingOrientation: Bool = false) {
        _ = readWithMotionPhoto(packet, into: &metadata, includingOrientation: includingOrientation)
    }

    /// `read(_:into:includingOrientation:)`, which also returns what the
    /// packet says of a motion photo's video, for `MotionPhotoLocator`:
    /// nil unless it says the file is one.
    static func readWithMotionPhoto(_ packet: UnsafeRawBufferPointer, into metadata: inout ImageMetadata,
                                    includingOrientation: Bool = false) -> MotionPhotoLocator.XMP? {
        var xmp = cimg_xmp()
        var error = cimg_error()
        _ = cimg_xmp_parse(packet.uint8Base, packet.count, &xmp, &error)
        if metadata.captureDates[.xmp] == nil {
            let dates = [cTextField(xmp.date_time_original), cTextField(xmp.create_date), cTextField(xmp.date_created)]
            metadata.captureDates[.xmp] = dates.lazy.compactMap { CaptureDate(iso8601: $0) }.first
        }
        if metadata.make == nil && metadata.model == nil {
            let make = cTextField(xmp.make), model = cTextField(xmp.model)
            metadata.make = make.isEmpty ? nil : make
            metadata.model = model.isEmpty ? nil : model
        }
        if includingOrientation && !metadata.hasOrientationTag && xmp.orientation != 0 {
            metadata.orientation = Orientation(exifValue: Int(xmp.orientation))
            metadata.hasOrientationTag = true
        }
        return motionPhoto(xmp)
    }

    /// Google's Camera:MotionPhoto, Camera:MicroVideo(Offset) and Container:Directory, as written.
    private static func motionPhoto(_ xmp: cimg_xmp) -> MotionPhotoLocator.XMP? {
        let kept = min(xmp.item_count, Int(CIMG_XMP_MAX_ITEMS))
        let items = withUnsafeBytes(of: xmp.items) { raw in
            (0..<kept).map { index in
                let item = raw.load(fromByteOffset: index * MemoryLayout<cimg_xmp_item>.stride, as: cimg_xmp_item.self)
                return MotionPhotoLocator.XMP.Item(semantic: cTextField(item.semantic), mime: cTextField(item.mime),
                                                   length: cTextField(item.length), padding: cTextField(item.padding))
            }
        }
        let facts = MotionPhotoLocator.XMP(motionPhoto: cTextField(xmp.motion_photo), microVideo: cTextField(xmp.micro_video),
                                           microVideoOffset: cTextField(xmp.micro_video_offset), items: items,
                                           listedItemCount: xmp.item_count)
        return facts.isMotionPhoto ? facts : nil
    }
}
