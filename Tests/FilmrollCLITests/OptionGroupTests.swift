import Files
@testable import FilmrollCLI
import Testing
import TestSupport

/// The shared options are declared once, in their groups: every command
/// that takes one takes it from its group (same name, letter, placeholder
/// and help), and parses it the same way (same validation, same errors).
@Suite struct OptionGroupTests {
    /// Each shared option, as its group declares it.
    static let shared = SharedOptions.all

    @Test func everyCommandTakesASharedOptionFromItsGroup() throws {
        var takers: [String: [String]] = [:]
        for command in CLI.commands {
            let spec = command.spec
            let names = spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(spec.name) declares an option twice")
            for option in spec.options {
                guard let group = Self.shared.first(where: { $0.name == option.name || $0.short != nil && $0.short == option.short }) else {
                    continue
                }
                takers[group.name, default: []].append(spec.name)
                #expect(option.name == group.name, "\(spec.name): -\(option.short!) is --\(group.name) elsewhere")
                #expect(option.short == group.short, "\(spec.name) --\(option.name)")
                #expect(option.help == group.help, "\(spec.name) --\(option.name) has its own help text")
                #expect(option.formerNames == group.formerNames, "\(spec.name) --\(option.name)")
                if option.name != "out" {    // --out's placeholder names what the command writes (DIR, OUT.mp4)
                    #expect(option.valueName == group.valueName, "\(spec.name) --\(option.name)")
                }
            }
        }
        // The groups are shared, not one command's: each is taken where it means something.
        #expect(takers["jobs"]?.sorted() == ["fourcut", "index", "merge", "process", "similar", "thumbs"])
        #expect(takers["no-catalog"]?.sorted() == ["fourcut", "gif", "process", "thumbs", "video"])
        #expect(takers["catalog"]?.count == 13)
        #expect(takers["json"]?.count == 14)
        #expect(takers["force"]?.sorted() == ["convert", "fourcut", "gif", "merge", "process", "thumbs", "video"])
        #expect(takers["max-pixels"]?.sorted() == ["convert", "fourcut", "gif", "info", "merge", "process", "thumbs", "video"])
        #expect(takers["out"]?.sorted() == ["fourcut", "gif", "merge", "process", "thumbs", "video"])
        #expect(takers["shard"]?.sorted() == ["process", "thumbs"])
        #expect(takers["fps"]?.sorted() == ["gif", "video"])
        #expect(takers["delays"]?.sorted() == ["gif", "video"])
    }

    @Test(arguments: [["index", "photos"], ["thumbs", "photo.jpg"], ["process", "photos"]])
    func jobsFailsTheSameEverywhere(command: [String]) {
        let (code, runner) = CommandRunner.run(command + ["--jobs", "0"])
        #expect(code == .usage)
        #expect(runner.stderr.hasPrefix("filmroll \(command[0]): option '--jobs' needs a whole number from 1 to 256, not '0'\n"),
                "\(runner.stderr)")
    }

    @Test(arguments: [["thumbs", "photo.jpg"], ["process", "photos"], ["gif", "photo.jpg", "-o", "a.gif"],
                      ["video", "photo.jpg", "-o", "a.mp4"], ["fourcut", "a.jpg", "b.jpg", "c.jpg", "d.jpg", "-o", "f.jpg"]])
    func catalogAndNoCatalogFailTheSameEverywhere(command: [String]) {
        let (code, runner) = CommandRunner.run(command + ["--catalog", "x.sqlite", "--no-catalog"])
        #expect(code == .usage)
        #expect(runner.stderr.hasPrefix("filmroll \(command[0]): use --catalog or --no-catalog, not both\n"), "\(runner.stderr)")
    }

    @Test(arguments: [["info", "photo.jpg"], ["convert", "photo.jpg", "out.jpg"], ["thumbs", "photo.jpg"], ["process", "photos"],
                      ["gif", "photo.jpg", "-o", "a.gif"], ["video", "photo.jpg", "-o", "a.mp4"]])
    func limitsFailTheSameEverywhere(command: [String]) {
        let (pixels, runner) = CommandRunner.run(command + ["--max-pixels", "lots"])
        #expect(pixels == .usage)
        #expect(runner.stderr.hasPrefix("filmroll \(command[0]): option '--max-pixels' needs a positive count such as 500 or 40M, not 'lots'\n"),
                "\(runner.stderr)")
        let (memory, tiny) = CommandRunner.run(command + ["--memory", "10"])
        #expect(memory == .usage)
        #expect(tiny.stderr.hasPrefix("filmroll \(command[0]): option '--memory' needs a size of at least 1M such as 500M or 2G, not '10'\n"),
                "\(tiny.stderr)")
    }

    @Test func theFormerOutputNameIsStillAccepted() throws {
        let folder = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("orientation"), "--output", folder.file("a.gif"), "--size", "16", "--no-catalog", "-q")
        #expect(code == .success, "\(runner.stderr)")
        #expect(FileBytes.exists(folder.file("a.gif")))
        #expect(CommandRunner.run("gif", "--help").runner.stdout.contains("-o, --out <OUT.gif|OUT.webp>"))
    }

    @Test func fourcutPerDayTakesItsFolderFromO() throws {
        let parsed = try ParsedArguments(["--folder", "photos", "--per-day", "-o", "sheets"], spec: FourcutCommand.spec)
        let command = try FourcutCommand(parsed)
        #expect(command.outFolder == "sheets")
        let single = try FourcutCommand(ParsedArguments(["a.jpg", "b.jpg", "c.jpg", "d.jpg", "--out", "f.png"], spec: FourcutCommand.spec))
        #expect(single.output == "f.png")
        #expect(single.format == .png)
    }

    @Test func animateIsGifByAnotherName() throws {
        let folder = TemporaryFolder()
        let (code, runner) = CommandRunner.run("animate", Fixtures.path("orientation"), "-o", folder.file("a.webp"), "--size", "16", "--no-catalog", "-q")
        #expect(code == .success, "\(runner.stderr)")
        #expect(try FileBytes.read(folder.file("a.webp")).prefix(4) == Array("RIFF".utf8)[...])
        let help = CommandRunner.run("animate", "--help").runner.stdout
        #expect(help == CommandRunner.run("help", "gif").runner.stdout)
        #expect(help.contains("ALIASES: filmroll animate"))
        #expect(CommandRunner.run("--generate-manpage").runner.stdout.contains("Also: filmroll animate."))
        #expect(CommandRunner.run("--help").runner.stdout.contains("(Also: animate.)"))
    }
}
