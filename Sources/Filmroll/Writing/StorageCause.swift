#if canImport(Glibc)
import Glibc
#endif
import Files
import Imaging

/// The system's reason an output could not be written for want of room
/// (no space left, a disk quota, a read-only file system), read from the
/// error's type, never its words.
public enum StorageCause {
    /// The causes, in the order they are told.
    public static let codes: [Int32] = [ENOSPC, EDQUOT, EROFS]

    /// `error`'s `errno` when it is one of `codes`; nil for any other error.
    public static func code(of error: any Error) -> Int32? {
        fileError(in: error)?.systemErrno.flatMap { codes.contains($0) ? $0 : nil }
    }

    /// The file `error` could not write, when it is one of `codes`.
    public static func file(of error: any Error) -> String? {
        code(of: error) == nil ? nil : fileError(in: error)?.path
    }

    private static func fileError(in error: any Error) -> FileError? {
        switch error {
        case let error as FileError: error
        case ImagingError.fileSystem(let error) as ImagingError: error
        case FourCutError.output(_, .fileSystem(let error)) as FourCutError: error
        default: nil
        }
    }
}
