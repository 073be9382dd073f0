import Foundation
@testable import FilmrollCLI
import Testing
import TestSupport

/// The man page, the shell completions and `make install`, all generated
/// from the commands' specs; and `--version` naming the libraries.
@Suite struct PackagingTests {
    static func installed(_ program: String) -> Bool { shell("command -v \(program)").status == 0 }

    /// Writes what `filmroll ARGUMENTS` prints into `name` in `folder`.
    func generate(_ arguments: [String], into folder: borrowing TemporaryFolder, as name: String) throws -> String {
        let (code, runner) = CommandRunner.run(arguments)
        #expect(code == .success)
        #expect(runner.stderr.isEmpty)
        try runner.stdout.write(toFile: folder.file(name), atomically: true, encoding: .utf8)
        return folder.file(name)
    }

    @Test func manPageNamesEveryCommandAndOption() {
        let (code, runner) = CommandRunner.run("--generate-manpage")
        #expect(code == .success)
        let page = runner.stdout
        #expect(page.hasPrefix(".TH FILMROLL 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "SHARED OPTIONS", "COMMANDS", "EXIT STATUS", "FILES", "SEE ALSO"] {
            #expect(page.contains("\n.SH \(section)\n"), "\(section) missing")
        }
        for command in CLI.commands {
            #expect(page.contains("\n.SS \(command.spec.name)\n"), "\(command.spec.name) missing")
        }
        for option in ThumbsCommand.spec.options {
            let escaped = "\\fB\\-\\-" + option.name.split(separator: "-").joined(separator: "\\-") + "\\fR"
            #expect(page.contains(escaped), "--\(option.name) missing")
        }
        #expect(page.contains("FOLDER/.filmroll/"))
        #expect(!page.split(separator: "\n").contains { $0.hasPrefix("'") }, "a line would be read as a request")
    }

    @Test func roffEscapesRequestsBackslashesAndHyphens() {
        #expect(Roff.escape(".hidden\n'quote\nC:\\dir --flag") == "\\&.hidden\n\\&'quote\nC:\\edir \\-\\-flag")
        #expect(Roff.escape("2×6 in…") == "2\\[u00D7]6 in\\[u2026]")
    }

    @Test(.enabled(if: installed("man"), "man is not installed"))
    func manRendersThePageWithoutWarnings() throws {
        let folder = TemporaryFolder()
        let page = try generate(["--generate-manpage"], into: folder, as: "filmroll.1")
        let rendered = shell("MANWIDTH=80 man -l --warnings \(page) 2>&1 >/dev/null")
        #expect(rendered.status == 0)
        #expect(rendered.output.isEmpty, "warnings: \(rendered.output)")
        let text = shell("MANWIDTH=80 man -l \(page) 2>/dev/null | col -b").output
        #expect(text.contains("--max-total-pixels"))
        #expect(text.contains("EXIT STATUS"))
    }

    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        let folder = TemporaryFolder()
        let script = try generate(["--generate-completion", "bash"], into: folder, as: "filmroll.bash")
        let syntax = shell("bash -n \(script)")
        #expect(syntax.status == 0, "\(syntax.output)")
        func complete(_ words: String...) -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            return shell("""
                bash -c 'source \(script); COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _filmroll; echo "${COMPREPLY[*]}"' \
                bash \(quoted)
                """).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(complete("filmroll", "th") == "thumbs")
        #expect(complete("filmroll", "thumbs", "--qu") == "--quality --quiet")
        #expect(complete("filmroll", "thumbs", "--format", "") == "jpeg png")
        #expect(complete("filmroll", "thumbs", "--format", "=", "p") == "png")
        #expect(complete("filmroll", "fourcut", "--dpi", "6") == "600")
        #expect(complete("filmroll", "thumbs", "photo") == "", "positionals fall back to file names")
        #expect(complete("filmroll", "an") == "animate")
        #expect(complete("filmroll", "animate", "--fp") == "--fps", "an alias completes as its command")
    }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed"))
    func zshCompletionParses() throws {
        let folder = TemporaryFolder()
        let script = try generate(["--generate-completion", "zsh"], into: folder, as: "_filmroll")
        #expect(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("#compdef filmroll\n"))
        let syntax = shell("zsh -n \(script)")
        #expect(syntax.status == 0, "\(syntax.output)")
    }

    @Test func unknownShellIsAUsageError() {
        let (code, runner) = CommandRunner.run("--generate-completion", "fish")
        #expect(code == .usage)
        #expect(runner.stderr.contains("takes bash or zsh"))
    }

    /// Installs the debug binary (BINARY=), so the test needs no release build.
    @Test(.enabled(if: installed("make"), "make is not installed"))
    func makeInstallPutsFourFilesUnderDestdir() throws {
        let stage = TemporaryFolder()
        let make = "make -s -C \(Fixtures.root) DESTDIR=\(stage.path) PREFIX=/usr BINARY=\(InterruptionTests.binary)"
        let install = shell(make + " install")
        #expect(install.status == 0, "\(install.output)")
        let files = ["bin/filmroll", "share/man/man1/filmroll.1",
                     "share/bash-completion/completions/filmroll", "share/zsh/site-functions/_filmroll"]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: stage.path + "/usr/" + file), "\(file) missing")
        }
        #expect(FileManager.default.isExecutableFile(atPath: stage.path + "/usr/bin/filmroll"))
        let version = shell(stage.path + "/usr/bin/filmroll --version")
        #expect(version.output.hasPrefix("filmroll \(CLI.version) ("))
        let uninstall = shell(make + " uninstall")
        #expect(uninstall.status == 0, "\(uninstall.output)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: stage.path + "/usr/" + file)) }
    }

    @Test func versionNamesEveryLibrary() throws {
        let (code, runner) = CommandRunner.run("--version")
        #expect(code == .success)
        let line = runner.stdout
        #expect(line.hasPrefix("filmroll \(CLI.version) ("))
        #expect(line.hasSuffix(")\n"))
        #expect(line.split(separator: "\n").count == 1)
        for library in ["libjpeg-turbo", "libpng", "zlib", "libdeflate", "giflib", "libheif", "libwebp", "lcms2", "libexpat", "SQLite",
                        "libimagequant", "FreeType", "FFmpeg"] {
            let pattern = try Regex("(\\(|, )\(library) [0-9]+\\.[0-9]+")
            #expect(line.contains(pattern), "\(library) missing from \(line)")
        }
    }

    @Test func versionAsJSON() throws {
        let (code, runner) = CommandRunner.run("--version", "--json")
        #expect(code == .success)
        let object = try #require(JSONSerialization.jsonObject(with: Data(runner.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? String == CLI.version)
        let libraries = try #require(object["libraries"] as? [String: String])
        #expect(libraries["SQLite"]?.hasPrefix("3.") == true)
        // 13 always linked, and LibRaw, libtiff and libjxl named by their decoders in the registry.
        #expect(libraries["LibRaw"]?.hasPrefix("0.") == true)
        #expect(libraries["libtiff"]?.hasPrefix("4.") == true)
        #expect(libraries["libjxl"]?.hasPrefix("0.") == true)
        #expect(libraries.count == 16)
        #expect(CommandRunner.run("--version", "--yaml").code == .usage)
    }
}
