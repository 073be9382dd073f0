/// Apple's MakerNote (EXIF tag 0x927C of iPhone photos), read for two
/// identifiers: the Live Photo content identifier (tag 17) and the burst
/// identifier (tag 11).
///
/// The note starts with "Apple iOS\0", a two-byte version and a byte-order
/// mark ("MM"); an IFD follows at byte 14, whose value offsets count from
/// the note's first byte. Every offset and count is checked against the
/// note's length: a hostile note gives nothing, never a trap, and nothing
/// is allocated by a count it states.
///
/// Related documentation: exiftool's Apple tags (`Image::ExifTool::Apple`:
/// 0x000b BurstUUID, 0x0011 MediaGroupUUID, formerly ContentIdentifier).
struct AppleMakerNote: Sendable, Hashable {
    /// Tag 17: shared by a Live Photo's still and its video.
    var contentIdentifier: String?
    /// Tag 11: shared by the frames of one burst.
    var burstIdentifier: String?

    static let signature = Array("Apple iOS\0".utf8)
    static let contentIdentifierTag = 0x11
    static let burstIdentifierTag = 0x0B
    /// The longest identifier kept, in bytes (a UUID has 36).
    static let maxIdentifierLength = 64

    /// Reads `note`, the MakerNote entry's bytes; nil when the note is not Apple's.
    init?(_ note: [UInt8]) {
        guard note.count >= 16, note.starts(with: Self.signature) else { return nil }
        let bigEndian: Bool
        switch (note[12], note[13]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        let reader = Reader(bytes: note, bigEndian: bigEndian)
        // Only the entries that lie inside the note are visited, whatever count it states.
        let entries = min(reader.u16(14), (note.count - 16) / 12)
        for index in 0..<entries {
            let entry = 16 + index * 12
            switch reader.u16(entry) {
            case Self.contentIdentifierTag where contentIdentifier == nil: contentIdentifier = reader.text(entry: entry)
            case Self.burstIdentifierTag where burstIdentifier == nil: burstIdentifier = reader.text(entry: entry)
            default: continue
            }
        }
    }

    /// Bounds-checked reads of the note; the caller keeps `at` inside it.
    private struct Reader {
        let bytes: [UInt8]
        let bigEndian: Bool

        func u16(_ at: Int) -> Int {
            let (a, b) = (Int(bytes[at]), Int(bytes[at + 1]))
            return bigEndian ? a << 8 | b : b << 8 | a
        }

        func u32(_ at: Int) -> Int { bigEndian ? u16(at) << 16 | u16(at + 2) : u16(at + 2) << 16 | u16(at) }

        /// The ASCII (or UNDEFINED) value of the entry at `entry`, up to its
        /// first NUL; nil when it is of another type, lies outside the note,
        /// is empty, too long or not printable.
        func text(entry: Int) -> String? {
            let type = u16(entry + 2), count = u32(entry + 4)
            guard type == 2 || type == 7, count > 0, count <= AppleMakerNote.maxIdentifierLength + 1 else { return nil }
            let start = count <= 4 ? entry + 8 : u32(entry + 8)
            guard start <= bytes.count, count <= bytes.count - start else { return nil }
            let value = bytes[start..<start + count].prefix { $0 != 0 }
            guard !value.isEmpty, value.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
            let text = String(decoding: value, as: UTF8.self)
            return text.allSatisfy({ $0 == " " }) ? nil : text
        }
    }
}
