@testable import FilmrollCLI
import Filmroll
import Imaging
import Synchronization
import Testing

/// `process`'s progress on a terminal: each bar says what it counts, and a
/// stage that starts again (the next batch of days, a pass over the days
/// some photos failed in) goes on in the same bar instead of a new "1/4".
@Suite struct ProcessDisplayTests {
    /// A display whose standard error is a terminal, and what it wrote there.
    static func display() -> (ProcessDisplay, Locked<String>) {
        let errors = Locked("")
        let io = CommandIO(writeOutput: { _ in }, writeError: { text in errors.withLock { $0 += text } }, errorIsTerminal: true)
        return (ProcessDisplay(io: io, json: false, quiet: false), errors)
    }

    /// The bar's lines as drawn ("\r…\e[K"), without the clearing.
    static func lines(_ errors: Locked<String>) -> [String] {
        errors.withLock { $0 }.split(separator: "\r").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }.filter { !$0.isEmpty }
    }

    @Test func aStageThatStartsAgainGoesOnInItsBar() {
        let (display, errors) = Self.display()
        display.handle(.stageStarted(.photos, total: 4))
        display.handle(.advanced(.photos, done: 4, total: 4))
        display.handle(.stageStarted(.photos, total: 2))
        display.handle(.advanced(.photos, done: 2, total: 2))
        display.finish()
        let lines = Self.lines(errors)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("decoding photos [") == true && lines.first?.contains("] 4/4 ") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("decoding photos [") == true && lines.last?.contains("] 6/6 ") == true, "\(lines)")
    }

    @Test func eachStageSaysWhatItDoes() {
        let (display, errors) = Self.display()
        display.handle(.advanced(.index, done: 3, total: 3))
        display.handle(.stageStarted(.photos, total: 1))
        display.handle(.advanced(.photos, done: 1, total: 1))
        display.handle(.stageStarted(.gallery, total: 2))
        display.handle(.advanced(.gallery, done: 2, total: 2))
        display.finish()
        let labels = Self.lines(errors).map { $0.prefix { $0 != "[" } }
        #expect(labels == ["indexing files ", "decoding photos ", "writing the gallery "], "\(labels)")
    }
}
