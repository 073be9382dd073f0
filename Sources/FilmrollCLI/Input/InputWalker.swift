#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Imaging

/// Expands the command line's files and folders into the files to work on.
///
/// Files named on the command line are always taken. Inside folders (walked
/// recursively, hidden entries and `.filmroll/` skipped, symlinked folders
/// not followed) a file is taken when its name says it is an image or its
/// first bytes do: a JPEG named `.dat` is found, a `notes.txt` is not.
enum InputWalker {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "png", "gif"]

    struct Failure: Error, Sendable {
        var path: String
        var reason: String
    }

    static func expand(_ inputs: [String]) -> (files: [InputFile], failures: [Failure]) {
        var files: [InputFile] = []
        var failures: [Failure] = []
        for input in inputs {
            var status = stat()
            guard stat(input, &status) == 0 else {
                failures.append(Failure(path: input, reason: String(cString: strerror(errno)).lowercased()))
                continue
            }
            if (status.st_mode & S_IFMT) == S_IFDIR {
                var found: [InputFile] = []
                walk(folder: input, root: input, relative: "", into: &found, failures: &failures)
                files += found.sorted { naturalOrder($0.relativePath, $1.relativePath) }
            } else {
                files.append(InputFile(path: input, relativePath: lastComponent(input), root: parentFolder(input)))
            }
        }
        return (files, failures)
    }

    private static func walk(folder: String, root: String, relative: String, into files: inout [InputFile],
                             failures: inout [Failure]) {
        guard let directory = opendir(folder) else {
            failures.append(Failure(path: folder, reason: String(cString: strerror(errno)).lowercased()))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                walk(folder: path, root: root, relative: relativePath, into: &files, failures: &failures)
            case S_IFREG, S_IFLNK:
                if isCandidate(path: path, name: name) {
                    files.append(InputFile(path: path, relativePath: relativePath, root: root))
                }
            default:
                continue
            }
        }
    }

    private static func isCandidate(path: String, name: String) -> Bool {
        if let dot = name.lastIndex(of: "."), imageExtensions.contains(name[name.index(after: dot)...].lowercased()) {
            return true
        }
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 8)
        let count = read(descriptor, &head, 8)
        return count > 0 && ImageFormat.sniff(head.prefix(count)) != nil
    }

    /// The folder holding `path` ("." for a bare name).
    static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed.split(separator: "/").last.map(String.init) ?? String(trimmed)
    }
}

/// Orders names as people do: "frame2" before "frame10".
func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
    var left = Substring(lhs).unicodeScalars[...], right = Substring(rhs).unicodeScalars[...]
    func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
    while let l = left.first, let r = right.first {
        if isDigit(l) && isDigit(r) {
            let leftDigits = left.prefix(while: isDigit), rightDigits = right.prefix(while: isDigit)
            let leftNumber = String(String.UnicodeScalarView(leftDigits.drop { $0 == "0" }))
            let rightNumber = String(String.UnicodeScalarView(rightDigits.drop { $0 == "0" }))
            if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
            if leftNumber != rightNumber { return leftNumber < rightNumber }
            left = left.dropFirst(leftDigits.count)
            right = right.dropFirst(rightDigits.count)
        } else {
            if l != r { return l.value < r.value }
            left = left.dropFirst()
            right = right.dropFirst()
        }
    }
    return left.isEmpty && !right.isEmpty ? true : (left.isEmpty && right.isEmpty ? lhs < rhs : false)
}
