import Files

/// The formats Filmroll writes: one encoder per still format, one writer
/// per animation format, each naming the extensions that ask for it.
///
/// Nothing else in Filmroll lists output formats: commands choose an
/// output's encoder here by its extension, their help and errors say what
/// is listed, and `OutputMark` asks each encoder for the mark in a file.
public enum ImageEncoders {
    /// The still encoders built in: one line each.
    static let builtIn: [any ImageEncoding] = [
        JPEGEncoder(),
        PNGEncoder(),
    ]

    /// The animation writers built in: one line each.
    static let builtInAnimations: [any AnimationWriting] = [
        GIFAnimationWriter(),
        WebPAnimationWriter(),
        MP4AnimationWriter(),
    ]

    private static let registered = Locked<[any ImageEncoding]>(builtIn)
    private static let registeredAnimations = Locked<[any AnimationWriting]>(builtInAnimations)

    /// Every still encoder, built-in first, then those registered at run time.
    public static var all: [any ImageEncoding] { registered.withLock { $0 } }

    /// Every animation writer, built-in first, then those registered at run time.
    public static var animations: [any AnimationWriting] { registeredAnimations.withLock { $0 } }

    /// Adds a still encoder after the others (a format only a program or a test knows).
    public static func register(_ encoder: any ImageEncoding) {
        registered.withLock { $0.append(encoder) }
    }

    /// Adds an animation writer after the others.
    public static func register(_ writer: any AnimationWriting) {
        registeredAnimations.withLock { $0.append(writer) }
    }

    /// JPEG: what a photo is written as when nothing names another format.
    public static var standard: any ImageEncoding { builtIn[0] }

    /// GIF: what an animation is written as when nothing names another format.
    public static var standardAnimation: any AnimationWriting { builtInAnimations[0] }

    /// The still encoder of `format`, or nil when none is registered.
    public static func encoder(for format: ImageFormat) -> (any ImageEncoding)? {
        all.first { $0.format == format }
    }

    /// The still encoder an output file name asks for by its extension
    /// (`.jpg`, `.JPEG`, `.png`), or nil.
    public static func encoder(forOutputPath path: String) -> (any ImageEncoding)? {
        guard let suffix = outputExtension(path) else { return nil }
        return all.first { $0.fileExtensions.contains(suffix) }
    }

    /// The still encoder a name asks for: its format's raw value or one of
    /// its extensions, any case ("jpeg", "JPG", "png"), as `--format` takes it.
    public static func encoder(named name: String) -> (any ImageEncoding)? {
        let name = name.lowercased()
        return all.first { $0.format.rawValue == name || $0.fileExtensions.contains(name) }
    }

    /// The animation writer of `format`, or nil.
    public static func animationWriter(for format: ImageFormat) -> (any AnimationWriting)? {
        animations.first { $0.format == format }
    }

    /// The animation writer a name asks for: its format's raw value or one
    /// of its extensions, any case ("gif", "WebP", "mp4"), as `--animation` takes it.
    public static func animationWriter(named name: String) -> (any AnimationWriting)? {
        let name = name.lowercased()
        return animations.first { $0.format.rawValue == name || $0.fileExtensions.contains(name) }
    }

    /// "gif, webp or mp4": the names `animationWriter(named:)` takes, one per format.
    public static var animationNameList: String { alternatives(animations.map(\.format.rawValue)) }

    /// The animation writer an output file name asks for (`.gif`, `.webp`), or nil.
    public static func animationWriter(forOutputPath path: String) -> (any AnimationWriting)? {
        guard let suffix = outputExtension(path) else { return nil }
        return animations.first { $0.fileExtensions.contains(suffix) }
    }

    /// "JPEG, PNG": the still formats written, for help and errors.
    public static var formatList: String { distinct(all.map(\.format.displayName)).joined(separator: ", ") }

    /// ".jpg, .jpeg or .png": the extensions a still output may have.
    public static var extensionList: String { alternatives(all.flatMap(\.fileExtensions).map { "." + $0 }) }

    /// "jpeg or png": the names `encoder(named:)` takes, one per format.
    public static var nameList: String { alternatives(all.map(\.format.rawValue)) }

    /// ".gif, .webp or .mp4": the extensions an animation output may have.
    public static var animationExtensionList: String { alternatives(animations.flatMap(\.fileExtensions).map { "." + $0 }) }

    /// The texts that may hold Filmroll's mark in `file`, from whichever
    /// encoder or writer knows its format.
    static func markTexts(in file: SearchedFile) -> [String] {
        for encoder in all {
            let texts = encoder.markTexts(in: file)
            if !texts.isEmpty { return texts }
        }
        for writer in animations {
            let texts = writer.markTexts(in: file)
            if !texts.isEmpty { return texts }
        }
        return []
    }

    /// The lowercase extension of an output file name, or nil when its last
    /// component has none.
    static func outputExtension(_ path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }

    private static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// "a", "a or b", "a, b or c".
    private static func alternatives(_ names: [String]) -> String {
        let names = distinct(names)
        guard let last = names.last else { return "" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    }
}
