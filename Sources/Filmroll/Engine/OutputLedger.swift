#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Files

/// What the catalog's outputs table says is made, read once for a run:
/// an output is up to date when the row at its path has its recipe's key
/// and the file there still has the size recorded; another row with the
/// same key is the same work done elsewhere, to copy rather than remake.
public struct OutputLedger: Sendable {
    private var byPath: [String: OutputLedgerEntry] = [:]
    private var byKey: [String: [String]] = [:]

    public init(_ entries: [OutputLedgerEntry] = []) {
        for entry in entries {
            byPath[entry.path] = entry
            if let key = entry.key { byKey[key, default: []].append(entry.path) }
        }
    }

    /// The row recorded for `path` (absolute).
    public func entry(at path: String) -> OutputLedgerEntry? { byPath[path] }

    /// Whether the output at `path` (absolute) was made by the recipe with
    /// `key` and is still there at the size recorded (one `stat`, no read).
    public func isCurrent(path: String, key: String) -> Bool {
        guard let entry = byPath[path], entry.key == key else { return false }
        return Self.fileSize(path).map { entry.bytes == nil || $0 == entry.bytes } ?? false
    }

    /// A file made by the recipe with `key` at another path, in a folder
    /// this catalog owns, still as recorded: the same output, ready to copy.
    public func madeElsewhere(key: String, notAt path: String) -> String? {
        byKey[key]?.first { other in
            other != path && byPath[other]?.isOwned == true && Self.fileSize(other).map { $0 == byPath[other]?.bytes } == true
        }
    }

    /// Notes an output made during the run.
    mutating func add(_ entry: OutputLedgerEntry) {
        byPath[entry.path] = entry
        if let key = entry.key { byKey[key, default: []].append(entry.path) }
    }

    /// This ledger with `entries` too (each replacing the row at its path).
    func adding(_ entries: [OutputLedgerEntry]) -> OutputLedger {
        var ledger = self
        for entry in entries { ledger.add(entry) }
        return ledger
    }

    private static func fileSize(_ path: String) -> Int? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}
