/// libx264's speed presets, fastest first: a slower preset spends more
/// time for a smaller file at the same quality (`crf`).
///
/// Related documentation: `x264 --fullhelp`, "Presets".
public enum VideoPreset: String, Sendable, Hashable, CaseIterable {
    case ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo
}
