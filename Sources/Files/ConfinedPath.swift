/// A path split into the folders below an output root and the file's name,
/// told from the text of the paths alone: no file is looked at. A path
/// that is relative, has a `.` or `..` component, or does not lie below
/// the root is refused with the reason.
public struct ConfinedPath: Sendable, Equatable {
    /// The output root, as `/`-separated components.
    public let rootComponents: [String]
    /// The folders from the root down to the file, then the file's name.
    public let components: [String]

    /// Splits `path` below `root`.
    /// - Throws: `ConfinementRefusal` naming why `path` is not a file below `root`.
    public init(_ path: String, root: String) throws(ConfinementRefusal) {
        guard path.hasPrefix("/") else { throw .notAbsolute }
        let parts = path.split(separator: "/").map(String.init)
        if let odd = parts.first(where: { $0 == "." || $0 == ".." }) { throw .dotComponent(odd) }
        let rootParts = root.split(separator: "/").map(String.init)
        guard root.hasPrefix("/"), !rootParts.contains(where: { $0 == "." || $0 == ".." }) else {
            throw .rootNotAbsolute(root)
        }
        guard parts.count > rootParts.count, Array(parts.prefix(rootParts.count)) == rootParts else {
            throw .outside(root)
        }
        rootComponents = rootParts
        components = Array(parts.dropFirst(rootParts.count))
    }

    /// The root as an absolute path.
    public var root: String { "/" + rootComponents.joined(separator: "/") }
}

/// Why Filmroll leaves a recorded output alone rather than delete or replace it.
public enum ConfinementRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recorded path is relative.
    case notAbsolute
    /// The recorded path has a `.` or `..` component.
    case dotComponent(String)
    /// The recorded output root is not an absolute path without `.` and `..`.
    case rootNotAbsolute(String)
    /// The path does not lie below the output root.
    case outside(String)
    /// A folder on the way, or the file itself, is a symbolic link.
    case symbolicLink(String)
    /// Something on the way is not a folder.
    case notAFolder(String)
    /// The file is a folder, a device, a FIFO or a socket.
    case notRegularFile
    /// The file does not carry Filmroll's mark.
    case notOurs
    /// The file changed between its check and its removal.
    case changed
    /// The folder it lies in is not one this catalog owns, for the reason given
    /// (no marker naming the catalog, another catalog's, through a link).
    case notOwned(String)

    public var description: String {
        switch self {
        case .notAbsolute: "not an absolute path"
        case .dotComponent(let component): "has a '\(component)' component"
        case .rootNotAbsolute(let root): "its output folder \(root) is not an absolute path"
        case .outside(let root): "outside \(root)"
        case .symbolicLink(let path): "\(path) is a symbolic link"
        case .notAFolder(let path): "\(path) is not a folder"
        case .notRegularFile: "not a regular file"
        case .notOurs: "not made by Filmroll"
        case .changed: "changed while it was checked"
        case .notOwned(let reason): reason
        }
    }
}
