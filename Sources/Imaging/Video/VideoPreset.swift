/// libx264's speed presets, fastest first: a slower preset spends more
/// time for a smaller file at the same quality (`crf`).
///
/// Related documentation: `x264 --fullhelp`, "Presets".
public enum VideoPreset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo
}

extension VideoPreset {
    /// The frames libx264 looks ahead at this preset (`rc-lookahead`; 0: none).
    public var lookahead: Int {
        switch self {
        case .ultrafast, .superfast: 0
        case .veryfast: 10
        case .faster: 20
        case .fast: 30
        case .medium: 40
        case .slow: 50
        case .slower, .veryslow, .placebo: 60
        }
    }
}
