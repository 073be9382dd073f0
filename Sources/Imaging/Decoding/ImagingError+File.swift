import Files

extension ImagingError {
    /// A file error as an imaging error: a file over the size limit is a
    /// limit exceeded, anything else a file-system error; the sentence is the same.
    public init(_ error: FileError) {
        switch error {
        case .system(let reason): self = .fileSystem(reason)
        case .tooLarge(let limit): self = .limitExceeded("file is larger than \(limit) bytes")
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
