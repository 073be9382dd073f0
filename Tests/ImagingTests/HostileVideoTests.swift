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
        let descriptor = open(path, O_WRONLY)
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
