import Imaging

extension AnimationCanvas {
    /// Which way a photo is turned, as the canvas's shape is chosen by.
    enum Orientation: CaseIterable {
        // In the order ties are broken in: landscape first.
        case landscape, portrait, square

        /// Square within the shape tolerance, else by its longer side.
        init(_ size: PixelSize) {
            if AnimationCanvas.sameShape(size, PixelSize(width: 1, height: 1)) {
                self = .square
            } else {
                self = size.width > size.height ? .landscape : .portrait
            }
        }
    }

    /// The canvas for a day's animation of photos of upright `sizes` (nil:
    /// unknown, not counted): the day's dominant shape, with its long side
    /// `edge`.
    ///
    /// The orientation most of the photos have wins (ties go to landscape,
    /// then portrait). The canvas takes the median aspect of the photos of
    /// that orientation (the lower of the two middle ones for an even
    /// count): an aspect a photo of the day really has, so that photo and
    /// those like it fill the frame exactly, and one odd crop or
    /// panorama does not set it. Its short side is rounded, then down to
    /// even (as video encoders want). Without any size, 4:3.
    init(dominantShapeOf sizes: [PixelSize?], edge: Int) {
        let known = sizes.compactMap { $0 }.filter { $0.width > 0 && $0.height > 0 }
        let counts = Dictionary(grouping: known, by: Orientation.init).mapValues(\.count)
        var winner = Orientation.landscape
        // Only a greater count takes over: the order of `allCases` breaks ties.
        for orientation in Orientation.allCases where counts[orientation, default: 0] > counts[winner, default: 0] {
            winner = orientation
        }
        let shaped = known.filter { Orientation($0) == winner }
            .sorted { (Self.aspect($0), $0.width, $0.height) < (Self.aspect($1), $1.width, $1.height) }
        let median = shaped.isEmpty ? PixelSize(width: 4, height: 3) : shaped[(shaped.count - 1) / 2]
        self.init(size: Self.scaled(median, edge: edge))
    }

    /// `shape` with its long side `edge` and its short side made even (at least 2).
    static func scaled(_ shape: PixelSize, edge: Int) -> PixelSize {
        let long = max(1, shape.width, shape.height), short = min(shape.width, shape.height)
        let scaled = max(2, Int((Double(edge) * Double(short) / Double(long)).rounded()) & ~1)
        return shape.width >= shape.height ? PixelSize(width: edge, height: scaled) : PixelSize(width: scaled, height: edge)
    }
}
