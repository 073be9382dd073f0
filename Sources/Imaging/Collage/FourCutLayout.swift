/// Where everything goes on a four-cut sheet, in pixels at the output dpi.
///
/// - `strip`: a 2×6 in strip, four cells in one column above a caption band.
/// - `grid`: a 4×6 in portrait sheet, four cells 2×2 above a caption band.
/// - `print: .fourBySix` with `strip`: two identical strips side by side on
///   a 4×6 in sheet, as photo booths print them, with a cut guide between.
///
/// The frame shows `gap` pixels around and between cells; whatever the
/// integer division leaves over goes to the caption band.
public struct FourCutLayout: Sendable, Hashable {
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case strip
        case grid
    }

    public enum Sheet: String, Sendable, Hashable, CaseIterable {
        case single
        case fourBySix = "4x6"
    }

    public var canvas: PixelSize
    /// The cells, four per strip or grid; photo i goes in cells i, i + 4, …
    public var cells: [PixelRect]
    /// One caption band per strip or grid.
    public var captionBands: [PixelRect]
    /// The x of the vertical cut guide on a 4×6 print of strips.
    public var cutGuideX: Int?
    public var dpi: Int

    /// The frame around and between cells by default: 0.06 in.
    public static func defaultGap(dpi: Int) -> Int { Int((0.06 * Double(dpi)).rounded()) }

    /// The caption band's height: 0.7 in.
    public static func captionHeight(dpi: Int) -> Int { Int((0.7 * Double(dpi)).rounded()) }

    public init(style: Style, sheet: Sheet, dpi: Int, gap: Int? = nil) {
        let gap = gap ?? Self.defaultGap(dpi: dpi)
        let caption = Self.captionHeight(dpi: dpi)
        self.dpi = dpi
        switch (style, sheet) {
        case (.strip, .single):
            canvas = PixelSize(width: 2 * dpi, height: 6 * dpi)
            (cells, captionBands) = Self.strip(width: 2 * dpi, height: 6 * dpi, x: 0, gap: gap, caption: caption)
        case (.strip, .fourBySix):
            canvas = PixelSize(width: 4 * dpi, height: 6 * dpi)
            let left = Self.strip(width: 2 * dpi, height: 6 * dpi, x: 0, gap: gap, caption: caption)
            let right = Self.strip(width: 2 * dpi, height: 6 * dpi, x: 2 * dpi, gap: gap, caption: caption)
            cells = left.cells + right.cells
            captionBands = left.bands + right.bands
            cutGuideX = 2 * dpi
        case (.grid, _):
            canvas = PixelSize(width: 4 * dpi, height: 6 * dpi)
            let width = (canvas.width - 3 * gap) / 2
            let height = (canvas.height - caption - 3 * gap) / 2
            cells = [(0, 0), (1, 0), (0, 1), (1, 1)].map { column, row in
                PixelRect(x: gap + column * (width + gap), y: gap + row * (height + gap), width: width, height: height)
            }
            let bandTop = 3 * gap + 2 * height
            captionBands = [PixelRect(x: 0, y: bandTop, width: canvas.width, height: canvas.height - bandTop)]
        }
    }

    private static func strip(width: Int, height: Int, x: Int, gap: Int, caption: Int) -> (cells: [PixelRect], bands: [PixelRect]) {
        let cellHeight = (height - caption - 5 * gap) / 4
        let cells = (0..<4).map { PixelRect(x: x + gap, y: gap + $0 * (cellHeight + gap), width: width - 2 * gap, height: cellHeight) }
        let bandTop = gap + 4 * (cellHeight + gap)
        return (cells, [PixelRect(x: x, y: bandTop, width: width, height: height - bandTop)])
    }
}
