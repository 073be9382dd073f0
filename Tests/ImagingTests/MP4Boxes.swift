import Imaging

/// A small ISO-BMFF reader for the tests: the boxes of an MP4, and the
/// video track's timing and colour as the file states them, read here
/// rather than through FFmpeg, so the tests check the bytes themselves.
struct MP4Boxes {
    struct Box {
        var type: String
        /// Where the box starts in the file, and its payload (after the header).
        var offset: Int
        var payload: Range<Int>
    }

    enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        var description: String { if case .malformed(let why) = self { why } else { "" } }
    }

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The boxes directly inside `range` (the whole file by default).
    func boxes(in range: Range<Int>? = nil) throws -> [Box] {
        let range = range ?? 0..<bytes.count
        var found: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound {
            var size = Int(u32(at))
            var header = 8
            if size == 1 {
                size = Int(u64(at + 8))
                header = 16
            } else if size == 0 {
                size = range.upperBound - at
            }
            guard size >= header, at + size <= range.upperBound else { throw Failure.malformed("box at \(at) overruns") }
            found.append(Box(type: String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), offset: at,
                             payload: at + header..<at + size))
            at += size
        }
        return found
    }

    /// The first box along `path` ("moov/trak/mdia/mdhd").
    func box(_ path: String) throws -> Box {
        var range: Range<Int>? = nil
        var current: Box?
        for type in path.split(separator: "/") {
            guard let next = try boxes(in: range).first(where: { $0.type == type }) else {
                throw Failure.malformed("no \(path)")
            }
            current = next
            range = next.payload
        }
        return current!
    }

    func u8(_ at: Int) -> Int { Int(bytes[at]) }
    func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func u32(_ at: Int) -> UInt32 { bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) } }
    func u64(_ at: Int) -> UInt64 { bytes[at..<at + 8].reduce(0) { $0 << 8 | UInt64($1) } }

    /// A full box's (mvhd, mdhd) timescale and duration, version 0 or 1.
    func timescaleAndDuration(_ path: String) throws -> (timescale: Int, duration: Int) {
        let box = try box(path), at = box.payload.lowerBound
        if u8(at) == 1 { return (Int(u32(at + 20)), Int(u64(at + 24))) }
        return (Int(u32(at + 12)), Int(u32(at + 16)))
    }

    /// The stts table: (sample count, delta) runs.
    func timeToSample() throws -> [(count: Int, delta: Int)] {
        let at = try box("moov/trak/mdia/minf/stbl/stts").payload.lowerBound
        return (0..<Int(u32(at + 4))).map { (Int(u32(at + 8 + $0 * 8)), Int(u32(at + 12 + $0 * 8))) }
    }

    /// Composition offsets (ctts), one per sample; zeros when there is no ctts.
    func compositionOffsets(samples: Int) throws -> [Int] {
        guard let ctts = try? box("moov/trak/mdia/minf/stbl/ctts") else { return Array(repeating: 0, count: samples) }
        let at = ctts.payload.lowerBound
        var offsets: [Int] = []
        for entry in 0..<Int(u32(at + 4)) {
            let count = Int(u32(at + 8 + entry * 8))
            let offset = Int(Int32(bitPattern: u32(at + 12 + entry * 8)))
            offsets += Array(repeating: offset, count: count)
        }
        return offsets
    }

    /// The stsz sample count.
    func sampleCount() throws -> Int {
        Int(u32(try box("moov/trak/mdia/minf/stbl/stsz").payload.lowerBound + 8))
    }

    /// Each frame's duration in display order, in the track's timescale:
    /// presentation times from stts and ctts, sorted; the last frame lasts
    /// until the end the media header gives.
    func displayDurations() throws -> [Int] {
        var decodeTime = 0
        var decodeTimes: [Int] = []
        for run in try timeToSample() {
            for _ in 0..<run.count {
                decodeTimes.append(decodeTime)
                decodeTime += run.delta
            }
        }
        let offsets = try compositionOffsets(samples: decodeTimes.count)
        let shown = zip(decodeTimes, offsets).map { $0 + $1 }.sorted()
        let end = shown[0] + (try timescaleAndDuration("moov/trak/mdia/mdhd").duration)
        return zip(shown, shown.dropFirst() + [end]).map { $1 - $0 }
    }

    /// The avc1 sample entry's children (avcC, colr, pasp, ...).
    func sampleEntryBoxes() throws -> (entry: String, width: Int, height: Int, children: [Box]) {
        let stsd = try box("moov/trak/mdia/minf/stbl/stsd")
        guard let entry = try boxes(in: stsd.payload.lowerBound + 8..<stsd.payload.upperBound).first else {
            throw Failure.malformed("empty stsd")
        }
        // VisualSampleEntry: 8 bytes of SampleEntry, then 70 bytes before its boxes.
        let at = entry.payload.lowerBound
        return (entry.type, u16(at + 24), u16(at + 26), try boxes(in: at + 78..<entry.payload.upperBound))
    }

    /// The colr box's nclx values: primaries, transfer, matrix, full range.
    func colour() throws -> CICP {
        guard let colr = try sampleEntryBoxes().children.first(where: { $0.type == "colr" }) else {
            throw Failure.malformed("no colr box")
        }
        let at = colr.payload.lowerBound
        guard String(decoding: bytes[at..<at + 4], as: UTF8.self) == "nclx" else { throw Failure.malformed("colr is not nclx") }
        return CICP(primaries: u16(at + 4), transfer: u16(at + 6), matrix: u16(at + 8), fullRange: u8(at + 10) & 0x80 != 0)
    }
}
