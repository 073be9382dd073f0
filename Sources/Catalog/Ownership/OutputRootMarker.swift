#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The small file at the top of every folder Filmroll writes outputs into
/// (`FOLDER/.filmroll`, every `--out DIR`), naming the catalog that owns
/// it: `.filmroll-owner`, two lines,
///
///     Filmroll output folder
///     catalog: 8c1f…(32 hex digits)
///
/// A catalog row says what was made; only this file, found on disk, says
/// where a catalog may delete, replace or copy from. A row naming a file
/// anywhere else (another folder, another catalog's gallery, a folder moved
/// away) authorises nothing.
public enum OutputRootMarker {
    /// The marker's file name.
    public static let fileName = OwnedFolderMarker.fileName
    static let heading = "Filmroll output folder"
    /// A marker is a few dozen bytes; anything longer is no marker of ours.
    static let maximumBytes = 512

    /// What the marker in `folder` says, when it holds one.
    public enum Reading: Sendable, Equatable {
        /// No marker (nor anything else) at `folder/.filmroll-owner`.
        case none
        /// A marker naming the catalog with this id.
        case catalog(String)
        /// Something is there that is no marker: a link, a folder, other text.
        case unreadable
    }

    /// Reads the marker in `folder`, without following a link at its name
    /// and without blocking on a FIFO.
    public static func read(in folder: String) -> Reading {
        let path = folder + "/" + fileName
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .none : .unreadable }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= maximumBytes else { return .unreadable }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .unreadable }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: maximumBytes)
        let count = Glibc.read(descriptor, &bytes, bytes.count)
        guard count > 0 else { return .unreadable }
        return parse(String(decoding: bytes.prefix(count), as: UTF8.self))
    }

    /// The catalog id in a marker's text.
    static func parse(_ text: String) -> Reading {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters() }
        guard lines.first == heading else { return .unreadable }
        for line in lines.dropFirst() where line.hasPrefix("catalog:") {
            let id = line.dropFirst("catalog:".count).trimmingCharacters()
            return CatalogIdentity.isWellFormed(id) ? .catalog(id) : .unreadable
        }
        return .unreadable
    }

    /// The marker's text for the catalog `id`.
    static func text(id: String) -> String { heading + "\ncatalog: " + id + "\n" }

    /// Writes a marker naming `id` in `folder` unless one is there already:
    /// written whole under a name of this process's, then linked to the
    /// marker's name (`link` fails when the name is taken), so that of two
    /// writers at once (shards starting together) one writes and both read
    /// its id, and no reader ever finds the marker empty.
    /// - Returns: what the marker says afterwards.
    @discardableResult
    public static func write(id: String, in folder: String) -> Reading {
        let path = folder + "/" + fileName
        let staged = folder + "/" + TemporaryFiles.name(for: fileName)
        let descriptor = TemporaryFiles.create(staged, permissions: 0o644)
        if descriptor < 0 { return read(in: folder) }
        defer {
            _ = unlink(staged)
            TemporaryFiles.unregister(staged)
        }
        let bytes = Array(text(id: id).utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { return .none }
        guard link(staged, path) == 0 else { return read(in: folder) }
        return .catalog(id)
    }
}
