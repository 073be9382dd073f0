import Files

/// Why an image could not be read or written. Each case carries its
/// context (a typed limit, the file error with its path and errno, the
/// refusal) and prints a sentence a person understands, without the file
/// name (the caller adds it) unless `namedPath` says it names one.
/// Messages of the libraries and the C shims (`corrupt`, `truncated`, …)
/// are for people only: no code looks inside them.
public enum ImagingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file is empty.
    case emptyFile
    /// The bytes are not in a format Filmroll reads.
    case unrecognizedFormat
    /// The bytes are an image format Filmroll cannot decode ("TIFF"); see `UnsupportedFormat`.
    case unsupportedFormat(String)
    /// A frame is larger than the pixel limit.
    case imageTooLarge(PixelSize)
    /// All frames of an animation together are larger than the limit.
    case animationTooLarge(frames: Int, size: PixelSize)
    /// The file breaks its format's rules.
    case corrupt(ImageFormat, String)
    /// The file ends before the image does.
    case truncated(ImageFormat, String)
    /// A resource limit other than size was reached: which, its value and maximum.
    case limitExceeded(Limit)
    /// Memory could not be had.
    case outOfMemory
    /// The image could not be encoded.
    case encodingFailed(ImageFormat, String)
    /// The file could not be read or written: the operation, the path and the system's reason.
    case fileSystem(FileError)
    /// Filmroll will not write the output there (a file it did not make, an input, a link).
    case outputRefused(OutputRefusal)
    /// A video could not be encoded or written, or its settings are invalid.
    case videoEncodingFailed(String)
    /// A video could not be read or decoded.
    case videoDecodingFailed(String)

    public var description: String {
        switch self {
        case .emptyFile: "empty file"
        case .unrecognizedFormat: "not an image Filmroll reads (\(ImageDecoders.formatList))"
        case .unsupportedFormat(let name): "unsupported format (\(name))"
        case .imageTooLarge(let size): "image too large (\(size))"
        case let .animationTooLarge(frames, size):
            "image too large (\(frames) frames of \(size))"
        case let .corrupt(format, reason): "corrupt \(format.displayName): \(reason)"
        case let .truncated(format, reason): "truncated \(format.displayName): \(reason)"
        case .limitExceeded(let limit): "limit exceeded: \(limit)"
        case .outOfMemory: "out of memory"
        case let .encodingFailed(format, reason): "cannot write \(format.displayName): \(reason)"
        case .fileSystem(let error): error.description
        case .outputRefused(let refusal): refusal.description
        case .videoEncodingFailed(let reason): "cannot write MP4: \(reason)"
        case .videoDecodingFailed(let reason): "cannot read video: \(reason)"
        }
    }
}
