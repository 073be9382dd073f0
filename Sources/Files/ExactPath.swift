/// A path compared by its bytes, as the file system compares names.
///
/// Swift's `String` equality is Unicode canonical equivalence: the NFC and
/// NFD spellings of `한글 사진.jpg` (what Linux and macOS copies of the same
/// name produce) are equal strings, yet two files. Sets and dictionary keys
/// of paths use this type, so that neither file hides the other.
public struct ExactPath: Hashable, Sendable, CustomStringConvertible {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    public static func == (lhs: ExactPath, rhs: ExactPath) -> Bool {
        lhs.path.utf8.elementsEqual(rhs.path.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        for byte in path.utf8 { hasher.combine(byte) }
    }

    public var description: String { path }
}
