/// Camera RAW files of the kinds no tool here writes, built byte by byte:
/// the smallest headers LibRaw 0.20's `identify` accepts, with raw data of a
/// known picture behind them. Each is `width`x`height` (multiples of 8 and
/// of 64 across for CRW), an RGGB mosaic.
public enum RAWBuilder {
    /// A raw sample of a checkerboard of 8x8 squares: `bright` or `dark`.
    public static func checker(x: Int, y: Int, dark: Int, bright: Int) -> Int {
        (x / 8 + y / 8) % 2 == 0 ? dark : bright
    }

    // MARK: - Minolta MRW

    /// Minolta's MRW: "\0MRM", then the PRD (sizes, 12 bits, unpacked, RGGB),
    /// WBG (white balance) and TTW (a TIFF with Make and Model) blocks; the
    /// raw data follows as big-endian 16-bit samples.
    public static func mrw(width: Int = 64, height: Int = 48, model: String = "DiMAGE 7") -> [UInt8] {
        var prd = Array("21810002".utf8) + be16(height) + be16(width) + be16(height) + be16(width)
        prd += [12, 12, 0x59, 0, 0, 0, 0, 1]   // 12 of 12 bits, unpacked (0x59), RGGB
        let wbg: [UInt8] = [0, 0, 0, 0] + be16(512) + be16(256) + be16(256) + be16(512)
        let ttw = bigEndianTIFF(make: "MINOLTA", model: model)
        var blocks: [UInt8] = []
        for (name, data) in [("PRD", prd), ("WBG", wbg), ("TTW", ttw)] {
            blocks += [0] + Array(name.utf8) + be32(data.count) + data
        }
        var file: [UInt8] = [0, 0x4D, 0x52, 0x4D] + be32(blocks.count) + blocks
        for y in 0..<height {
            for x in 0..<width { file += be16(checker(x: x, y: y, dark: 400, bright: 3000)) }
        }
        return file
    }

    /// Where an MRW's raw data starts.
    public static func mrwDataOffset(_ file: [UInt8]) -> Int {
        8 + (Int(file[4]) << 24 | Int(file[5]) << 16 | Int(file[6]) << 8 | Int(file[7]))
    }

    // MARK: - Phase One IIQ

    /// Phase One's IIQ: a TIFF wrapper ("II*\0", IFD0 a 1x1 RGB placeholder
    /// with Make "Phase One") around Phase One's own block at 8 ("IIII",
    /// "\u{1}waR", its directory: sizes, format 0 = plain 16-bit samples,
    /// the data's offset, a serial number); the raw data last, little-endian.
    /// Without `serial`, LibRaw 0.20 looks for a second directory at the
    /// file's start, whose count it reads past the end of the file.
    public static func iiq(width: Int = 64, height: Int = 48, samples: ((Int, Int) -> Int)? = nil,
                           dataOffsetPastTheEnd: Bool = false, serial: Bool = true) -> (file: [UInt8], dataOffset: Int) {
        // Phase One's block: header 12, directory 8 + 16 per entry, the serial's 8.
        let tagCount = 9
        let blockLength = 12 + 8 + 16 * tagCount + 8
        let ifdOffset = 8 + blockLength
        let make = Array("Phase One\0".utf8), model = Array("IQ Fixture\0".utf8)
        let ifdEntries = 10
        let textAt = ifdOffset + 2 + 12 * ifdEntries + 4
        let bitsAt = textAt + make.count + model.count
        let stripAt = bitsAt + 6
        let dataOffset = (stripAt + 3 + 15) / 16 * 16
        let recorded = dataOffsetPastTheEnd ? dataOffset + 2 * width * height : dataOffset

        var file: [UInt8] = Array("II*\0".utf8) + le32(ifdOffset)
        // Offsets in the block are from its start (8).
        let serialAt = 12 + 8 + 16 * tagCount
        let tags: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (serial ? 0x0102 : 0x0999, 2, 8, serialAt), (0x0108, 4, 4, width), (0x0109, 4, 4, height), (0x010A, 4, 4, 0),
            (0x010B, 4, 4, 0), (0x010C, 4, 4, width), (0x010D, 4, 4, height), (0x010E, 4, 4, 0),
            (0x010F, 4, 4, recorded - 8),
        ]
        file += Array("IIII".utf8) + [1] + Array("waR".utf8) + le32(12)
        file += le32(tags.count) + le32(0)
        for entry in tags { file += le32(entry.tag) + le32(entry.type) + le32(entry.count) + le32(entry.value) }
        file += Array("IQFIXT1\0".utf8)
        precondition(file.count == ifdOffset)

        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (0x0100, 4, 1, 1), (0x0101, 4, 1, 1), (0x0102, 3, 3, bitsAt), (0x0103, 3, 1, 1), (0x0106, 3, 1, 2),
            (0x010F, 2, make.count, textAt), (0x0110, 2, model.count, textAt + make.count), (0x0111, 4, 1, stripAt),
            (0x0115, 3, 1, 3), (0x0117, 4, 1, 3),
        ]
        file += le16(entries.count)
        for entry in entries {
            file += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            file += entry.type == 3 && entry.count == 1 ? le16(entry.value) + [0, 0] : le32(entry.value)
        }
        file += [0, 0, 0, 0] + make + model + le16(8) + le16(8) + le16(8)
        precondition(file.count == stripAt)
        file += [0x80, 0x80, 0x80]
        file += [UInt8](repeating: 0, count: dataOffset - file.count)
        let sample = samples ?? { x, y in checker(x: x, y: y, dark: 3000, bright: 30000) }
        for y in 0..<height {
            for x in 0..<width { file += le16(sample(x, y)) }
        }
        return (file, dataOffset)
    }

    // MARK: - Canon CRW

    /// Canon's CRW: a CIFF heap ("II", 26, "HEAPCCDR") whose records give
    /// Make and Model (0x080A), the sensor's size (0x1031), the decoder
    /// table (0x1835, table 0) and the image's size (0x1810). The raw data
    /// is Canon's compressed 10 bits (Huffman-coded blocks of 64 samples,
    /// from byte 540 after the low bits' block, zero here), one block a row:
    /// every block is flat but for its DC, so that the even columns of the
    /// top half hold 512 + 300 and the rest 512 (2048 and 3248 once the low
    /// bits are added). `keptDataBytes`: the compressed data cut to so many
    /// bytes, the records after it whole (a CRW's records lie at its end).
    /// `raised`: the top half's difference, below 1024; 512 or more is a
    /// sample past 10 bits, which LibRaw reports as a data error and keeps.
    public static func crw(width: Int = 64, height: Int = 48, keptDataBytes: Int? = nil,
                           raised: Int = 300) -> (file: [UInt8], dataOffset: Int) {
        precondition(width == 64, "one 64-sample block a row")
        var bits: [Bool] = []
        func put(_ text: String) { bits += text.map { $0 == "1" } }
        func put(_ value: Int, count: Int) { for bit in (0..<count).reversed() { bits.append(value >> bit & 1 == 1) } }
        for row in 0..<height {
            // The DC difference, carried from block to block: raised at the
            // top, lowered back halfway. Leaf 0x09 (code 11101) is 9 bits of
            // difference, 0x0A (111110) 10; a value whose top bit is clear is
            // negative: value - (2^bits - 1).
            let (leaf, bitCount) = raised < 512 ? ("11101", 9) : ("111110", 10)
            if row == 0 { put(leaf); put(raised, count: bitCount) }
            else if row == height / 2 { put(leaf); put((1 << bitCount) - 1 - raised, count: bitCount) }
            else { put("11110") }                                         // leaf 0x00: no difference
            put("111111011")                                              // end of block
        }
        bits += [Bool](repeating: false, count: (8 - bits.count % 8) % 8)
        var stream: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 8) {
            let byte = bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            stream.append(UInt8(byte))
            if byte == 0xFF { stream.append(0) }
        }
        stream += [UInt8](repeating: 0, count: 16)
        if let keptDataBytes { stream = Array(stream.prefix(keptDataBytes)) }

        let dataOffset = 540 + width * height / 4   // after the low bits (all zero)
        var heap = [UInt8](repeating: 0, count: dataOffset - 26) + stream
        var records: [UInt8] = []
        func record(_ type: Int, _ payload: [UInt8]) {
            records += le16(type) + le32(payload.count) + le32(heap.count)
            heap += payload
            if heap.count % 2 == 1 { heap.append(0) }
        }
        let names = Array("Canon\0Canon EOS Fixture\0".utf8)
        record(0x080A, names + [UInt8](repeating: 0, count: 128 - names.count))
        record(0x1031, le16(32) + le16(width) + le16(height) + [UInt8](repeating: 0, count: 26))
        record(0x1835, le32(0))
        record(0x1810, le32(width) + le32(height) + le32(0x3F80_0000) + le32(0))   // aspect 1.0, no flip
        let tableAt = heap.count
        heap += le16(4) + records + [0, 0, 0, 0] + le32(tableAt)
        let header = Array("II".utf8) + le32(26) + Array("HEAPCCDR".utf8) + le16(2) + le16(1) + [UInt8](repeating: 0, count: 8)
        return (header + heap, dataOffset)
    }

    // MARK: - Fujifilm RAF, a sensor turned 45°

    /// Fujifilm's RAF of an S5Pro-like camera, whose sensor (Super CCD) is
    /// turned 45°: the header ("FUJIFILMCCD-RAW", the model at 0x1C, the
    /// offsets at 84), an EXIF block where the JPEG preview would be (its
    /// TIFF, at 12 into it, names the maker), Fuji's directory (0x100 the
    /// raw size, 0x121 the image's, 0x130 the layout: not 8 in its second
    /// byte means turned) and `rawWidth`x`rawHeight` 16-bit samples of 257.
    /// LibRaw's output is the sensor's data turned back: for 96x32, 66x45.
    public static func raf(rawWidth: Int = 96, rawHeight: Int = 32) -> [UInt8] {
        var head = Array("FUJIFILMCCD-RAW 0201FF383501".utf8)
        head += Array("FinePix S5Pro".utf8) + [UInt8](repeating: 0, count: 32 - 13)
        head += Array("0100".utf8) + [UInt8](repeating: 0, count: 20)
        let exif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0, 0] + Array("Exif\0\0".utf8)
            + bigEndianTIFF(make: "FUJIFILM", model: "FinePix S5Pro")
        let previewAt = 128
        let directoryAt = (previewAt + exif.count + 15) / 16 * 16
        let entries: [(Int, [UInt8])] = [(0x100, be16(rawHeight) + be16(rawWidth)), (0x121, be16(rawHeight) + be16(rawWidth)),
                                         (0x130, [0, 0])]
        let directory = be32(entries.count) + entries.flatMap { be16($0.0) + be16($0.1.count) + $0.1 }
        let dataAt = (directoryAt + directory.count + 15) / 16 * 16
        let data = [UInt8](repeating: 1, count: 2 * rawWidth * rawHeight)
        var file = head + be32(previewAt) + be32(exif.count) + be32(directoryAt) + be32(directory.count)
            + be32(dataAt) + be32(data.count)
        file += [UInt8](repeating: 0, count: previewAt - file.count) + exif
        file += [UInt8](repeating: 0, count: directoryAt - file.count) + directory
        file += [UInt8](repeating: 0, count: dataAt - file.count)
        return file + data
    }

    // MARK: - Bytes

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
    static func be16(_ value: Int) -> [UInt8] { le16(value).reversed() }
    static func be32(_ value: Int) -> [UInt8] { le32(value).reversed() }

    /// A big-endian TIFF whose IFD0 holds Make and Model alone.
    static func bigEndianTIFF(make: String, model: String) -> [UInt8] {
        let texts = [Array(make.utf8) + [0], Array(model.utf8) + [0]]
        var out: [UInt8] = Array("MM".utf8) + [0, 0x2A] + be32(8) + be16(2)
        var at = 8 + 2 + 12 * 2 + 4
        for (tag, text) in zip([0x010F, 0x0110], texts) {
            out += be16(tag) + be16(2) + be32(text.count) + be32(at)
            at += text.count
        }
        return out + [0, 0, 0, 0] + texts.joined()
    }
}
