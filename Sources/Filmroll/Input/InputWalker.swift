#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Expands files and folders (a command line's) into the files to work on.
/// Regular files named directly are always taken (anything else, such as a
/// FIFO, is refused without being opened); folders are walked by
/// `PhotoFolder`, and their files that are not photos are counted, not
/// worked on.
public enum InputWalker {
    /// An input that cannot be worked on, and why ("no such file or directory").
    public struct Failure: Error, Sendable, Hashable {
        public var path: String
        public var reason: String
    }

    /// The files to work on, the inputs that failed at once, and the files
    /// of walked folders that are not photos (see `SkippedFiles`).
    public static func expand(_ inputs: [String]) -> (files: [InputFile], failures: [Failure], skipped: SkippedFiles) {
        var files: [InputFile] = []
        var failures: [Failure] = []
        var skipped = SkippedFiles()
        for input in inputs {
            var status = stat()
            guard stat(input, &status) == 0 else {
                failures.append(Failure(path: input, reason: FileBytes.systemMessage(errno)))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                let (entries, unreadable, passedOver) = PhotoFolder.walk(input)
                failures += unreadable.map { Failure(path: $0.path, reason: $0.reason) }
                skipped.files += passedOver
                files += entries.map { InputFile(path: $0.path, relativePath: $0.relativePath, root: input) }
            case S_IFREG:
                files.append(InputFile(path: input, relativePath: lastComponent(input), root: parentFolder(input)))
            default:
                // A FIFO or device would block open() or never end.
                failures.append(Failure(path: input, reason: SpecialFile.reason(path: input) ?? "not a regular file"))
            }
        }
        return (files, failures, skipped)
    }

    /// The folder holding `path` ("." for a bare name).
    public static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` ("b.jpg" of "a/b.jpg", "a" of "a/").
    public static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}
