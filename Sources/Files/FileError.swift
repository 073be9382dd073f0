/// Why a file or folder could not be read or written. Each case prints a
/// sentence a person understands; the caller adds the file's name when
/// the sentence does not carry it already.
public enum FileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system refused: its reason ("no such file or directory"), after
    /// what was tried when that needs saying ("cannot create folder /x: …").
    case system(String)
    /// The file is larger than the limit the read allowed.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .system(let reason): reason
        case .tooLarge(let limit): "limit exceeded: file is larger than \(limit) bytes"
        }
    }
}
