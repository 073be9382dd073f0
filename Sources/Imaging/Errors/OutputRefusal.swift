/// Why Filmroll will not write an output where it was asked to: what is
/// there is not Filmroll's, or is an input, or is not a file; or the way
/// there goes through a symbolic link. Prints the sentence a person reads
/// after the output's name (a link's names the folder; see `namedPath`).
public struct OutputRefusal: Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// The file there is one of the run's inputs (never replaced, `--force` or not).
        case input
        /// The file there was not made by Filmroll (replaced with `--force`).
        case notMadeByFilmroll
        /// The file there is another kind of Filmroll output (replaced with `--force`).
        case otherOutput(found: OutputMark, wanted: OutputMark)
        /// A folder is there.
        case folder
        /// A FIFO, socket or device is there.
        case notRegularFile
        /// `path` is a folder on the way that is a symbolic link.
        case symbolicLink
        /// `path` is a folder on the way that a symbolic link leads outside `root`.
        case linkLeadsOutside(root: String)
        /// `path` is an output folder this catalog does not own, for the reason
        /// given (another catalog's marker, another photo folder's `.filmroll`);
        /// `--force` does not change it.
        case notOwned(String)
    }

    /// The output refused, or the folder on the way to it that is refused.
    public var path: String
    public var reason: Reason

    public init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .input: "refusing to overwrite the input photo; choose another output"
        case .notMadeByFilmroll: "already exists and was not made by Filmroll; choose another output, or add --force to replace it"
        case let .otherOutput(found, wanted): "already exists and is \(found), not \(wanted); choose another output, or add --force to replace it"
        case .folder: "is a folder; the output must be a file"
        case .notRegularFile: "exists and is not a regular file"
        case .symbolicLink: "refusing to write through \(path): it is a symbolic link"
        case .linkLeadsOutside(let root): "refusing to write through \(path): a symbolic link leads outside \(root)"
        case .notOwned(let reason):
            "refusing to write into \(path): \(reason); Filmroll never replaces or deletes another catalog's outputs, "
                + "even with --force: choose another output folder"
        }
    }

    /// The path the sentence names (a folder with a link); nil when the
    /// caller names the output.
    public var namedPath: String? {
        switch reason {
        case .symbolicLink, .linkLeadsOutside, .notOwned: path
        default: nil
        }
    }
}
