import CImaging

/// A font face at one pixel size (FreeType), found by fontconfig name or
/// opened from a file. Draws one line of text as 8-bit coverage.
/// A `Font` belongs to one thread at a time.
public final class Font {
    let handle: OpaquePointer
    /// The family name (or the file's name when opened from a path).
    public let family: String
    public let pixelSize: Int

    /// The font named `nameOrPath` at `pixelSize`: a path when it contains
    /// a "/" or ends in .ttf/.otf/.ttc, else a fontconfig name.
    public init(_ nameOrPath: String, pixelSize: Int) throws(TextError) {
        var path = nameOrPath
        var family = nameOrPath.split(separator: "/").last.map(String.init) ?? nameOrPath
        let lower = nameOrPath.lowercased()
        if !nameOrPath.contains("/") && !lower.hasSuffix(".ttf") && !lower.hasSuffix(".otf") && !lower.hasSuffix(".ttc") {
            var pathBuffer = [CChar](repeating: 0, count: 4096)
            var familyBuffer = [CChar](repeating: 0, count: 256)
            var error = cimg_error()
            guard cimg_font_locate(nameOrPath, &pathBuffer, pathBuffer.count, &familyBuffer, familyBuffer.count, &error) == 0 else {
                throw .fontNotFound(nameOrPath)
            }
            path = String(decoding: pathBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            family = String(decoding: familyBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var font: OpaquePointer?
        var error = cimg_error()
        guard path.withPlatformPath({ cimg_font_open($0, UInt32(max(1, pixelSize)), &font, &error) }) == 0, let font else {
            throw .unusableFont(ImagingError(error, format: .png).reason)
        }
        self.handle = font
        self.family = family
        self.pixelSize = pixelSize
    }

    deinit { cimg_font_close(handle) }

    /// The first character of `text` the font cannot draw, if any.
    public func missingCharacter(in text: String) -> Character? {
        text.first { character in character.unicodeScalars.contains { cimg_font_has_glyph(handle, $0.value) == 0 } }
    }

    /// Ascent and descent in pixels.
    public var metrics: (ascent: Int, descent: Int) {
        var ascent: Int32 = 0, descent: Int32 = 0
        cimg_font_metrics(handle, &ascent, &descent)
        return (Int(ascent), Int(descent))
    }

    /// The width in pixels of `text` on one line, kerned.
    public func width(of text: String) throws(TextError) -> Int {
        try checkGlyphs(text)
        let scalars = text.unicodeScalars.map(\.value)
        var width: Int32 = 0
        var error = cimg_error()
        guard cimg_text_measure(handle, scalars, scalars.count, &width, &error) == 0 else {
            throw .unusableFont(ImagingError(error, format: .png).reason)
        }
        return Int(width)
    }

    /// Adds the coverage of `text` into `coverage` (`size.width` bytes a
    /// row), the pen starting at `x` on the baseline `baseline`.
    public func draw(_ text: String, into coverage: inout [UInt8], size: PixelSize, x: Int, baseline: Int) throws(TextError) {
        try checkGlyphs(text)
        let scalars = text.unicodeScalars.map(\.value)
        var error = cimg_error()
        let status = coverage.withUnsafeMutableBufferPointer { buffer in
            cimg_text_draw(handle, scalars, scalars.count, buffer.baseAddress, size.width, UInt32(size.width),
                           UInt32(size.height), Int32(x), Int32(baseline), &error)
        }
        if status != 0 { throw .unusableFont(ImagingError(error, format: .png).reason) }
    }

    private func checkGlyphs(_ text: String) throws(TextError) {
        if let missing = missingCharacter(in: text.filter { $0 != " " }) { throw .missingGlyph(missing, font: family) }
    }
}
