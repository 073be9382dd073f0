/// The animation formats Filmroll writes, chosen by the output's extension.
public enum AnimationFormat: String, Sendable, Hashable, CaseIterable {
    /// GIF89a: palettes of 256 colours per frame, centisecond delays.
    case gif
    /// Animated WebP: lossy or lossless frames, millisecond delays.
    case webp

    /// The format an output file name asks for (`.gif`, `.webp`, any case), or nil.
    public init?(outputPath path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// "GIF", "WebP".
    public var displayName: String {
        switch self {
        case .gif: "GIF"
        case .webp: "WebP"
        }
    }
}
