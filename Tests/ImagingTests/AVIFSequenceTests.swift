import Foundation
import Imaging
import Testing
import TestSupport

/// An AVIF image sequence counts its track's frames, and gives them
/// (through FFmpeg) to whatever reads animations; its still stays the
/// primary image.
@Suite(.enabled(if: ExternalTools.has("ffmpeg"), "needs ffmpeg (Scripts/install-deps.sh --tests)"))
struct AVIFSequenceTests {
    /// FFmpeg's test pattern, 64×48, `count` frames at 5 a second, as an AVIF sequence.
    static func sequence(count: Int, in folder: String) throws -> String {
        let path = folder + "/sequence.avif"
        _ = try ExternalTools.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=5",
                                   "-frames:v", "\(count)", "-c:v", "libaom-av1", "-still-picture", "0", "-crf", "10",
                                   "-pix_fmt", "yuv444p", path])
        return path
    }

    /// FFmpeg's own decode of every frame, RGB8.
    static func ffmpegFrames(_ path: String, size: PixelSize) throws -> [[UInt8]] {
        let raw = path + ".rgb"
        _ = try ExternalTools.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw])
        let bytes = try FileBytes.read(raw)
        let frameBytes = size.pixelCount * 3
        return stride(from: 0, to: bytes.count, by: frameBytes).map { Array(bytes[$0..<min(bytes.count, $0 + frameBytes)]) }
    }

    @Test func framesAreCountedAndRead() throws {
        let folder = NSTemporaryDirectory() + "filmroll-avis-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.sequence(count: 5, in: folder)

        let info = try ImageDecoder.readInfo(contentsOf: path)
        #expect(info.format == .avif)
        #expect(info.metadata.frameCount == 5)
        #expect(info.storedSize == PixelSize(width: 64, height: 48))

        let reader = try FrameReader(contentsOf: path)
        #expect(reader.isAnimation)
        var frames: [ImageFrame] = []
        while let frame = try reader.next() { frames.append(frame) }
        #expect(frames.count == 5)
        #expect(frames.map(\.delayMilliseconds) == [200, 200, 200, 200, 200])

        let theirs = try Self.ffmpegFrames(path, size: info.storedSize)
        #expect(theirs.count == 5)
        for (index, (frame, reference)) in zip(frames, theirs).enumerated() {
            let ours = frame.image.format == .rgb8 ? frame.image.pixels
                : (0..<64 * 48).flatMap { Array(frame.image.pixels[$0 * 4..<$0 * 4 + 3]) }
            #expect(ours.count == reference.count)
            let differences = zip(ours, reference).map { abs(Int($0) - Int($1)) }
            #expect(differences.max() ?? 0 <= 24, "frame \(index)")
            #expect(Double(differences.reduce(0, +)) / Double(differences.count) < 2, "frame \(index)")
        }
        // The frames move: testsrc's counter changes every frame.
        #expect(frames[0].image.pixels != frames[1].image.pixels)
    }
}
