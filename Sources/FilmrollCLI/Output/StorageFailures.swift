#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Filmroll

/// Outputs that failed for want of room: no space left on the device, a
/// disk quota reached, a read-only file system. When the disk is full,
/// every output after it fails alike; a line each would bury the cause.
/// They are told in one line per cause, with how many outputs were not
/// made, where, and the way out. Other failures are printed as they come.
final class StorageFailures: Sendable {
    /// The causes, in the order they are told.
    static let causes: [Int32] = StorageCause.codes

    private struct Cause {
        var count = 0
        var folders: [String] = []
    }

    private let found = Locked<[Int32: Cause]>([:])

    /// Takes a failure for want of room (`StorageCause`: its `errno`),
    /// and returns true; false for any other code.
    /// - Parameter output: the file that was not made (its folder is named).
    func absorb(output: String, errno code: Int32) -> Bool {
        guard Self.causes.contains(code) else { return false }
        found.withLock { found in
            found[code, default: Cause()].count += 1
            found[code]!.folders.append(InputWalker.parentFolder(AbsolutePath.of(output)))
        }
        return true
    }

    /// Whether a failure was taken.
    var isEmpty: Bool { found.withLock { $0.isEmpty } }

    /// The lines for the failures taken ("filmroll: no space left on device
    /// writing into DIR; 37 outputs not made. Free some space …"), then forgets them.
    func lines() -> [String] {
        let found = self.found.withLock { found in
            defer { found = [:] }
            return found
        }
        return Self.causes.compactMap { code in
            guard let cause = found[code] else { return nil }
            let place = Self.commonFolder(cause.folders).map { " writing into \(displayPath($0))" } ?? ""
            let count = cause.count == 1 ? "1 output not made" : "\(cause.count) outputs not made"
            return "filmroll: \(FileBytes.systemMessage(code))\(place); \(count). \(Self.wayOut(code))"
        }
    }

    /// Prints `lines()` on standard error.
    func report(_ io: CommandIO) {
        for line in lines() { io.printError(line) }
    }

    /// What to do about `code`.
    static func wayOut(_ code: Int32) -> String {
        switch code {
        case EDQUOT: "Free some space within your quota and run the same command again: it picks up where it stopped."
        case EROFS: "Make it writable, or give a writable folder with --out, and run the same command again."
        default: "Free some space and run the same command again: it picks up where it stopped."
        }
    }

    /// The deepest folder holding all of `folders`, nil when none is given.
    static func commonFolder(_ folders: [String]) -> String? {
        guard var common = folders.first?.split(separator: "/", omittingEmptySubsequences: false) else { return nil }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        let joined = common.joined(separator: "/")
        return joined.isEmpty ? (folders.first?.hasPrefix("/") == true ? "/" : ".") : joined
    }
}
