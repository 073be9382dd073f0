/// A process exit status, following sysexits(3) where it has a name.
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything asked for was done.
    public static let success = ExitCode(rawValue: 0)
    /// Some files failed (unreadable input or unwritable output); the others were done.
    public static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong (EX_USAGE).
    public static let usage = ExitCode(rawValue: 64)

    public var description: String { String(rawValue) }
}
