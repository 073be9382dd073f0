/// Finds the short video a motion photo carries after its still: Google's
/// Motion Photo (XMP `Container:Directory`), Google's older MicroVideo (XMP
/// `MicroVideoOffset`) and Samsung's (`MotionPhoto_Data` in the trailer,
/// or a top-level `mpvd` box in a HEIC).
///
/// Every place found is checked to lie in the file and to start with an
/// MP4 `ftyp` box. A place that does not is a `Problem`, which the decoder
/// reports as a warning: the still reads as it would without the video.
/// An ordinary photo costs a look at its XMP and its last bytes (JPEG) or
/// its top-level boxes (HEIF).
///
/// Related documentation: Android's "Motion Photo format 1.0"; exiftool's
/// Samsung trailer (`Image::ExifTool::Samsung`, `ProcessSamsung`).
enum MotionPhotoLocator {
    /// What a photo's XMP says of its motion photo, as written (`XMPReader`).
    struct XMP: Sendable, Hashable {
        /// One `Container:Item`, in the directory's order, which is the file's.
        struct Item: Sendable, Hashable {
            var semantic = "", mime = "", length = "", padding = ""
        }

        /// `Camera:MotionPhoto`: "1" for a motion photo.
        var motionPhoto = ""
        /// `Camera:MicroVideo`: "1" for the older format.
        var microVideo = ""
        /// `Camera:MicroVideoOffset`: the video's length, counted from the file's end.
        var microVideoOffset = ""
        var items: [Item] = []
        /// Items the directory lists: more than `items` when some were not kept.
        var listedItemCount = 0

        var isMotionPhoto: Bool { motionPhoto == "1" || microVideo == "1" }
    }

    /// What is wrong with a motion photo's video, told as a warning.
    enum Problem: Error, Hashable, CustomStringConvertible {
        /// The XMP says motion photo, but its directory lists no MotionPhoto item.
        case noVideoItem
        /// The directory lists more items than are kept, so the video's place is unknown.
        case tooManyItems(listed: Int, kept: Int)
        /// A length that is not a whole number of bytes (or is 0 for the video).
        case badLength(MotionPhotoClip.Kind, field: String, text: String)
        /// A video of `length` bytes ending at byte `end` would start before the file.
        case outsideFile(MotionPhotoClip.Kind, length: UInt64, end: Int)
        /// The bytes at `range` do not start with an MP4 `ftyp` box.
        case notMP4(MotionPhotoClip.Kind, range: Range<Int>)

        var description: String {
            switch self {
            case .noVideoItem:
                "\(MotionPhotoClip.Kind.google.warningName): the XMP's Container:Directory lists no MotionPhoto item; "
                    + "no video read"
            case .tooManyItems(let listed, let kept):
                "\(MotionPhotoClip.Kind.google.warningName): the XMP's Container:Directory lists \(listed) items, "
                    + "more than the \(kept) read; no video read"
            case .badLength(let kind, let field, let text):
                "\(kind.warningName): \(field) \"\(text)\" is not a length in bytes; no video read"
            case .outsideFile(let kind, let length, let end):
                "\(kind.warningName): a video of \(length) bytes ending at byte \(end) would start before the file; no video read"
            case .notMP4(let kind, let range):
                "\(kind.warningName): the \(range.count) bytes at offset \(range.lowerBound) are not an MP4 (no ftyp box); "
                    + "no video read"
            }
        }
    }

    /// The video found, if any, and what was wrong on the way.
    struct Finding: Sendable, Hashable {
        var clip: MotionPhotoClip?
        var problems: [Problem] = []

        /// The problems as `ImageInfo.warnings`.
        var warnings: [String] { problems.map(\.description) }

        /// Keeps `result`'s clip unless one was found before, and its problem.
        mutating func take(_ result: Result<MotionPhotoClip, Problem>?) {
            switch result {
            case .success(let found) where clip == nil: clip = found
            case .failure(let problem): problems.append(problem)
            default: break
            }
        }
    }

    /// Samsung's trailer block of the video, named "MotionPhoto_Data", whose MP4 follows the name.
    static let samsungMarker = Array("MotionPhoto_Data".utf8)
    /// The SEFH directory's type of that block.
    static let samsungVideoBlock = 0x0A30
    /// The last bytes of a file searched for `samsungMarker` when the trailer has no directory.
    static let trailerSearchWindow = 16 << 20

    /// The video of a JPEG: where its XMP says, else Samsung's trailer,
    /// looked for only when the file does not end with the EOI marker.
    static func inJPEG(_ bytes: UnsafeRawBufferPointer, xmp: XMP?) -> Finding {
        var finding = Finding()
        finding.take(xmp.flatMap { google($0, in: bytes) })
        let endsAtEOI = bytes.count >= 2 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9
        if finding.clip == nil && !endsAtEOI { finding.take(samsungTrailer(in: bytes, after: 0)) }
        return finding
    }

    /// The video of a HEIF file: where its XMP says, else a top-level
    /// `mpvd` box, else Samsung's trailer after the last box.
    static func inHEIF(_ bytes: UnsafeRawBufferPointer, xmp: XMP?) -> Finding {
        var finding = Finding()
        finding.take(xmp.flatMap { google($0, in: bytes) })
        guard finding.clip == nil else { return finding }
        var at = 0
        while let box = ISOBox(at: at, in: bytes, end: bytes.count) {
            if box.type == Array("mpvd".utf8) {
                finding.take(checked(.samsung, box.payload, in: bytes))
                return finding
            }
            at = box.range.upperBound
        }
        if at < bytes.count { finding.take(samsungTrailer(in: bytes, after: at)) }
        return finding
    }

    /// Google's Motion Photo or MicroVideo: the video's place from the end
    /// of the file, as the XMP gives it; nil when the XMP says neither.
    static func google(_ xmp: XMP, in bytes: UnsafeRawBufferPointer) -> Result<MotionPhotoClip, Problem>? {
        if xmp.motionPhoto == "1" && (!xmp.items.isEmpty || xmp.microVideo != "1") {
            guard xmp.listedItemCount <= xmp.items.count else {
                return .failure(.tooManyItems(listed: xmp.listedItemCount, kept: xmp.items.count))
            }
            guard let video = xmp.items.firstIndex(where: { $0.semantic == "MotionPhoto" }) else { return .failure(.noVideoItem) }
            // Items lie in order after the primary image, so those after the video end the file.
            var end = bytes.count
            for item in xmp.items[(video + 1)...].reversed() {
                let length = item.length.isEmpty ? 0 : UInt64(item.length)
                guard let length else { return .failure(.badLength(.google, field: "Item:Length", text: item.length)) }
                guard length <= UInt64(end) else { return .failure(.outsideFile(.google, length: length, end: end)) }
                end -= Int(length)
            }
            return fromEnd(.google, length: xmp.items[video].length, field: "Item:Length", end: end, in: bytes)
        }
        if xmp.microVideo == "1" {
            return fromEnd(.microVideo, length: xmp.microVideoOffset, field: "Camera:MicroVideoOffset", end: bytes.count,
                           in: bytes)
        }
        return nil
    }

    /// The clip of `length` (as written) bytes that ends at `end`.
    private static func fromEnd(_ kind: MotionPhotoClip.Kind, length text: String, field: String, end: Int,
                                in bytes: UnsafeRawBufferPointer) -> Result<MotionPhotoClip, Problem> {
        guard let length = UInt64(text), length > 0 else { return .failure(.badLength(kind, field: field, text: text)) }
        guard length <= UInt64(end) else { return .failure(.outsideFile(kind, length: length, end: end)) }
        return checked(kind, end - Int(length)..<end, in: bytes)
    }

    /// Samsung's video after byte `start`: the SEFH directory's block when
    /// the file ends with "SEFT", else the bytes after the last
    /// `samsungMarker` within `trailerSearchWindow` of the end, up to the
    /// end of the boxes that follow it; nil when there is neither.
    static func samsungTrailer(in bytes: UnsafeRawBufferPointer, after start: Int) -> Result<MotionPhotoClip, Problem>? {
        if let block = samsungDirectoryBlock(in: bytes), block.lowerBound >= start {
            return checked(.samsung, block, in: bytes)
        }
        let marker = samsungMarker
        var at = bytes.count - marker.count
        let first = max(start, bytes.count - trailerSearchWindow)
        while at >= first {
            if bytes[at] == marker[0] && marker.indices.allSatisfy({ bytes[at + $0] == marker[$0] }) { break }
            at -= 1
        }
        guard at >= first else { return nil }
        let video = at + marker.count
        var end = video
        while let box = ISOBox(at: end, in: bytes, end: bytes.count) { end = box.range.upperBound }
        return checked(.samsung, video..<(end > video ? end : bytes.count), in: bytes)
    }

    /// The data of the SEFH directory's video block: the file ends with the
    /// directory's length and "SEFT"; each entry gives a block's type, its
    /// distance back from the directory and its size; a block holds its
    /// type, its name's length, its name, then the data. Little-endian.
    static func samsungDirectoryBlock(in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let count = bytes.count
        guard count >= 8, bytes[count - 4] == 0x53, bytes[count - 3] == 0x45, bytes[count - 2] == 0x46,
              bytes[count - 1] == 0x54, let length = littleEndian32(bytes, at: count - 8), length >= 12,
              length <= count - 8 else { return nil }
        let directory = count - 8 - length
        guard bytes[directory] == 0x53, bytes[directory + 1] == 0x45, bytes[directory + 2] == 0x46,
              bytes[directory + 3] == 0x48, let entries = littleEndian32(bytes, at: directory + 8) else { return nil }
        for index in 0..<min(entries, (length - 12) / 12) {
            let entry = directory + 12 + index * 12
            guard let type = littleEndian32(bytes, at: entry).map({ $0 >> 16 }), type == samsungVideoBlock,
                  let distance = littleEndian32(bytes, at: entry + 4), let size = littleEndian32(bytes, at: entry + 8),
                  distance <= directory, size >= 8, size <= distance else { continue }
            let block = directory - distance
            guard let nameLength = littleEndian32(bytes, at: block + 4), nameLength <= size - 8 else { continue }
            return block + 8 + nameLength..<block + size
        }
        return nil
    }

    /// `range` as a clip when it lies in the file and starts with an `ftyp` box that fits in it.
    static func checked(_ kind: MotionPhotoClip.Kind, _ range: Range<Int>,
                        in bytes: UnsafeRawBufferPointer) -> Result<MotionPhotoClip, Problem> {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            return .failure(.outsideFile(kind, length: UInt64(range.count), end: range.upperBound))
        }
        guard let box = ISOBox(at: range.lowerBound, in: bytes, end: range.upperBound), box.type == Array("ftyp".utf8) else {
            return .failure(.notMP4(kind, range: range))
        }
        return .success(MotionPhotoClip(kind: kind, byteRange: range))
    }

    /// The little-endian 32-bit number at `at`, when it lies in `bytes`.
    private static func littleEndian32(_ bytes: UnsafeRawBufferPointer, at: Int) -> Int? {
        guard at >= 0, at <= bytes.count - 4 else { return nil }
        return (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
    }
}

/// One ISO-BMFF box header, checked to fit before `end`.
private struct ISOBox {
    var type: [UInt8]
    var range: Range<Int>
    var payload: Range<Int>

    /// The box at `at`, or nil when none fits there: too few bytes, a size
    /// smaller than its header or past `end`, or a type that is not four
    /// printable characters.
    init?(at: Int, in bytes: UnsafeRawBufferPointer, end: Int) {
        guard at >= 0, end <= bytes.count, at <= end - 8 else { return nil }
        let bigEndian = { (from: Int, count: Int) in (from..<from + count).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) } }
        type = (at + 4..<at + 8).map { bytes[$0] }
        guard type.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        var size = bigEndian(at, 4), header = 8
        if size == 1 {
            guard at <= end - 16 else { return nil }
            size = bigEndian(at + 8, 8)
            header = 16
        } else if size == 0 {
            size = UInt64(end - at)
        }
        guard size >= UInt64(header), size <= UInt64(end - at) else { return nil }
        range = at..<at + Int(size)
        payload = at + header..<range.upperBound
    }
}

fileprivate extension MotionPhotoClip.Kind {
    /// How a warning names the format.
    var warningName: String {
        switch self {
        case .google: "Google motion photo"
        case .microVideo: "Google MicroVideo photo"
        case .samsung: "Samsung motion photo"
        }
    }
}
