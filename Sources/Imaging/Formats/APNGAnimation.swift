/// An animated PNG's frames as its chunks describe them (APNG: `acTL`
/// before the image data, then an `fcTL` for each frame, its data in the
/// `IDAT`s for the default image or in `fdAT`s after them). Only chunk
/// headers and the small control chunks are read; no pixel is decoded.
///
/// Related documentation: PNG specification, third edition, sections 4.9
/// and 11.3.6 (acTL, fcTL, fdAT).
struct APNGAnimation: Sendable, Equatable {
    /// What becomes of a frame's region before the next frame is drawn.
    enum Disposal: UInt8, Sendable {
        /// Left as drawn.
        case none = 0
        /// Cleared to transparent black.
        case background = 1
        /// Put back as it was before the frame was drawn.
        case previous = 2
    }

    /// How a frame's pixels meet the canvas.
    enum Blending: UInt8, Sendable {
        /// They replace the region, alpha included.
        case source = 0
        /// They are composited over it by their alpha.
        case over = 1
    }

    struct Frame: Sendable, Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var delayMilliseconds: Int
        var disposal: Disposal
        var blending: Blending
        /// The compressed data's byte ranges in the file (IDAT payloads,
        /// or fdAT payloads after their sequence number), in order.
        var data: [Range<Int>]
    }

    /// The IHDR's 13 bytes.
    var header: [UInt8]
    var canvas: PixelSize
    /// Times the animation plays; 0 = forever.
    var plays: Int
    /// Whether the default image (the IDATs) is the first frame; when not,
    /// it is the picture shown by readers that know no animation.
    var defaultImageIsFirstFrame: Bool
    var frames: [Frame]
    /// Whole chunks (length to CRC) before the image data that the pixels
    /// depend on: PLTE and tRNS.
    var pixelChunks: [Range<Int>]

    /// Why the animation chunks cannot be used.
    struct Damage: Error, Equatable {
        var reason: String
    }

    /// The animation of a PNG, nil when it has none (no acTL before its
    /// image data, or one frame).
    /// - Throws: `Damage` for animation chunks that contradict each other
    ///   or the image (the default image is still a picture).
    static func read(_ bytes: UnsafeRawBufferPointer) throws(Damage) -> APNGAnimation? {
        guard bytes.count >= 8 + 25, chunkType(bytes, at: 12) == "IHDR", uint32(bytes, at: 8) == 13 else { return nil }
        let header = Array(bytes[16..<29])
        let canvas = PixelSize(width: Int(uint32(bytes, at: 16)), height: Int(uint32(bytes, at: 20)))
        var declaredFrames: Int?
        var plays = 0
        var frames: [Frame] = []
        var pixelChunks: [Range<Int>] = []
        var defaultImageIsFirstFrame = false
        var seenImageData = false
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(uint32(bytes, at: position))
            let type = chunkType(bytes, at: position + 4)
            let body = position + 8
            guard length <= bytes.count - body else { break }    // cut short: the frames so far
            switch type {
            case "acTL" where !seenImageData:
                guard length == 8 else { throw Damage(reason: "its acTL chunk is \(length) bytes, not 8") }
                declaredFrames = Int(uint32(bytes, at: body))
                plays = Int(uint32(bytes, at: body + 4))
            case "PLTE", "tRNS":
                if !seenImageData { pixelChunks.append(position..<body + length + 4) }
            case "fcTL":
                guard declaredFrames != nil else { break }
                guard length == 26 else { throw Damage(reason: "an fcTL chunk is \(length) bytes, not 26") }
                let frame = try Self.frame(bytes, at: body, canvas: canvas)
                if !seenImageData {
                    guard frame.x == 0, frame.y == 0, frame.width == canvas.width, frame.height == canvas.height else {
                        throw Damage(reason: "its first frame does not cover the image")
                    }
                    defaultImageIsFirstFrame = true
                }
                if let last = frames.last, last.data.isEmpty { frames.removeLast() }    // a frame without data
                frames.append(frame)
            case "IDAT":
                seenImageData = true
                if declaredFrames == nil { return nil }
                if defaultImageIsFirstFrame { frames[0].data.append(body..<body + length) }
            case "fdAT":
                guard declaredFrames != nil, seenImageData, let last = frames.indices.last, length >= 4,
                      !(defaultImageIsFirstFrame && last == 0) else { break }
                frames[last].data.append(body + 4..<body + length)
            case "IEND":
                position = bytes.count
                continue
            default:
                break
            }
            position = body + length + 4
        }
        guard let declared = declaredFrames else { return nil }
        if let last = frames.last, last.data.isEmpty { frames.removeLast() }
        frames = Array(frames.prefix(declared))
        guard frames.count > 1 else { return nil }
        return APNGAnimation(header: header, canvas: canvas, plays: plays, defaultImageIsFirstFrame: defaultImageIsFirstFrame,
                             frames: frames, pixelChunks: pixelChunks)
    }

    /// An fcTL's frame (its data still to come).
    private static func frame(_ bytes: UnsafeRawBufferPointer, at body: Int, canvas: PixelSize) throws(Damage) -> Frame {
        let width = Int(uint32(bytes, at: body + 4)), height = Int(uint32(bytes, at: body + 8))
        let x = Int(uint32(bytes, at: body + 12)), y = Int(uint32(bytes, at: body + 16))
        let numerator = Int(bytes[body + 20]) << 8 | Int(bytes[body + 21])
        let denominator = Int(bytes[body + 22]) << 8 | Int(bytes[body + 23])
        guard width > 0, height > 0, x + width <= canvas.width, y + height <= canvas.height else {
            throw Damage(reason: "a frame of \(width)×\(height) at \(x),\(y) lies outside the \(canvas) image")
        }
        guard let disposal = Disposal(rawValue: bytes[body + 24]), let blending = Blending(rawValue: bytes[body + 25]) else {
            throw Damage(reason: "a frame has an unknown dispose or blend operation")
        }
        // The delay is numerator/denominator seconds; a denominator of 0 means 100.
        let over = denominator == 0 ? 100 : denominator
        let milliseconds = (numerator * 1000 + over / 2) / over
        return Frame(x: x, y: y, width: width, height: height, delayMilliseconds: milliseconds, disposal: disposal,
                     blending: blending, data: [])
    }

    /// The loop the animation declares, as `ImageMetadata.loop` tells it.
    var loop: LoopCount {
        plays == 0 ? .forever : plays == 1 ? .once : .repeats(plays - 1)
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func chunkType(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]), as: UTF8.self)
    }
}
