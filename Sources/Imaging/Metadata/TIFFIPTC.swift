/// IPTC in a TIFF, where scans from photo archives keep their date: the
/// first directory's IPTC-NAA tag (33723, the IIM block itself), else its
/// Photoshop image resources (34377, holding resource 0x0404). Classic
/// TIFF only; each tag's size is checked against the file before it is read.
///
/// Related documentation: TIFF/EP and the "RichTIFF" IPTC tag; Adobe
/// Photoshop File Formats, "Image Resource Blocks"; exiftool's TIFF tags.
enum TIFFIPTC {
    static let iimTag = 33723
    static let photoshopTag = 34377

    /// The IPTC date of the TIFF in `bytes`, or nil.
    static func date(in bytes: UnsafeRawBufferPointer) -> CaptureDate? {
        guard bytes.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func uint(_ at: Int, _ width: Int) -> Int? {
            guard at >= 0, at <= bytes.count - width else { return nil }
            return (0..<width).reduce(0) { value, index in
                value | Int(bytes[at + (littleEndian ? index : width - 1 - index)]) << (8 * index)
            }
        }
        guard uint(2, 2) == 42, let directory = uint(4, 4), let count = uint(directory, 2) else { return nil }
        var blocks: [Int: UnsafeRawBufferPointer] = [:]
        for index in 0..<count {
            let entry = directory + 2 + 12 * index
            guard let tag = uint(entry, 2), let type = uint(entry + 2, 2), let values = uint(entry + 4, 4) else { break }
            // BYTE and UNDEFINED as written by most, LONG as the tag was first defined: the IIM bytes either way.
            guard tag == iimTag || tag == photoshopTag, let unit = [1: 1, 7: 1, 4: 4][type] else { continue }
            let (size, overflow) = values.multipliedReportingOverflow(by: unit)
            guard !overflow, let at = size <= 4 ? entry + 8 : uint(entry + 8, 4),
                  size <= bytes.count, at <= bytes.count - size else { continue }
            blocks[tag] = UnsafeRawBufferPointer(rebasing: bytes[at..<at + size])
        }
        if let iim = blocks[iimTag], let date = IPTCDate.inIIM(iim) { return date }
        return blocks[photoshopTag].flatMap(IPTCDate.inPhotoshopResources)
    }
}
