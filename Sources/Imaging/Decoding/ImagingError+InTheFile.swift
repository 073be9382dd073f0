extension ImagingError {
    /// Whether the error lies in the file's bytes (empty, not an image,
    /// an unsupported format, corrupt, cut short), so that reading the same
    /// bytes again fails again; not a limit, memory or the file system,
    /// which another run or other settings may get past.
    public var isInTheFile: Bool {
        switch self {
        case .emptyFile, .unrecognizedFormat, .unsupportedFormat, .corrupt, .truncated: true
        default: false
        }
    }
}
