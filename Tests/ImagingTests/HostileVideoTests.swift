#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Videos from outside lie too: no index, an index past a huge file's
/// end, an edit list pointing nowhere. Each fails in one line naming what
/// is wrong, or is read as far as it can be; none hangs or holds memory
/// for what it claims.
@Suite struct HostileVideoTests {
    static func fixture() throws -> [UInt8] { try FileBytes.read(VideoDecoderTests.clip("fade-in.mp4")) }

    static func write(_ bytes: [UInt8], _ name: String) throws -> (folder: String, path: String) {
        let folder = VideoDecoderTests.scratch()
        try AtomicFile.write(bytes, to: folder + "/" + name)
        return (folder, folder + "/" + name)
    }

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let size = UInt32(payload.count + 8)
        return (0..<4).map { UInt8(size >> (24 - 8 * $0) & 0xFF) } + Array(type.utf8) + payload
    }

    static func failsInOneLine(_ path: String) -> Bool {
        do {
            _ = try ImageDecoder.decode(contentsOf: path)
            return false
        } catch {
            return error.isInTheFile && !error.description.contains("\n")
        }
    }

    @Test func anMP4WithoutItsIndexFailsInOneLine() throws {
        let file = Self.box("ftyp", Array("isom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8))
            + Self.box("mdat", [UInt8](repeating: 0x42, count: 4096))
        let (folder, path) = try Self.write(file, "no-moov.mp4")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Self.failsInOneLine(path))
    }

    /// 8 GB that are not there (a sparse file): the demuxer skips the
    /// claimed media data by its size and finds no index at the end.
    @Test func aHugeFileWithoutIndexFailsFastAndSmall() throws {
        let (folder, path) = try Self.write(Self.box("ftyp", Array("qt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8)), "huge.mov")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let size: Int64 = 8 << 30
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        // A 64-bit mdat claiming the rest of the file.
        var header: [UInt8] = [0, 0, 0, 1] + Array("mdat".utf8) + (0..<8).map { UInt8((size - 20) >> (56 - 8 * Int64($0)) & 0xFF) }
        _ = header.withUnsafeMutableBytes { pwrite(descriptor, $0.baseAddress, 16, 20) }
        #expect(ftruncate(descriptor, off_t(size)) == 0)
        close(descriptor)
        let start = Date()
        #expect(Self.failsInOneLine(path))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func anEditListPointingNowhereStillGivesAPosterOrOneLine() throws {
        var bytes = try Self.fixture()
        let elst = try #require(bytes.firstRange(of: Array("elst".utf8)))
        // version/flags, one entry, its duration, then its media time: far past the end.
        bytes.replaceSubrange(elst.upperBound + 12..<elst.upperBound + 16, with: [0x7F, 0xFF, 0xFF, 0xF0])
        let (folder, path) = try Self.write(bytes, "edit-list.mp4")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let poster = try ImageDecoder.decode(contentsOf: path).frames[0].image
            #expect(poster.size == PixelSize(width: 160, height: 120))
        } catch {
            #expect(error.isInTheFile && !error.description.contains("\n"))
        }
    }

    /// The H.264 parameter set of a clip rewritten to claim 100000×100000
    /// frames (6250×6250 macroblocks), its sample entry 65535×65535 (the
    /// most its 16 bits hold): the poster and the web clip each fail in one
    /// line, at once, without allocating for the claim.
    @Test func aClaimedHundredThousandSquareFrameFailsInOneLine() throws {
        var bytes = try Self.fixture()
        let avcC = try #require(bytes.firstRange(of: Array("avcC".utf8))).upperBound
        let spsStart = avcC + 8, spsLength = Int(bytes[avcC + 6]) << 8 | Int(bytes[avcC + 7])
        let sps = Self.hugeParameterSet(profile: bytes[spsStart + 1], macroblocks: 100_000 / 16)
        // ffprobe reads these bytes as "Picture size 100000x100000 is invalid".
        #expect(sps == [0x67, 0x64, 0x00, 0x33, 0xAC, 0xDA, 0x00, 0x06, 0x1A, 0x80, 0x03, 0x0D, 0x59])
        try #require(sps.count <= spsLength)
        bytes.replaceSubrange(spsStart..<spsStart + spsLength, with: sps + [UInt8](repeating: 0, count: spsLength - sps.count))
        // avc1: size, type, 6 reserved, data reference index, 16 predefined, then width and height.
        let entry = try #require(bytes.firstRange(of: Array("avc1".utf8))).upperBound + 6 + 2 + 16
        bytes.replaceSubrange(entry..<entry + 4, with: [0xFF, 0xFF, 0xFF, 0xFF])
        let (folder, path) = try Self.write(bytes, "huge-frame.mp4")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let start = Date()
        #expect(Self.failsInOneLine(path))
        #expect {
            try ClipTranscoder.transcode(path, to: folder + "/clip.mp4", options: VideoOptions(crf: 23, preset: .veryfast),
                                         limits: .default)
        } throws: { error in
            (error as? ImagingError)?.description.contains("\n") == false
        }
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(!FileManager.default.fileExists(atPath: folder + "/clip.mp4"))
    }

    /// An H.264 sequence parameter set (High profile, 4:2:0, 8-bit, no VUI)
    /// of `macroblocks`×`macroblocks` frames.
    static func hugeParameterSet(profile: UInt8, macroblocks: Int) -> [UInt8] {
        var bits: [Bool] = []
        func put(_ value: Int, bits count: Int) { for shift in (0..<count).reversed() { bits.append(value >> shift & 1 == 1) } }
        func exponentialGolomb(_ value: Int) {
            let coded = value + 1, width = Int.bitWidth - coded.leadingZeroBitCount
            put(0, bits: width - 1)
            put(coded, bits: width)
        }
        put(0x67, bits: 8); put(Int(profile), bits: 8); put(0, bits: 8); put(51, bits: 8)   // NAL type 7; level 5.1
        exponentialGolomb(0)                         // its id
        exponentialGolomb(1); exponentialGolomb(0); exponentialGolomb(0)   // 4:2:0, 8-bit luma and chroma
        put(0, bits: 2)                              // no lossless bypass, no scaling matrices
        exponentialGolomb(0)                         // log2 of the largest frame number, less 4
        exponentialGolomb(0); exponentialGolomb(2)   // picture order count type 0, its log2 less 4
        exponentialGolomb(1); put(0, bits: 1)        // one reference frame, no gaps
        exponentialGolomb(macroblocks - 1); exponentialGolomb(macroblocks - 1)
        put(0b1100, bits: 4)                         // frames only, direct 8×8; no cropping, no VUI
        bits.append(true)                            // the stop bit, then zeros to a byte
        while bits.count % 8 != 0 { bits.append(false) }
        return stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }

    @Test func aCutVideoAtEveryLengthNeverCrashes() throws {
        let bytes = try Self.fixture()
        let folder = VideoDecoderTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for length in [12, 40, 100, 1000, bytes.count / 2, bytes.count - 100] {
            let path = folder + "/cut-\(length).mp4"
            try AtomicFile.write(Array(bytes.prefix(length)), to: path)
            do {
                _ = try ImageDecoder.decode(contentsOf: path)
            } catch {
                #expect(!error.description.contains("\n"), "\(length): \(error)")
            }
        }
    }

    /// A four-hour video gets its poster, but no clip: the page links the original.
    @Test func noClipIsMadeOfAVideoLongerThanHalfAnHour() {
        func needs(_ seconds: Double, codec: String) -> Bool {
            ClipTranscoder.needsClip(VideoFacts(durationSeconds: seconds, codec: codec))
        }
        #expect(needs(60, codec: "hevc"))
        #expect(!needs(4 * 3600, codec: "hevc"))
        #expect(!needs(60, codec: "h264"))
    }
}
