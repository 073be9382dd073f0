extension GIFAnimator {
    /// One frame cropped to what changed, unchanged pixels transparent,
    /// remapped to `shared` or to a palette of its own.
    /// - Parameter sharedBound: when set, a frame the shared palette remaps
    ///   with a larger mean squared error gets a palette of its own instead
    ///   (for frames the shared palette was not built from).
    /// - Returns: the frame, and the shared palette's error on it (nil
    ///   when it has a palette of its own).
    static func encodeFrame(_ frame: Image, changed: ChangeMask?, delay: Int, shared: Quantizer?, sharedBound: Double?,
                            options: GIFOptions) throws(ImagingError) -> (frame: EncodedFrame, sharedError: Double?) {
        let rect = changed?.bounds ?? PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        var crop = frame.cropped(to: rect)
        // Transparent pixels only where the rectangle holds unchanged ones.
        let keepsSome = changed.map { !$0.fillsBounds } ?? false
        if let changed, keepsSome {
            // Unchanged pixels become transparent: they keep what is on screen.
            let width = frame.width
            changed.withFlags { flags in
                crop.pixels.withUnsafeMutableBufferPointer { pixels in
                    for y in 0..<rect.height {
                        let row = (rect.y + y) * width + rect.x
                        for x in 0..<rect.width where !flags[row + x] {
                            pixels[(y * rect.width + x) * 4 + 3] = 0
                        }
                    }
                }
            }
        }
        if let shared {
            let encoded = try remap(crop, rect: rect, changed: changed, keepsSome: keepsSome, delay: delay, with: shared,
                                    options: options)
            let error = meanSquaredError(crop, encoded)
            if error <= sharedBound ?? .infinity { return (encoded, error) }
        }
        let settings = options.quantizerSettings
        if options.paletteShrink > 1 && rect.width >= 256 && rect.height >= 256 {
            // The palette from a smaller copy: fewer pixels to sort, the same colours.
            var sample = crop.opaqueHalfSize()
            if options.paletteShrink >= 4 { sample = sample.opaqueHalfSize() }
            let quantizer = try Quantizer(images: [sample], maxColors: min(255, options.colors),
                                          quality: settings.quality, speed: settings.speed)
            return (try remap(crop, rect: rect, changed: changed, keepsSome: keepsSome, delay: delay, with: quantizer,
                              options: options), nil)
        }
        let quantizer = try Quantizer(images: [crop], maxColors: options.colors, quality: settings.quality, speed: settings.speed)
        let indices = try quantizer.remap(crop, dither: options.dither)
        // libimagequant gives transparent pixels an entry of their own: the
        // lowest entry any transparent pixel was given.
        var transparent: Int?
        if keepsSome {
            crop.pixels.withUnsafeBufferPointer { pixels in
                indices.withUnsafeBufferPointer { indices in
                    for index in 0..<indices.count where pixels[index * 4 + 3] == 0 {
                        transparent = min(transparent ?? Int.max, Int(indices[index]))
                    }
                }
            }
        }
        return (EncodedFrame(rect: rect, indices: indices, palette: quantizer.palette, transparentIndex: transparent, delay: delay), nil)
    }

    /// The mean squared error, per RGB sample, of the pixels `frame` writes
    /// (those not transparent in `crop`) against `crop`.
    static func meanSquaredError(_ crop: Image, _ frame: EncodedFrame) -> Double {
        var total = 0, count = 0
        crop.pixels.withUnsafeBufferPointer { pixels in
            frame.palette.withUnsafeBufferPointer { palette in
                frame.indices.withUnsafeBufferPointer { indices in
                    for index in 0..<indices.count where pixels[index * 4 + 3] != 0 {
                        let color = Int(indices[index]) * 3, at = index * 4
                        let red = Int(pixels[at]) - Int(palette[color])
                        let green = Int(pixels[at + 1]) - Int(palette[color + 1])
                        let blue = Int(pixels[at + 2]) - Int(palette[color + 2])
                        total += red * red + green * green + blue * blue
                        count += 3
                    }
                }
            }
        }
        return Double(total) / Double(max(1, count))
    }

    /// `crop` remapped to an opaque palette of at most 255 colours, its
    /// unchanged pixels given one more, transparent entry. Without
    /// dithering each pixel takes its nearest entry (`NearestColor`).
    /// `keepsSome`: whether `crop` has unchanged (transparent) pixels.
    private static func remap(_ crop: Image, rect: PixelRect, changed: ChangeMask?, keepsSome: Bool, delay: Int,
                              with quantizer: Quantizer, options: GIFOptions) throws(ImagingError) -> EncodedFrame {
        var indices: [UInt8]
        if options.dither == 0 {
            // Without dithering, the nearest entry in RGB: exact, and faster than libimagequant's remapping.
            indices = NearestColor(palette: quantizer.palette).indices(for: crop)
        } else {
            indices = try quantizer.remap(crop.opaque(), dither: options.dither)
        }
        let transparent = quantizer.colorCount
        if keepsSome {
            crop.pixels.withUnsafeBufferPointer { pixels in
                indices.withUnsafeMutableBufferPointer { indices in
                    for index in 0..<indices.count where pixels[index * 4 + 3] == 0 { indices[index] = UInt8(transparent) }
                }
            }
        }
        return EncodedFrame(rect: rect, indices: indices, palette: quantizer.palette + [0, 0, 0],
                            transparentIndex: changed == nil ? nil : transparent, delay: delay)
    }
}
