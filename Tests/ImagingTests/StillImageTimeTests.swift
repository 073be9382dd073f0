import Files
import Foundation
@testable import Imaging
import Testing
import TestSupport

/// A Live Photo's MOV marks its still with a timed metadata track; these
/// build such tracks as an iPhone writes them (an empty sample, then the
/// one holding the still-image-time item) and read the time back.
@Suite struct StillImageTimeTests {
    static func box(_ type: [UInt8], _ payload: [UInt8]) -> [UInt8] { be32(payload.count + 8) + type + payload }
    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { box(Array(type.utf8), payload) }
    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    /// A `meta` track whose `mebx` entry declares `key`, of samples `sizes`
    /// lasting `deltas` (600 a second), shown through `edits` when given,
    /// its samples at `dataOffset`.
    static func track(key: String = StillImageTime.key, sizes: [Int] = [8, 9], deltas: [Int] = [900, 60],
                      edits: [(duration: Int, mediaTime: Int)]? = nil, dataOffset: Int = 0) -> [UInt8] {
        let keyd = box("keyd", Array("mdta".utf8) + Array(key.utf8))
        let keys = box("keys", box([0, 0, 0, 1], keyd + box("dtyp", be32(0) + be32(75))))
        let entry = box("mebx", [0, 0, 0, 0, 0, 0, 0, 1] + keys)
        let table = box("stbl", box("stsd", be32(0) + be32(1) + entry)
            + box("stts", be32(0) + be32(deltas.count) + deltas.flatMap { be32(1) + be32($0) })
            + box("stsc", be32(0) + be32(1) + be32(1) + be32(sizes.count) + be32(1))
            + box("stsz", be32(0) + be32(0) + be32(sizes.count) + sizes.flatMap(be32))
            + box("stco", be32(0) + be32(1) + be32(dataOffset)))
        let handler = box("hdlr", be32(0) + be32(0) + Array("meta".utf8) + [UInt8](repeating: 0, count: 13))
        let header = box("mdhd", be32(0) + be32(0) + be32(0) + be32(600) + be32(deltas.reduce(0, +)) + be32(0))
        let media = box("mdia", header + handler + box("minf", box("nmhd", be32(0)) + table))
        let list = edits.map { edits in
            box("edts", box("elst", be32(0) + be32(edits.count) + edits.flatMap { be32($0.duration) + be32($0.mediaTime) + be32(1 << 16) }))
        } ?? []
        return box("trak", list + media)
    }

    static func movie(_ tracks: [UInt8]...) -> [UInt8] {
        box("mvhd", be32(0) + be32(0) + be32(0) + be32(1000) + be32(2000) + [UInt8](repeating: 0, count: 80)) + tracks.flatMap { $0 }
    }

    @Test func theStillIsWhereTheFirstItemIs() {
        #expect(StillImageTime.seconds(inMovie: Self.movie(Self.track())) == 1.5)
        // Every sample holding an item: the first one, at the start.
        #expect(StillImageTime.seconds(inMovie: Self.movie(Self.track(sizes: [9, 9]))) == 0)
        // Through an edit list: 0.3 s of nothing (movie time, 1000 a second), then the media from its start.
        let edited = Self.track(edits: [(300, -1), (1700, 0)])
        #expect(abs((StillImageTime.seconds(inMovie: Self.movie(edited)) ?? -1) - 1.8) < 1e-9)
        // Another key's track beside it is passed over.
        let other = Self.track(key: "com.apple.quicktime.video-orientation", sizes: [10], deltas: [60])
        #expect(StillImageTime.seconds(inMovie: Self.movie(other, Self.track())) == 1.5)
    }

    @Test func noStillImageKeyNoTime() {
        #expect(StillImageTime.seconds(inMovie: Self.movie(Self.track(key: "com.apple.quicktime.live-photo-info"))) == nil)
        #expect(StillImageTime.seconds(inMovie: Self.movie(Self.track(sizes: [8, 8]))) == nil)   // no item at all
        #expect(StillImageTime.seconds(inMovie: Self.movie()) == nil)
    }

    /// Counts that claim more than their box holds, and the index cut at
    /// every length: nil or a time, never a crash.
    @Test func lyingBoxesGiveNothing() {
        var huge = Self.movie(Self.track())
        let stsz = huge.firstRange(of: Array("stsz".utf8))!.upperBound
        huge.replaceSubrange(stsz + 8..<stsz + 12, with: [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(StillImageTime.seconds(inMovie: huge) == nil)
        let whole = Self.movie(Self.track(edits: [(300, -1), (1700, 0)]))
        for length in 0..<whole.count { _ = StillImageTime.seconds(inMovie: Array(whole.prefix(length))) }
    }

    /// An iPhone-like MOV given the track (its index is the file's last box):
    /// the decoder reports the still's time, and the poster is still made.
    @Test func aLiveMOVGivesItsStillTimeToTheDecoder() throws {
        var bytes = try FileBytes.read(VideoDecoderTests.clip("iphone-hevc.mov"))
        let moov = try #require(bytes.firstRange(of: Array("moov".utf8))).lowerBound - 4
        let length = Int(bytes[moov]) << 24 | Int(bytes[moov + 1]) << 16 | Int(bytes[moov + 2]) << 8 | Int(bytes[moov + 3])
        try #require(moov + length == bytes.count)
        let mdat = try #require(bytes.firstRange(of: Array("mdat".utf8))).upperBound
        bytes += Self.track(dataOffset: mdat)
        bytes.replaceSubrange(moov..<moov + 4, with: Self.be32(bytes.count - moov))   // the index now runs to the end
        let folder = VideoDecoderTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.write(bytes, to: folder + "/IMG_0001.MOV")
        let info = try ImageDecoder.readInfo(contentsOf: folder + "/IMG_0001.MOV")
        #expect(info.metadata.video?.stillImageSeconds == 1.5)
        let poster = try ImageDecoder.decode(contentsOf: folder + "/IMG_0001.MOV").frames[0].image
        #expect(poster.size == info.uprightSize)
        // The clip as it was has no such track.
        #expect(try ImageDecoder.readInfo(contentsOf: VideoDecoderTests.clip("iphone-hevc.mov")).metadata.video?.stillImageSeconds == nil)
    }
}
