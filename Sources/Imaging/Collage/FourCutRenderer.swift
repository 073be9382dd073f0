import Dispatch

/// Makes a four-cut sheet: each photo upright, cover-cropped to its cell
/// through the image pipeline (so a 12 MP photo is decoded at the DCT
/// scale its cell needs, and a photo used twice is decoded once), framed,
/// with the caption drawn by FreeType.
public struct FourCutRenderer: Sendable {
    public let pipeline: ImagePipeline
    /// Cells decoded at once (`--jobs`).
    public let jobs: Int

    public init(pipeline: ImagePipeline, jobs: Int = Parallel.processorCount) {
        self.pipeline = pipeline
        self.jobs = max(1, jobs)
    }

    /// A photo that could not be used, and why.
    public struct PhotoError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var error: ImagingError
        public var description: String { "\(path): \(error)" }
    }

    /// The sheet for exactly four photos.
    /// - Throws: `PhotoError` naming a photo that cannot be read, `TextError` for the caption.
    public func render(_ photos: [SourceIdentity], options: FourCutOptions) throws -> Image {
        precondition(photos.count == 4, "a four-cut has four photos")
        let layout = options.layout
        let captionText = try caption(for: photos, options: options)
        // Check the text can be drawn before any pixel work.
        let lineWidth = (layout.captionBands.first?.width ?? layout.canvas.width) * 88 / 100
        let captionFonts = try captionText.map { try Self.fonts(for: $0, options: options, maxWidth: lineWidth) }

        return try Self.compose(try cellImages(photos, layout: layout, crop: options.crop), captionFonts: captionFonts,
                           options: options)
    }

    /// The sheet from its cells, already cut to `options.layout.cells`
    /// (by `cellResize`), one per cell in order, and its caption.
    /// - Throws: `TextError` when the caption cannot be drawn.
    public static func render(cells: [Image], caption captionText: (title: String?, date: String?)?,
                       options: FourCutOptions) throws -> Image {
        precondition(cells.count == options.layout.cells.count, "one image per cell")
        let lineWidth = (options.layout.captionBands.first?.width ?? options.layout.canvas.width) * 88 / 100
        let captionFonts = try captionText.map { try fonts(for: $0, options: options, maxWidth: lineWidth) }
        return try compose(cells, captionFonts: captionFonts, options: options)
    }

    /// Throws when the caption cannot be drawn (its font, a glyph it
    /// lacks): checked before any photo is decoded.
    public static func checkCaption(_ captionText: (title: String?, date: String?)?,
                                    options: FourCutOptions) throws(TextError) {
        guard let captionText else { return }
        let lineWidth = (options.layout.captionBands.first?.width ?? options.layout.canvas.width) * 88 / 100
        _ = try fonts(for: captionText, options: options, maxWidth: lineWidth)
    }

    private static func compose(_ cells: [Image], captionFonts: (Line?, Line?)?, options: FourCutOptions) throws -> Image {
        let layout = options.layout
        var sheet = Image.filled(layout.canvas, with: options.frame)
        for (index, cell) in layout.cells.enumerated() {
            sheet.place(cells[index], at: (cell.x, cell.y), cornerRadius: options.cornerRadius)
        }
        if let guide = layout.cutGuideX {
            sheet.drawCutGuide(atX: guide, color: RGBColor(red: 190, green: 190, blue: 190),
                               width: max(1, options.dpi / 300), dash: max(4, options.dpi / 25))
        }
        if let (title, date) = captionFonts {
            for band in layout.captionBands {
                try drawCaption(on: &sheet, in: band, title: title, date: date, options: options)
            }
        }
        return sheet
    }

    /// One image per cell, made in parallel; cells of the same size and
    /// photo (the second strip of a print) come from the pipeline's cache.
    private func cellImages(_ photos: [SourceIdentity], layout: FourCutLayout, crop: CropAnchor) throws -> [Image] {
        let requests = layout.cells.enumerated().map { index, cell in
            ImageRequest(source: photos[index % 4], resize: Self.cellResize(cell, crop: crop))
        }
        let results = Parallel.map(Array(requests.prefix(4)), jobs: jobs) { request in
            Result { () throws(PhotoError) in
                do throws(ImagingError) { return try pipeline.image(for: request) } catch {
                    throw PhotoError(path: request.source.path, error: error)
                }
            }
        }
        var images = try results.map { result throws(PhotoError) in try result!.get() }
        for index in 4..<requests.count {
            do throws(ImagingError) { images.append(try pipeline.image(for: requests[index])) } catch {
                throw PhotoError(path: requests[index].source.path, error: error)
            }
        }
        return images
    }

    /// The resize that fills `cell`: what the sheet asks the pipeline for, so
    /// a caller that decodes a photo for other sizes too can ask for it in
    /// the same decode.
    public static func cellResize(_ cell: PixelRect, crop: CropAnchor) -> ImageProcessors.Resize {
        ImageProcessors.Resize(target: TargetSize(width: cell.width, height: cell.height, fit: .cover), upscale: true, anchor: crop)
    }

    /// The caption's two lines (title, date), either of which may be empty.
    public func caption(for photos: [SourceIdentity], options: FourCutOptions) throws -> (title: String?, date: String?)? {
        let date: String?
        switch options.caption {
        case .none: date = nil
        case .text(let text): date = text
        case .auto:
            let dates = photos.compactMap { try? ImageDecoder.readInfo(contentsOf: $0.path).metadata.captureDate }
            date = options.dates.text(for: dates.isEmpty ? photos.map(\.fileDate) : dates)
        }
        let title = options.title.flatMap { $0.isEmpty ? nil : $0 }
        if title == nil && date == nil { return nil }
        return (title, date)
    }

    private typealias Line = (text: String, font: Font)

    /// The caption's fonts, each shrunk from its nominal size (18 pt title,
    /// 16 or 12 pt date) until its line fits `maxWidth`.
    private static func fonts(for caption: (title: String?, date: String?), options: FourCutOptions,
                       maxWidth: Int) throws(TextError) -> (Line?, Line?) {
        func line(_ text: String?, points: Double) throws(TextError) -> Line? {
            guard let text else { return nil }
            var font = try Font(options.font, pixelSize: options.pixels(points: points))
            if let missing = font.missingCharacter(in: text.filter { $0 != " " }) { throw .missingGlyph(missing, font: font.family) }
            let width = try font.width(of: text)
            if width > maxWidth {
                font = try Font(options.font, pixelSize: max(6, font.pixelSize * maxWidth / width))
            }
            return (text, font)
        }
        return (try line(caption.title, points: 18), try line(caption.date, points: caption.title == nil ? 16 : 12))
    }

    private static func drawCaption(on sheet: inout Image, in band: PixelRect, title: Line?, date: Line?,
                             options: FourCutOptions) throws(TextError) {
        let ink = options.frame.contrasting
        switch (title, date) {
        case let (title?, date?):
            let split = band.height * 55 / 100
            try sheet.drawText(title.text, font: title.font, color: ink,
                               centeredIn: PixelRect(x: band.x, y: band.y, width: band.width, height: split))
            try sheet.drawText(date.text, font: date.font, color: ink,
                               centeredIn: PixelRect(x: band.x, y: band.y + split, width: band.width, height: band.height - split))
        case let (line?, nil), let (nil, line?):
            try sheet.drawText(line.text, font: line.font, color: ink, centeredIn: band)
        case (nil, nil):
            break
        }
    }
}
