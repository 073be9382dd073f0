import Files

extension ImagingError {
    /// A file error as an imaging error: a file over the size limit is a
    /// limit exceeded, anything else a file-system error; the sentence is the same.
    public init(_ error: FileError) {
        switch error {
        case .failed: self = .fileSystem(error)
        case let .tooLarge(_, size, limit): self = .limitExceeded(.fileBytes(size: size, maximum: limit))
        }
    }

    /// The file or folder the sentence names, when it names one ("cannot
    /// write PATH: …"); nil when the caller must name the file.
    public var namedPath: String? {
        switch self {
        case .fileSystem(let error): error.namedPath
        case .outputRefused(let refusal): refusal.namedPath
        default: nil
        }
    }

    /// Runs a file operation, its `FileError` thrown as an `ImagingError`:
    /// `try ImagingError.converting(try FileBytes.read(path))`.
    public static func converting<T>(_ operation: @autoclosure () throws(FileError) -> T) throws(ImagingError) -> T {
        do {
            return try operation()
        } catch {
            throw ImagingError(error)
        }
    }
}
