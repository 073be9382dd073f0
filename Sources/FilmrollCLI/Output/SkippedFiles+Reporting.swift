import Filmroll

extension SkippedFiles {
    /// Prints the summary line on standard error, when a file was skipped.
    func report(_ io: CommandIO) {
        guard let summary else { return }
        io.writeError((io.errorIsTerminal ? "\r\u{1B}[K" : "") + "filmroll: \(summary)\n")
    }

    /// One JSON object per skipped file: `{"<pathKey>":PATH,"<reasonKey>":"not a photo"}`.
    func jsonObjects(pathKey: String = "path", reasonKey: String = "reason") -> [JSONValue] {
        files.map { .object([(pathKey, .string($0.path)), (reasonKey, .string($0.reason))]) }
    }
}
