import Filmroll

extension SkippedFiles {
    /// Prints a line per special file and the summary line on standard
    /// error, when a file was skipped.
    func report(_ io: CommandIO) {
        let lines = specialFileLines + (summary.map { [$0] } ?? [])
        guard !lines.isEmpty else { return }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + lines.map { "filmroll: \($0)\n" }.joined())
    }

    /// One JSON object per skipped file: `{"<pathKey>":PATH,"<reasonKey>":"not a photo"}`
    /// (or what a special file is: "a FIFO, not a regular file").
    func jsonObjects(pathKey: String = "path", reasonKey: String = "reason") -> [JSONValue] {
        files.map { .object([(pathKey, .string($0.path)), (reasonKey, .string($0.reason))]) }
    }
}
