#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Catalog
import Imaging

/// Decides whether an output may be written at a path. A path may be
/// written when nothing is there, or when the file there is Filmroll's own
/// output of the same kind: it carries the same `OutputMark`, or a catalog
/// records it as an output. Anything else (somebody's photo, a file of
/// another program) is refused unless `--force`; an input of the run
/// and anything that is not a regular file are refused always.
public struct OutputGuard: Sendable {
    public var mark: OutputMark
    /// Replace a file Filmroll did not make (`--force`; never an input).
    public var force: Bool
    public var inputs: InputIdentities
    /// A catalog consulted besides the catalog of the folder holding the output (`--catalog`).
    public var catalogPath: String?

    public init(mark: OutputMark, force: Bool = false, inputs: InputIdentities, catalogPath: String? = nil) {
        self.mark = mark
        self.force = force
        self.inputs = inputs
        self.catalogPath = catalogPath
    }

    /// - Throws: `ImagingError.outputRefused` with the reason, when `path` may not be written.
    public func check(_ path: String) throws(ImagingError) {
        guard try Self.regularFileExists(at: path) else { return }
        if inputs.contains(path) { throw .outputRefused(OutputRefusal(path: path, .input)) }
        if force { return }
        let found = OutputMark.read(contentsOf: path)
        if found == mark || (found == nil && isRecordedOutput(path)) { return }
        throw .outputRefused(OutputRefusal(path: path, found.map { .otherOutput(found: $0, wanted: mark) } ?? .notMadeByFilmroll))
    }

    /// Whether a file is at `path` that an output could replace (nothing
    /// there: false).
    /// - Throws: `ImagingError.outputRefused` for a folder, FIFO, socket or
    ///   device there, which no output replaces, `--force` or not.
    static func regularFileExists(at path: String) throws(ImagingError) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return true
        case S_IFDIR: throw .outputRefused(OutputRefusal(path: path, .folder))
        default: throw .outputRefused(OutputRefusal(path: path, .notRegularFile))
        }
    }

    /// Whether a catalog lists `path` as an output, in a folder whose marker
    /// names that catalog, and the file there still has the size and hash
    /// recorded when it was made. A row alone is not enough: a catalog
    /// comes with a folder from anywhere, and one that names somebody's
    /// file must not let Filmroll replace it.
    private func isRecordedOutput(_ path: String) -> Bool {
        var catalogs: [(folder: String, path: String?)] = []
        if let enclosing = CatalogLocator.enclosingFolder(of: path) { catalogs.append((enclosing.folder, nil)) }
        if let catalogPath { catalogs.append((InputWalker.parentFolder(path), catalogPath)) }
        let spellings = Set([AbsolutePath.of(path), AbsolutePath.resolved(path) ?? path])
        for (folder, file) in catalogs {
            guard let catalog = try? CatalogLocator.open(folder: folder, path: file, access: .read) else { continue }
            for spelling in spellings {
                let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
                guard descriptor >= 0 else { continue }
                defer { close(descriptor) }
                if catalog.recordsOutput(at: spelling, descriptor: descriptor) { return true }
            }
        }
        return false
    }
}
