extension Image {
    /// The picture scaled to cover `size` (cropped from the centre),
    /// strongly blurred and darkened: a backdrop for showing the whole
    /// picture on a frame of another shape.
    ///
    /// The blur is cheap, whatever the size: the cover crop is shrunk to
    /// about 1/`reduction` of each side, softened there by a 3×3 binomial
    /// filter, then enlarged back with the Lanczos resampler. Colour
    /// channels keep `brightness` (out of 1) of their value; alpha is kept.
    public func blurredBackdrop(size: PixelSize, reduction: Int = 16, brightness: Double = 0.75) -> Image {
        precondition(size.width > 0 && size.height > 0 && reduction >= 1, "a backdrop has at least one pixel")
        let small = PixelSize(width: max(2, (size.width + reduction / 2) / reduction),
                              height: max(2, (size.height + reduction / 2) / reduction))
        let region = PixelRect.centered(aspect: size, in: self.size)
        return resized(to: small, orientation: .up, region: region)
            .binomialBlurred()
            .resized(to: size)
            .darkened(keeping: brightness)
    }

    /// This image drawn at the centre of `backdrop` (of the same pixel
    /// format), whole: it must fit inside. An odd margin leaves the extra
    /// pixel on the right and at the bottom.
    public func placedCentered(on backdrop: Image) -> Image {
        precondition(format == backdrop.format, "the picture and its backdrop have the same pixel format")
        precondition(width <= backdrop.width && height <= backdrop.height, "the picture fits inside its backdrop")
        var frame = backdrop
        let bpp = format.bytesPerPixel, rowLength = width * bpp
        let left = (backdrop.width - width) / 2, top = (backdrop.height - height) / 2
        pixels.withUnsafeBufferPointer { source in
            frame.pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    let to = target.baseAddress! + (top + row) * frame.bytesPerRow + left * bpp
                    to.update(from: source.baseAddress! + row * bytesPerRow, count: rowLength)
                }
            }
        }
        return frame
    }

    /// Each pixel the weighted mean of its 3×3 neighbourhood (weights
    /// 1 2 1 in each direction; edges repeat), channel by channel.
    func binomialBlurred() -> Image {
        let channels = format.bytesPerPixel
        return pixels.withUnsafeBufferPointer { input in
            Image(width: width, height: height, format: format, colorSpace: colorSpace) { output in
                func value(_ x: Int, _ y: Int, _ channel: Int) -> Int {
                    Int(input[min(max(y, 0), height - 1) * bytesPerRow + min(max(x, 0), width - 1) * channels + channel])
                }
                for y in 0..<height {
                    for x in 0..<width {
                        for channel in 0..<channels {
                            func row(_ y: Int) -> Int {
                                value(x - 1, y, channel) + 2 * value(x, y, channel) + value(x + 1, y, channel)
                            }
                            let sum = row(y - 1) + 2 * row(y) + row(y + 1)
                            output[(y * width + x) * channels + channel] = UInt8((sum + 8) / 16)
                        }
                    }
                }
            }
        }
    }

    /// Colour channels scaled by `fraction` (0…1); alpha unchanged.
    func darkened(keeping fraction: Double) -> Image {
        let factor = Int((min(max(fraction, 0), 1) * 256).rounded())
        let channels = format.bytesPerPixel, colours = format.hasAlpha ? 3 : channels
        var result = self
        // factor ≤ 256: a value times it, plus 128, fits 16 bits.
        let scale = UInt16(factor)
        result.pixels.withUnsafeMutableBufferPointer { pixels in
            if !format.hasAlpha && bytesPerRow == width * channels {
                // Every byte a colour: one loop the compiler vectorises.
                for at in 0..<pixels.count {
                    pixels[at] = UInt8(truncatingIfNeeded: (UInt16(pixels[at]) &* scale &+ 128) &>> 8)
                }
                return
            }
            for row in 0..<height {
                let start = row * bytesPerRow
                for pixel in 0..<width {
                    for channel in 0..<colours {
                        let at = start + pixel * channels + channel
                        pixels[at] = UInt8((Int(pixels[at]) * factor + 128) >> 8)
                    }
                }
            }
        }
        return result
    }
}
