/// Which camera RAW container a file's first bytes show, by content alone.
///
/// Most containers have a signature of their own, the one LibRaw's
/// `identify` looks for (CR3's `ftyp` brand, RAF's "FUJIFILMCCD-RAW",
/// RW2's and RWL's "IIU", ORF's "IIRO", CR2's "CR" after the TIFF header,
/// CRW's "HEAPCCDR" heap, MRW's "\0MRM" blocks, Phase One's "IIII" block
/// with its "Raw" mark, in front of a TIFF wrapper in an IIQ). NEF, NRW,
/// ARW, SR2, DNG, PEF, SRW, 3FR, MOS, MEF, ERF, DCR and KDC are TIFF files:
/// they are told from a plain TIFF by IFD0, which must lie in the first
/// `signatureLength` bytes: a DNGVersion tag, or a camera maker's Make
/// together with a RAW's layout (SubIFDs, a reduced-resolution IFD0, a
/// colour filter array, a maker's own compression, or a placeholder image
/// of a few pixels standing for the RAW). A TIFF exported from a RAW keeps
/// the camera's Make, but not that layout.
public enum RAWKind: String, Sendable, Hashable, CaseIterable {
    case dng = "DNG"
    case cr2 = "CR2"
    case cr3 = "CR3"
    case nef = "NEF"
    case arw = "ARW"
    case raf = "RAF"
    case rw2 = "RW2"
    case orf = "ORF"
    case pef = "PEF"
    case srw = "SRW"
    /// Canon's older RAW, a CIFF heap.
    case crw = "CRW"
    /// Minolta's and Konica Minolta's RAW: PRD, WBG and TTW blocks.
    case mrw = "MRW"
    /// Phase One's RAW (IIQ and the older backs' files): its own block of
    /// tags, usually behind a TIFF wrapper whose image is a placeholder.
    case iiq = "IIQ"
    /// Kyocera's Contax N Digital RAW ("ARECOYK" at 25) and Nokia's "NOKIARAW".
    case otherSignature = "RAW"
    /// Another maker's TIFF-based RAW (Kodak, Hasselblad, Leaf…), as LibRaw reads it.
    case tiffBased = "TIFF RAW"

    /// Bytes `init(head:)` reads: enough for IFD0 and the Make text after it.
    public static let signatureLength = 4096

    /// Whether the file is a TIFF (its EXIF readable as one).
    public var isTIFF: Bool {
        switch self {
        // An IIQ's wrapper carries the EXIF (the older backs' files have
        // none: the EXIF reader finds no TIFF there).
        case .dng, .cr2, .nef, .arw, .pef, .srw, .iiq, .tiffBased: true
        case .cr3, .raf, .rw2, .orf, .crw, .mrw, .otherSignature: false
        }
    }

    /// The kind of RAW file that starts with `head`, or nil for anything else.
    public init?(head: [UInt8]) {
        func has(_ text: String, at offset: Int) -> Bool {
            let expected = Array(text.utf8)
            return head.count >= offset + expected.count && Array(head[offset..<offset + expected.count]) == expected
        }
        if has("ftyp", at: 4) && has("crx ", at: 8) { self = .cr3; return }
        if has("FUJIFILMCCD-RAW", at: 0) { self = .raf; return }
        if head.starts(with: [0x49, 0x49, 0x55, 0x00]) { self = .rw2; return }
        if has("IIRO", at: 0) || has("IIRS", at: 0) || has("MMOR", at: 0) { self = .orf; return }
        if Self.hasPhaseOneBlock(head) { self = .iiq; return }
        if (has("II", at: 0) || has("MM", at: 0)) && has("HEAPCCDR", at: 6) { self = .crw; return }
        if head.starts(with: [0x00, 0x4D, 0x52, 0x4D]) { self = .mrw; return }
        if has("ARECOYK", at: 25) || has("NOKIARAW", at: 0) { self = .otherSignature; return }
        guard let tiff = TIFFHead(head) else { return nil }
        if has("CR", at: 8) && head.count >= 10 && head[10] == 2 { self = .cr2; return }
        guard let ifd = tiff.firstIFD() else { return nil }
        if ifd.hasDNGVersion { self = .dng; return }
        let layoutIsRAW = ifd.hasSubIFDs || ifd.newSubfileType == 1
            || [32803, 34892].contains(ifd.photometric)   // colour filter array, linear raw
            || ifd.compression.map { Self.rawCompressions.contains($0) } == true
            || ifd.isPlaceholder
        guard layoutIsRAW, let make = ifd.make?.uppercased() else { return nil }
        if make.hasPrefix("NIKON") { self = .nef }
        else if make.hasPrefix("SONY") { self = .arw }
        else if make.hasPrefix("PENTAX") || make.hasPrefix("RICOH") || make.hasPrefix("ASAHI") { self = .pef }
        else if make.hasPrefix("SAMSUNG") { self = .srw }
        else if Self.otherMakers.contains(where: { make.hasPrefix($0) }) { self = .tiffBased }
        else { return nil }
    }

    /// Phase One's block: "IIII" or "MMMM" within the first 32 bytes, then
    /// "Raw" in the next four (LibRaw's `identify` and `parse_phase_one`).
    static func hasPhaseOneBlock(_ head: [UInt8]) -> Bool {
        for start in 0..<min(29, max(head.count - 7, 0)) {
            let order = Array(head[start..<start + 4]), mark = Array(head[start + 4..<start + 8])
            if order == Array("IIII".utf8) && Array(mark[1...]) == Array("waR".utf8) { return true }
            if order == Array("MMMM".utf8) && Array(mark[..<3]) == Array("Raw".utf8) { return true }
        }
        return false
    }

    /// TIFF compressions only RAW files use: old-style JPEG (ARW's and
    /// NEF's previews), Kodak's 262, 65000, 32867, Sony's 32767, Samsung's
    /// 32769, 32770, 32772, Nikon's 34713, lossy DNG's 34892, Pentax's 65535.
    static let rawCompressions: Set<Int> = [6, 262, 32767, 32769, 32770, 32772, 32867, 34713, 34892, 65000, 65535]

    /// Makers of cameras whose TIFF-based RAW files LibRaw reads (as their Make tags start).
    static let otherMakers = ["CANON", "KODAK", "EASTMAN KODAK", "HASSELBLAD", "LEAF", "PHASE ONE", "MAMIYA",
                              "LEICA", "OLYMPUS", "OM DIGITAL", "FUJIFILM", "PANASONIC", "SIGMA", "MINOLTA",
                              "KONICA MINOLTA", "SEIKO EPSON", "SINAR", "IMACON", "DJI", "GOPRO", "XIAOMI"]
}

/// IFD0 of a TIFF as far as the head of a file shows it.
private struct TIFFHead {
    let bytes: [UInt8]
    let bigEndian: Bool

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) { bigEndian = false }
        else if bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { bigEndian = true }
        else { return nil }
        self.bytes = bytes
    }

    struct IFD {
        var hasDNGVersion = false
        var hasSubIFDs = false
        var newSubfileType: Int?
        var compression: Int?
        var photometric: Int?
        var width: Int?
        var height: Int?
        var make: String?

        /// An image of a few pixels: the stand-in a RAW's TIFF wrapper
        /// carries (Phase One's 1x1), no picture of its own.
        var isPlaceholder: Bool {
            guard let width, let height else { return false }
            return width > 0 && height > 0 && width <= 8 && height <= 8
        }
    }

    func integer(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        var value = 0
        for index in 0..<size {
            let byte = Int(bytes[bigEndian ? offset + index : offset + size - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    /// The entries of IFD0 that lie within the head.
    func firstIFD() -> IFD? {
        guard let start = integer(at: 4, size: 4), let count = integer(at: start, size: 2), count > 0 else { return nil }
        var ifd = IFD()
        for index in 0..<min(count, 512) {
            let entry = start + 2 + 12 * index
            guard let tag = integer(at: entry, size: 2), let type = integer(at: entry + 2, size: 2),
                  let valueCount = integer(at: entry + 4, size: 4) else { break }
            // SHORT or LONG, the first value (inline when it fits).
            func number() -> Int? {
                switch type {
                case 3: integer(at: entry + 8, size: 2)
                case 4: integer(at: entry + 8, size: 4)
                default: nil
                }
            }
            switch tag {
            case 0x00FE: ifd.newSubfileType = number()
            case 0x0100: ifd.width = number()
            case 0x0101: ifd.height = number()
            case 0x0103: ifd.compression = number()
            case 0x0106: ifd.photometric = number()
            case 0x014A: ifd.hasSubIFDs = valueCount > 0
            case 0xC612: ifd.hasDNGVersion = true
            case 0x010F where type == 2 && valueCount > 0 && valueCount < 256:
                let at = valueCount <= 4 ? entry + 8 : integer(at: entry + 8, size: 4) ?? -1
                if at >= 0 && at + valueCount <= bytes.count {
                    let text = bytes[at..<at + valueCount].prefix { $0 != 0 }
                    ifd.make = String(decoding: text, as: UTF8.self)
                }
            default: break
            }
        }
        return ifd
    }
}
