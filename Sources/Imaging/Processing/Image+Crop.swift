extension Image {
    /// The pixels inside `rect`, which must lie within the image.
    public func cropped(to rect: PixelRect) -> Image {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0
                     && rect.x + rect.width <= width && rect.y + rect.height <= height, "crop outside the image")
        if rect == PixelRect(x: 0, y: 0, width: width, height: height) { return self }
        let bpp = format.bytesPerPixel, rowLength = rect.width * bpp
        return pixels.withUnsafeBufferPointer { source in
            Image(width: rect.width, height: rect.height, format: format, colorSpace: colorSpace) { target in
                for row in 0..<rect.height {
                    let from = source.baseAddress! + (rect.y + row) * bytesPerRow + rect.x * bpp
                    (target.baseAddress! + row * rowLength).update(from: from, count: rowLength)
                }
            }
        }
    }
}
