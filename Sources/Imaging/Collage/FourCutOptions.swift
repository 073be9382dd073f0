/// How a four-cut sheet looks.
public struct FourCutOptions: Sendable, Hashable {
    /// What the caption band says.
    public enum Caption: Sendable, Hashable {
        /// The date the photos were taken.
        case auto
        /// Nothing.
        case none
        /// This text.
        case text(String)
    }

    public var style: FourCutLayout.Style = .strip
    public var sheet: FourCutLayout.Sheet = .single
    public var dpi = 600
    /// Frame pixels around and between cells (default 0.06 in).
    public var gap: Int?
    public var frame: RGBColor = .white
    public var cornerRadius = 0
    public var caption: Caption = .auto
    public var dates = DateCaption()
    public var title: String?
    /// A fontconfig name or a font file.
    public var font = "DejaVu Sans"
    public var crop: CropAnchor = .center

    public init() {}

    public var layout: FourCutLayout { FourCutLayout(style: style, sheet: sheet, dpi: dpi, gap: gap) }

    /// Points to pixels at the output dpi.
    func pixels(points: Double) -> Int { Int((points * Double(dpi) / 72).rounded()) }
}
