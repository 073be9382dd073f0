#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing

/// Frames and folders for the video tests.
enum VideoFixtures {
    /// A smooth frame that moves with `index`: a diagonal colour gradient
    /// with a soft-edged bright disc drifting across it, as a photo
    /// slideshow or a camera pan gives an encoder.
    static func frame(_ index: Int, size: PixelSize, format: PixelFormat = .rgb8) -> Image {
        let bytes = format.bytesPerPixel
        var pixels = [UInt8](repeating: 255, count: size.pixelCount * bytes)
        let centerX = Double(size.width) * (0.25 + 0.02 * Double(index)), centerY = Double(size.height) * 0.5
        let radius = Double(min(size.width, size.height)) * 0.25
        for y in 0..<size.height {
            for x in 0..<size.width {
                let u = Double(x) / Double(size.width), v = Double(y) / Double(size.height)
                var red = 40 + 160 * u, green = 60 + 120 * v, blue = 180 - 100 * u * v
                let distance = ((Double(x) - centerX) * (Double(x) - centerX) + (Double(y) - centerY) * (Double(y) - centerY)).squareRoot()
                let disc = max(0, min(1, (radius - distance) / 6))
                red += (240 - red) * disc
                green += (200 - green) * disc
                blue += (90 - blue) * disc
                let at = (y * size.width + x) * bytes
                pixels[at] = UInt8(red.rounded())
                if bytes >= 3 {
                    pixels[at + 1] = UInt8(green.rounded())
                    pixels[at + 2] = UInt8(blue.rounded())
                }
            }
        }
        return Image(width: size.width, height: size.height, format: format, pixels: pixels)
    }

    /// Every frame of the video at `path`, decoded.
    static func decodeAll(_ path: String) throws -> (info: VideoInfo, frames: [VideoFrame]) {
        let reader = try VideoReader(path: path)
        var frames: [VideoFrame] = []
        while let frame = try reader.nextFrame() { frames.append(frame) }
        return (reader.info, frames)
    }

    /// The names in `folder`, sorted.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// A folder made with `mkdtemp`, removed with everything in it when released.
final class VideoScratch {
    let path: String

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/filmroll-video-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        path = try #require(made, "mkdtemp failed")
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
