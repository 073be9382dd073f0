import Foundation
import Imaging
import Testing
import TestSupport

/// Animated PNGs written by FFmpeg's APNG encoder (which picks each frame's
/// region, dispose and blend operations to save bytes) give the frames
/// FFmpeg's own APNG decoder gives, pixel for pixel.
@Suite(.enabled(if: ExternalTools.has("ffmpeg"), "needs ffmpeg (Scripts/install-deps.sh --tests)"))
struct APNGCrossCheckTests {
    static let sources: [(name: String, arguments: [String])] = [
        // Opaque moving pictures: partial frames blended "over" (unchanged pixels transparent).
        ("over", ["-f", "lavfi", "-i", "testsrc2=size=96x64:rate=10"]),
        // A transparent canvas with a moving box and a half-transparent one: "background" disposal.
        ("background", ["-filter_complex",
                        "color=c=black@0.0:s=64x48:r=10,format=rgba[bg];color=c=blue:s=10x10:r=10,format=rgba[box];"
                            + "color=c=green@0.5:s=8x6:r=10,format=rgba[half];[bg][box]overlay=x='n*6':y=10:format=auto[a];"
                            + "[a][half]overlay=x=5:y='n*4':format=auto,format=rgba"]),
    ]

    @Test(arguments: 0..<2)
    func framesMatchFFmpegs(source: Int) throws {
        let (name, arguments) = Self.sources[source]
        let folder = NSTemporaryDirectory() + "filmroll-apng-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/\(name).png"
        _ = try ExternalTools.run(["ffmpeg", "-v", "error", "-y"] + arguments
            + ["-frames:v", "8", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng", path])
        _ = try ExternalTools.run(["ffmpeg", "-v", "error", "-y", "-i", path, "-vsync", "0", "-f", "rawvideo", "-pix_fmt", "rgba",
                                   path + ".rgba"])
        let theirs = try FileBytes.read(path + ".rgba")

        let reader = try FrameReader(contentsOf: path)
        #expect(reader.frameCount == 8)
        var ours: [UInt8] = []
        var delays: [Int] = []
        while let frame = try reader.next() {
            ours += frame.image.pixels
            delays.append(frame.delayMilliseconds)
        }
        #expect(delays == Array(repeating: 100, count: 8))
        #expect(ours.count == theirs.count)
        #expect(ours == theirs)
    }
}
