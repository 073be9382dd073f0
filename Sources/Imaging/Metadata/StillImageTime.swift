#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// When a Live Photo's MOV shows its still: Apple writes it as a timed
/// metadata track (sample entry `mebx`) whose key table declares
/// `com.apple.quicktime.still-image-time`; the first sample holding an item
/// (more than its 8-byte header) sits at that time. Its presentation time is
/// read through the track's edit list, as a player would show it.
///
/// The index (`moov`) is found by walking the file's top-level boxes and is
/// read only when at most `moovLimit` long; every size and count in it is
/// checked against what holds it, so a lying box yields nil, never a crash.
enum StillImageTime {
    static let key = "com.apple.quicktime.still-image-time"
    /// The largest index read: a Live Photo's is a few kilobytes.
    static let moovLimit = 16 << 20

    /// The still's time in seconds, or nil when the file declares none.
    static func seconds(inFileAt path: String) -> Double? {
        guard let (descriptor, size) = try? FileBytes.openRegular(path) else { return nil }
        defer { close(descriptor) }
        var offset = 0
        while offset + 8 <= size {
            var head = [UInt8](repeating: 0, count: 16)
            guard pread(descriptor, &head, 16, off_t(offset)) >= 8 else { return nil }
            var length = Int(BoxReader.uint32(head, 0)), headerLength = 8
            if length == 1 {
                guard offset + 16 <= size else { return nil }
                let large = BoxReader.uint64(head, 8)
                guard large <= UInt64(Int.max) else { return nil }
                length = Int(large)
                headerLength = 16
            } else if length == 0 {
                length = size - offset
            }
            guard length >= headerLength, length <= size - offset else { return nil }
            if head[4...7].elementsEqual(Array("moov".utf8)) {
                guard length <= moovLimit else { return nil }
                var moov = [UInt8](repeating: 0, count: length - headerLength)
                guard pread(descriptor, &moov, moov.count, off_t(offset + headerLength)) == moov.count else { return nil }
                return seconds(inMovie: moov)
            }
            offset += length
        }
        return nil
    }

    /// The still's time in the contents of a `moov` box.
    static func seconds(inMovie moov: [UInt8]) -> Double? {
        let movie = BoxReader(moov)
        guard let movieHeader = movie.child("mvhd"), let movieScale = movieHeader.timescale(), movieScale > 0 else { return nil }
        for track in movie.children("trak") {
            guard let media = track.child("mdia"), let handler = media.child("hdlr"), handler.bytes(8, 4) == Array("meta".utf8),
                  let table = media.child("minf")?.child("stbl"), let description = table.child("stsd"),
                  Self.declaresStillImageTime(description),
                  let mediaScale = media.child("mdhd")?.timescale(), mediaScale > 0,
                  let mediaTime = table.firstItemTime() else { continue }
            return Self.presentation(of: mediaTime, mediaScale: mediaScale, movieScale: movieScale,
                                     edits: track.child("edts")?.child("elst"))
        }
        return nil
    }

    /// Whether a sample description `mebx` lists the still-image-time key.
    private static func declaresStillImageTime(_ description: BoxReader) -> Bool {
        // Version and flags, the entry count, then the first entry: size, type, 6 reserved, index.
        guard description.bytes(12, 4) == Array("mebx".utf8),
              let keys = BoxReader(description.payload, from: 8 + 16).child("keys") else { return false }
        // Each key is a box named by its local id, holding `keyd`: a namespace, then the key.
        for declared in keys.children(nil) {
            guard let keyd = declared.child("keyd"), keyd.payload.count > 4 else { continue }
            if keyd.bytes(0, 4) == Array("mdta".utf8), keyd.payload.dropFirst(4).elementsEqual(Array(key.utf8)) { return true }
        }
        return false
    }

    /// A media time as shown: through the edit list's empty edits and media edits, when it has one.
    private static func presentation(of mediaTime: Int, mediaScale: Int, movieScale: Int, edits: BoxReader?) -> Double? {
        guard let edits, let entries = edits.editEntries() else { return Double(mediaTime) / Double(mediaScale) }
        var shown = 0.0
        for entry in entries {
            let duration = Double(entry.duration) / Double(movieScale)
            if entry.mediaTime < 0 {
                shown += duration
                continue
            }
            let start = Double(entry.mediaTime) / Double(mediaScale), time = Double(mediaTime) / Double(mediaScale)
            if time >= start && time < start + max(duration, .leastNonzeroMagnitude) { return shown + time - start }
            shown += duration
        }
        return nil
    }
}

/// The boxes inside one ISO/QuickTime box's payload, bounds-checked.
struct BoxReader {
    let payload: ArraySlice<UInt8>

    init(_ bytes: [UInt8], from start: Int = 0) {
        payload = start <= bytes.count ? bytes[start...] : []
    }

    init(_ slice: ArraySlice<UInt8>, from start: Int) {
        let begin = slice.startIndex + start
        payload = begin <= slice.endIndex ? slice[begin...] : []
    }

    /// The boxes of `type` (any type when nil), in order.
    func children(_ type: String?) -> [BoxReader] {
        var found: [BoxReader] = []
        var offset = payload.startIndex
        while offset + 8 <= payload.endIndex {
            let length = Int(Self.uint32(payload, offset))
            guard length >= 8, length <= payload.endIndex - offset else { break }
            if type == nil || payload[offset + 4..<offset + 8].elementsEqual(Array(type!.utf8)) {
                found.append(BoxReader(payload[offset + 8..<offset + length], from: 0))
            }
            offset += length
        }
        return found
    }

    func child(_ type: String) -> BoxReader? { children(type).first }

    /// `count` bytes at `offset` in the payload, or nil past its end.
    func bytes(_ offset: Int, _ count: Int) -> [UInt8]? {
        guard offset >= 0, offset + count <= payload.count else { return nil }
        return Array(payload[payload.startIndex + offset..<payload.startIndex + offset + count])
    }

    func uint32(at offset: Int) -> Int? { bytes(offset, 4).map { Int(Self.uint32($0, 0)) } }

    /// A full box's `timescale` (`mvhd`, `mdhd`): after the version's times.
    func timescale() -> Int? {
        guard let version = bytes(0, 1)?[0] else { return nil }
        return uint32(at: version == 1 ? 20 : 12)
    }

    /// In a sample table: the decode time of the first sample that holds an
    /// item (larger than a metadata sample's 8-byte header). Metadata
    /// samples are shown as decoded (no composition offsets).
    func firstItemTime() -> Int? {
        guard let sizes = child("stsz"), let times = child("stts"),
              let uniform = sizes.uint32(at: 4), let count = sizes.uint32(at: 8) else { return nil }
        var sample = 0
        if uniform == 0 {
            guard count <= (sizes.payload.count - 12) / 4 else { return nil }
            while sample < count, (sizes.uint32(at: 12 + 4 * sample) ?? 0) <= 8 { sample += 1 }
        } else if uniform <= 8 {
            return nil
        }
        guard sample < count, let runs = times.uint32(at: 4), runs <= (times.payload.count - 8) / 8 else { return nil }
        var time = 0, before = sample
        for run in 0..<runs {
            guard let samples = times.uint32(at: 8 + 8 * run), let delta = times.uint32(at: 12 + 8 * run) else { return nil }
            let taken = min(samples, before)
            time += taken * delta
            before -= taken
            if before == 0 { break }
        }
        guard before == 0 else { return nil }
        return time
    }

    /// An edit list's entries: segment duration (movie time scale) and media time (-1: empty).
    func editEntries() -> [(duration: Int, mediaTime: Int)]? {
        guard let version = bytes(0, 1)?[0], let count = uint32(at: 4) else { return nil }
        let width = version == 1 ? 8 : 4, entrySize = 2 * width + 4
        guard count <= (payload.count - 8) / entrySize else { return nil }
        return (0..<count).compactMap { index in
            let at = 8 + index * entrySize
            guard let duration = bytes(at, width), let media = bytes(at + width, width) else { return nil }
            let mediaTime = width == 8 ? Int(truncatingIfNeeded: Self.uint64(media, 0)) : Int(Int32(bitPattern: Self.uint32(media, 0)))
            let length = width == 8 ? Int(clamping: Self.uint64(duration, 0)) : Int(Self.uint32(duration, 0))
            return (length, mediaTime)
        }
    }

    static func uint32<C: Collection>(_ bytes: C, _ offset: C.Index) -> UInt32 where C.Element == UInt8, C.Index == Int {
        (offset..<offset + 4).reduce(0) { $0 << 8 | UInt32(bytes[$1]) }
    }

    static func uint64<C: Collection>(_ bytes: C, _ offset: C.Index) -> UInt64 where C.Element == UInt8, C.Index == Int {
        (offset..<offset + 8).reduce(0) { $0 << 8 | UInt64(bytes[$1]) }
    }
}
