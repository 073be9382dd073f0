import Imaging
import FilmrollCLI
import Synchronization

/// Runs the CLI in-process and keeps what it printed.
final class CommandRunner: Sendable {
    private let output = Locked("")
    private let errors = Locked("")

    var stdout: String { output.withLock { $0 } }
    var stderr: String { errors.withLock { $0 } }

    var io: CommandIO {
        CommandIO(writeOutput: { text in self.output.withLock { $0 += text } },
                  writeError: { text in self.errors.withLock { $0 += text } })
    }

    /// Runs `filmroll ARGUMENTS...` and returns the runner to read output from.
    static func run(_ arguments: String...) -> (code: ExitCode, runner: CommandRunner) {
        run(arguments)
    }

    static func run(_ arguments: [String]) -> (code: ExitCode, runner: CommandRunner) {
        let runner = CommandRunner()
        return (CLI.run(arguments, io: runner.io), runner)
    }
}
