import Foundation
@testable import Imaging
import Testing
import TestSupport

/// Frames read one at a time are the frames a whole decode gives.
@Suite struct FrameReaderTests {
    @Test(arguments: ["gif/animated.gif", "phone/animated.webp", "gif/still.gif", "jpeg/photo.jpg"])
    func framesMatchTheWholeDecode(file: String) throws {
        let whole = try Fixtures.decode(file, options: DecodeOptions(frames: .all))
        let reader = try FrameReader(contentsOf: Fixtures.path(file))
        #expect(reader.frameCount == whole.frames.count)
        #expect(reader.info.storedSize == whole.info.storedSize)
        var frames: [ImageFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        #expect(frames == whole.frames)
        #expect(try reader.next() == nil)
    }

    @Test func limitsAreCheckedBeforeTheFirstFrame() throws {
        #expect(throws: ImagingError.limitExceeded(.decoder("too many frames (more than 2)"))) {
            try FrameReader(contentsOf: Fixtures.path("gif/animated.gif"), limits: DecodeLimits(maxFrames: 2))
        }
        #expect(throws: ImagingError.animationTooLarge(frames: 4, size: PixelSize(width: 48, height: 32))) {
            try FrameReader(contentsOf: Fixtures.path("gif/animated.gif"), limits: DecodeLimits(maxTotalPixels: 5000))
        }
        #expect(throws: ImagingError.imageTooLarge(PixelSize(width: 48, height: 32))) {
            try FrameReader(contentsOf: Fixtures.path("gif/animated.gif"), limits: DecodeLimits(maxPixelsPerFrame: 1000))
        }
    }

    /// A GIF cut inside its first frame has nothing to show: one error.
    /// One cut after its second frame shows those two, as browsers do.
    @Test func truncatedGIFs() throws {
        let bytes = try Fixtures.bytes("gif/animated.gif")
        let folder = NSTemporaryDirectory() + "filmroll-reader-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let firstFrameEnd = try #require(Self.frameEnds(bytes).first)
        try AtomicFile.write(Array(bytes.prefix(firstFrameEnd - 3)), to: folder + "/cut.gif")
        #expect {
            try FrameReader(contentsOf: folder + "/cut.gif")
        } throws: { error in
            guard case .truncated(.gif, _)? = error as? ImagingError else { return false }
            return true
        }
        let secondFrameEnd = Self.frameEnds(bytes)[1]
        try AtomicFile.write(Array(bytes.prefix(secondFrameEnd + 5)), to: folder + "/two.gif")
        let reader = try FrameReader(contentsOf: folder + "/two.gif")
        #expect(reader.frameCount == 2)
        #expect(try reader.next() != nil && reader.next() != nil && reader.next() == nil)
    }

    /// Where each frame's data ends (the byte after its zero-length block).
    static func frameEnds(_ bytes: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var offset = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x21:
                offset += 2
                while offset < bytes.count && bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
                offset += 1
            case 0x2C:
                let packed = bytes[offset + 9]
                offset += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1
                while offset < bytes.count && bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
                offset += 1
                ends.append(offset)
            default:
                return ends
            }
        }
        return ends
    }
}
