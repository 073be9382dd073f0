#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// Where a command writes: standard output and error, and whether they are
/// terminals (for progress bars). Tests pass a capturing instance.
public struct CommandIO: Sendable {
    public var writeOutput: @Sendable (String) -> Void
    public var writeError: @Sendable (String) -> Void
    public var errorIsTerminal: Bool

    public init(writeOutput: @escaping @Sendable (String) -> Void,
                writeError: @escaping @Sendable (String) -> Void,
                errorIsTerminal: Bool = false) {
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's own standard output and error.
    public static var standard: CommandIO {
        CommandIO(
            writeOutput: { text in StandardStream.write(text, to: STDOUT_FILENO) },
            writeError: { text in StandardStream.write(text, to: STDERR_FILENO) },
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
    }

    /// Prints a line on standard output.
    public func print(_ line: String) { writeOutput(line + "\n") }

    /// Prints a line on standard error.
    public func printError(_ line: String) { writeError(line + "\n") }
}

private enum StandardStream {
    /// Writes all of `text` with write(2): unbuffered, so lines from
    /// several threads never interleave mid-line.
    static func write(_ text: String, to descriptor: Int32) {
        var text = PathBytes.hasEscapes(text) ? escapingNameBytes(text) : text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { return }
                offset += count
            }
        }
    }

    /// `text` with any byte of a name that is not UTF-8 still in it (a path
    /// inside a library's reason) shown as `\xFF`, as `displayPath` shows it.
    private static func escapingNameBytes(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let byte = PathBytes.escapedByte(scalar) {
                out += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
