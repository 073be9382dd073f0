/// One file to work on, found on the command line or in a folder.
public struct InputFile: Sendable, Hashable {
    /// The path to open.
    public var path: String
    /// The path below the folder it was found in (its own name when given
    /// directly), used to mirror the input tree in an output folder.
    public var relativePath: String
    /// The folder it was found in, or the folder holding a file given directly.
    public var root: String

    public init(path: String, relativePath: String, root: String) {
        self.path = path
        self.relativePath = relativePath
        self.root = root
    }
}
