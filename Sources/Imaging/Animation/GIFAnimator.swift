import Dispatch

/// Encodes frames (already sized to the canvas) as an animated GIF.
///
/// Consecutive identical frames merge, their delays summed. After the
/// first frame, each frame is written as the rectangle that changed, with
/// the pixels that did not change (within `stillTolerance` of what the
/// viewer shows there) transparent, so static areas keep their colours
/// instead of shimmering, and the file is smaller. Palettes come from
/// libimagequant: one shared palette when it loses nothing visible against
/// the quality asked for, else one per frame, built from the changed
/// pixels only. Frames are quantized in parallel.
public struct GIFAnimator: Sendable {
    public var options: GIFOptions

    public init(options: GIFOptions = GIFOptions()) {
        self.options = options
    }

    /// A frame as written: the rectangle, its indices and palette.
    struct EncodedFrame {
        var rect: PixelRect
        var indices: [UInt8]
        var palette: [UInt8]
        var transparentIndex: Int?
        var delay: Int
    }

    /// The GIF's bytes for `frames` (all the same size) and their delays in centiseconds.
    public func encode(_ frames: [Image], delays: [Int]) throws(ImagingError) -> [UInt8] {
        precondition(!frames.isEmpty && frames.count == delays.count && frames.allSatisfy { $0.size == frames[0].size })
        let size = frames[0].size
        let opaque = frames.map { $0.format == .rgba8 ? $0.flattened(over: .white).rgba() : $0.rgba() }
        let (merged, mergedDelays) = Self.mergeIdentical(opaque, delays: delays)
        let masks = Self.changes(merged, tolerance: options.stillTolerance)
        let settings = options.quantizerSettings

        // One palette for all when it is as good as the quality asked for.
        // Not tried for a slideshow (most of every frame changes): one
        // palette for different photos falls short, and trying costs as
        // much as quantizing eight frames.
        let changedShare = masks.dropFirst().reduce(0.0) { $0 + ($1?.changedFraction ?? 1) } / Double(max(1, merged.count - 1))
        var shared: Quantizer?
        if merged.count > 1 && changedShare < 0.5 {
            let sample = Array(merged.enumerated().filter { $0.offset % max(1, merged.count / 8) == 0 }.map(\.element).prefix(8))
            let candidate = try Quantizer(images: sample, maxColors: min(255, options.colors), quality: settings.quality,
                                          speed: settings.speed)
            if candidate.quality >= settings.quality.upperBound - 2 { shared = candidate }
        }

        // Frames in parallel; with the shared palette each thread remaps
        // with its own copy of it.
        let palette = shared?.paletteRGBA
        let options = self.options
        let results = Parallel.map(Array(merged.indices), jobs: Parallel.processorCount) { index in
            Result { () throws(ImagingError) -> EncodedFrame in
                let quantizer = try palette.map { rgba throws(ImagingError) in try Quantizer(palette: rgba) }
                return try Self.encodeFrame(merged[index], changed: masks[index], delay: mergedDelays[index],
                                            shared: quantizer, options: options)
            }
        }
        var encoded = try results.map { result throws(ImagingError) in try result!.get() }
        Self.keepShownColors(&encoded, size: size, tolerance: 2 * self.options.stillTolerance)
        let writer = try GIFWriter(size: size, loop: options.loop, comment: options.comment)
        for frame in encoded {
            try writer.add(indices: frame.indices, rect: frame.rect, palette: frame.palette,
                           transparentIndex: frame.transparentIndex, delayCentiseconds: frame.delay, disposal: 1)
        }
        return try writer.finish()
    }

    private static func encodeFrame(_ frame: Image, changed: ChangeMask?, delay: Int, shared: Quantizer?,
                                    options: GIFOptions) throws(ImagingError) -> EncodedFrame {
        let rect = changed?.bounds ?? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        var crop = frame.cropped(to: rect)
        if let changed {
            // Unchanged pixels become transparent: they keep what is on screen.
            crop.pixels.withUnsafeMutableBufferPointer { pixels in
                for y in 0..<rect.height {
                    for x in 0..<rect.width where !changed.isChanged(x: rect.x + x, y: rect.y + y) {
                        pixels[(y * rect.width + x) * 4 + 3] = 0
                    }
                }
            }
        }
        if let shared { return try remap(crop, rect: rect, changed: changed, delay: delay, with: shared, options: options) }
        let settings = options.quantizerSettings
        if options.paletteFromHalfSize && rect.width >= 256 && rect.height >= 256 {
            // The palette from a half-size copy: a quarter of the pixels to sort, the same colours.
            let quantizer = try Quantizer(images: [crop.opaque().boxShrunk(by: 2)], maxColors: min(255, options.colors),
                                          quality: settings.quality, speed: settings.speed)
            return try remap(crop, rect: rect, changed: changed, delay: delay, with: quantizer, options: options)
        }
        let quantizer = try Quantizer(images: [crop], maxColors: options.colors, quality: settings.quality, speed: settings.speed)
        let indices = try quantizer.remap(crop, dither: options.dither)
        // libimagequant gives transparent pixels an entry of their own: the
        // lowest entry any transparent pixel was given.
        var transparent: Int?
        if changed != nil {
            crop.pixels.withUnsafeBufferPointer { pixels in
                for index in indices.indices where pixels[index * 4 + 3] == 0 {
                    transparent = min(transparent ?? Int.max, Int(indices[index]))
                }
            }
        }
        return EncodedFrame(rect: rect, indices: indices, palette: quantizer.palette, transparentIndex: transparent, delay: delay)
    }

    /// `crop` remapped to an opaque palette of at most 255 colours, its
    /// unchanged pixels given one more, transparent entry.
    private static func remap(_ crop: Image, rect: PixelRect, changed: ChangeMask?, delay: Int, with quantizer: Quantizer,
                              options: GIFOptions) throws(ImagingError) -> EncodedFrame {
        var indices = try quantizer.remap(crop.opaque(), dither: options.dither)
        let transparent = quantizer.colorCount
        if changed != nil {
            for index in indices.indices where crop.pixels[index * 4 + 3] == 0 { indices[index] = UInt8(transparent) }
        }
        return EncodedFrame(rect: rect, indices: indices, palette: quantizer.palette + [0, 0, 0],
                            transparentIndex: changed == nil ? nil : transparent, delay: delay)
    }

    /// Where a frame's palette colour is within `tolerance` of what the
    /// viewer already shows, writes transparency instead: the screen keeps
    /// its colour (no shimmer) and transparent runs compress better. A
    /// cheap pass in frame order, after the frames were quantized in parallel.
    static func keepShownColors(_ frames: inout [EncodedFrame], size: PixelSize, tolerance: Int) {
        var shown = [UInt8](repeating: 0, count: size.pixelCount * 3)
        for index in frames.indices {
            var frame = frames[index]
            let rect = frame.rect, transparent = frame.transparentIndex
            frame.palette.withUnsafeBufferPointer { palette in
                frame.indices.withUnsafeMutableBufferPointer { indices in
                    shown.withUnsafeMutableBufferPointer { shown in
                        for y in 0..<rect.height {
                            for x in 0..<rect.width {
                                let at = y * rect.width + x
                                let entry = Int(indices[at])
                                if entry == transparent { continue }
                                let screen = ((rect.y + y) * size.width + rect.x + x) * 3, color = entry * 3
                                if let transparent, index > 0,
                                   abs(Int(palette[color]) - Int(shown[screen])) <= tolerance,
                                   abs(Int(palette[color + 1]) - Int(shown[screen + 1])) <= tolerance,
                                   abs(Int(palette[color + 2]) - Int(shown[screen + 2])) <= tolerance {
                                    indices[at] = UInt8(transparent)
                                } else {
                                    shown[screen] = palette[color]
                                    shown[screen + 1] = palette[color + 1]
                                    shown[screen + 2] = palette[color + 2]
                                }
                            }
                        }
                    }
                }
            }
            frames[index] = frame
        }
    }

    /// Drops frames identical to the one before, adding their delays to it.
    static func mergeIdentical(_ frames: [Image], delays: [Int]) -> ([Image], [Int]) {
        var kept: [Image] = [], keptDelays: [Int] = []
        for (frame, delay) in zip(frames, delays) {
            if let last = kept.last, last.pixels == frame.pixels {
                keptDelays[keptDelays.count - 1] += delay
            } else {
                kept.append(frame)
                keptDelays.append(delay)
            }
        }
        return (kept, keptDelays)
    }

    /// Which pixels each frame changes, against what the viewer shows: the
    /// value last written for that pixel. nil for the first frame (all of it).
    static func changes(_ frames: [Image], tolerance: Int) -> [ChangeMask?] {
        guard let first = frames.first else { return [] }
        var shown = first.pixels
        var masks: [ChangeMask?] = [nil]
        for frame in frames.dropFirst() {
            var mask = ChangeMask(size: frame.size)
            frame.pixels.withUnsafeBufferPointer { pixels in
                shown.withUnsafeMutableBufferPointer { shown in
                    for index in 0..<(frame.width * frame.height) {
                        let at = index * 4
                        let difference = max(abs(Int(pixels[at]) - Int(shown[at])), abs(Int(pixels[at + 1]) - Int(shown[at + 1])),
                                             abs(Int(pixels[at + 2]) - Int(shown[at + 2])))
                        if difference > tolerance {
                            mask.mark(index)
                            shown[at] = pixels[at]; shown[at + 1] = pixels[at + 1]; shown[at + 2] = pixels[at + 2]
                        }
                    }
                }
            }
            // A frame that changes nothing still needs one pixel to carry its delay.
            if mask.bounds == nil { mask.mark(0) }
            masks.append(mask)
        }
        return masks
    }
}

/// The pixels of a frame that changed, and their bounding rectangle.
struct ChangeMask: Sendable {
    let size: PixelSize
    private var changed: [Bool]
    private var count = 0
    private var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    init(size: PixelSize) {
        self.size = size
        changed = [Bool](repeating: false, count: size.pixelCount)
    }

    mutating func mark(_ index: Int) {
        if !changed[index] { count += 1 }
        changed[index] = true
        let x = index % size.width, y = index / size.width
        minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
    }

    func isChanged(x: Int, y: Int) -> Bool { changed[y * size.width + x] }

    /// The share of the frame's pixels that changed, 0 to 1.
    var changedFraction: Double { Double(count) / Double(max(1, size.pixelCount)) }

    var bounds: PixelRect? {
        maxX < 0 ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}

extension Image {
    /// The image as RGBA8 (opaque when it had no alpha).
    func rgba() -> Image {
        switch format {
        case .rgba8: return self
        case .rgb8, .gray8:
            let channels = format.bytesPerPixel
            return Image(width: width, height: height, format: .rgba8) { target in
                for y in 0..<height {
                    for x in 0..<width {
                        let from = y * bytesPerRow + x * channels, to = (y * width + x) * 4
                        target[to] = pixels[from]
                        target[to + 1] = pixels[from + min(1, channels - 1)]
                        target[to + 2] = pixels[from + min(2, channels - 1)]
                        target[to + 3] = 255
                    }
                }
            }
        }
    }

    /// RGBA with every alpha set to opaque.
    func opaque() -> Image {
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        }
        return copy
    }
}
