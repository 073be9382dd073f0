/// Lines for standard output gathered into blocks of some 64 KB, each written
/// at once: a listing of thousands of photos is a few writes, not one a line.
/// Call `flush()` at the end (and before reporting a failure on standard error).
struct BatchedLines {
    private let io: CommandIO
    private var pending = ""
    private static let blockSize = 64 * 1024

    init(_ io: CommandIO) { self.io = io }

    mutating func print(_ line: String) {
        pending += line
        pending += "\n"
        if pending.utf8.count >= Self.blockSize { flush() }
    }

    mutating func flush() {
        guard !pending.isEmpty else { return }
        io.writeOutput(pending)
        pending = ""
    }
}
