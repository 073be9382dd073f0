/// One file a command will work on, found on the command line or in a folder.
struct InputFile: Sendable, Hashable {
    /// The path to open.
    var path: String
    /// The path below the folder it was found in (its own name when given
    /// directly), used to mirror the input tree in an output folder.
    var relativePath: String
    /// The folder it was found in, or the folder holding a file given directly.
    var root: String
}
