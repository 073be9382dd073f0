import FilmrollCLI
import Testing
import TestSupport

@Suite struct CommandLineTests {
    @Test func versionAndOverview() {
        let (code, runner) = CommandRunner.run("--version")
        #expect(code == .success)
        #expect(runner.stdout.hasPrefix("filmroll \(CLI.version) ("))
        let (helpCode, help) = CommandRunner.run("--help")
        #expect(helpCode == .success)
        for command in ["info", "convert", "thumbs", "index", "prune", "show", "ls", "calendar", "stats", "fourcut", "gif"] {
            #expect(help.stdout.contains("  \(command) "), "\(command) missing from the overview")
        }
    }

    @Test(arguments: ["info", "convert", "thumbs", "index", "prune", "show", "ls", "calendar", "stats", "fourcut", "gif"])
    func everyCommandHasHelp(command: String) {
        let (code, runner) = CommandRunner.run(command, "--help")
        #expect(code == .success)
        #expect(runner.stdout.contains("USAGE: filmroll \(command) "))
        #expect(runner.stdout.contains("-h, --help"))
        #expect(runner.stderr.isEmpty)
    }

    @Test func noArgumentsIsAUsageError() {
        let (code, runner) = CommandRunner.run([])
        #expect(code == .usage)
        #expect(runner.stderr.contains("USAGE: filmroll <command>"))
    }

    @Test func unknownCommandSuggestsTheNearestOne() {
        let (code, runner) = CommandRunner.run("inf", "x.jpg")
        #expect(code == .usage)
        #expect(runner.stderr.contains("unknown command 'inf' (did you mean 'info'?)"))
    }

    @Test func unknownOptionSuggestsTheNearestOne() {
        let (code, runner) = CommandRunner.run("info", "--jsn", Fixtures.path("jpeg/photo.jpg"))
        #expect(code == .usage)
        #expect(runner.stderr == """
            filmroll info: unknown option '--jsn' (did you mean '--json'?)
            Usage: filmroll info PATH... [--json] [options]
            See 'filmroll info --help'.

            """)
        #expect(runner.stdout.isEmpty)
    }

    @Test(arguments: [
        ["info"],
        ["convert", "only-one.jpg"],
        ["convert", "a.jpg", "b.bmp"],
        ["convert", "a.jpg", "b.gif"],
        ["convert", "a.jpg", "b.png", "--max-size", "0"],
        ["convert", "a.jpg", "b.png", "--quality", "high"],
        ["convert", "a.jpg", "b.png", "--quality"],
    ])
    func badCommandLinesExit64WithUsage(arguments: [String]) {
        let (code, runner) = CommandRunner.run(arguments)
        #expect(code == .usage)
        #expect(runner.stderr.contains("Usage: filmroll \(arguments[0]) "))
    }
}
