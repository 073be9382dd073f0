/// Why a file or folder could not be read or written: what was tried, on
/// which file, and why (the system's code, or what the file is). Each case
/// prints a sentence a person understands; a read's sentence does not name
/// the file (the caller does), the others do (`namedPath`).
public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `operation` on `path` failed, for `problem`.
    case failed(FileOperation, path: String, FileProblem)
    /// The file at `path` is `size` bytes, more than the `limit` the read allowed.
    case tooLarge(path: String, size: Int, limit: Int)

    public var description: String {
        switch self {
        case let .failed(operation, path, problem):
            switch operation {
            case .read: problem.description
            case .create: "cannot create \(path): \(problem)"
            case .createFolder: "cannot create folder \(path): \(problem)"
            case .write: "cannot write \(path): \(problem)"
            case .remove: "cannot remove \(path): \(problem)"
            }
        case .tooLarge(_, _, let limit): "limit exceeded: file is larger than \(limit) bytes"
        }
    }

    /// The `errno` of a failed operation, when the system refused it.
    public var systemErrno: Int32? {
        if case .failed(_, _, let problem) = self { return problem.systemErrno }
        return nil
    }

    /// The file or folder the operation was on.
    public var path: String {
        switch self {
        case .failed(_, let path, _), .tooLarge(let path, _, _): path
        }
    }

    /// Why it failed (nil for a file too large).
    public var problem: FileProblem? {
        if case .failed(_, _, let problem) = self { return problem }
        return nil
    }

    /// The path the sentence names ("cannot write PATH: …"); nil when the
    /// caller names the file (a read).
    public var namedPath: String? {
        if case .failed(let operation, let path, _) = self, operation != .read { return path }
        return nil
    }
}

/// What was being done to a file when it failed.
public enum FileOperation: Sendable, Hashable {
    /// Opening, reading or looking at an existing file.
    case read
    /// Creating a file (its temporary, for an atomic write).
    case create
    /// Creating a folder on the way to a file.
    case createFolder
    /// Writing a file, or putting it in its place.
    case write
    /// Removing a file.
    case remove
}

/// Why a file operation failed.
public enum FileProblem: Sendable, Hashable, CustomStringConvertible {
    /// The system refused, with this `errno`.
    case system(errno: Int32)
    /// The path is a folder where a file was needed.
    case isDirectory
    /// The path is a FIFO, socket or device.
    case notRegularFile
    /// The file was written whole already (or abandoned).
    case alreadyFinished
    /// The path ends without a file name ("/x/").
    case notAFileName

    public var description: String {
        switch self {
        case .system(let code): FileBytes.systemMessage(code)
        case .isDirectory: "is a directory"
        case .notRegularFile: "not a regular file"
        case .alreadyFinished: "the file was already finished"
        case .notAFileName: "not a file name"
        }
    }

    /// The `errno`, when the system refused.
    public var systemErrno: Int32? {
        if case .system(let code) = self { return code }
        return nil
    }
}
