import Files
@testable import FilmrollCLI
import Filmroll
import Testing
import TestSupport

/// One vocabulary for flags: a name means one thing in every command that
/// takes it (one letter, one placeholder, one help), and every command that
/// lists a flag accepts it, spelled the same way; the usage lines, the man
/// page and the completions are written from the same specs.
@Suite struct FlagVocabularyTests {
    static var specs: [CommandSpec] { CLI.commands.map { $0.spec } }

    /// A command line each command accepts as it is, to which one option is added.
    static let bases: [String: [String]] = [
        "info": ["p.jpg"], "convert": ["a.jpg", "b.jpg"], "thumbs": ["p.jpg", "-o", "thumbs-out"],
        "process": ["photos"], "merge": ["photos"], "index": ["photos"], "prune": ["photos"], "show": ["photos/p.jpg"],
        "ls": ["photos"], "calendar": ["photos"], "stats": ["photos"],
        "fourcut": ["a.jpg", "b.jpg", "c.jpg", "d.jpg", "-o", "f.jpg"], "gif": ["p.jpg", "-o", "a.gif"],
        "video": ["p.jpg", "-o", "a.mp4"], "similar": ["photos"],
    ]

    /// Options that need another line to be meaningful: the line they go with.
    static let companions: [String: [String: [String]]] = [
        "fourcut": ["per-day": ["--folder", "photos"], "pick": ["--folder", "photos", "--per-day"],
                    "format": ["--folder", "photos", "--per-day"]],
        "gif": ["lossless": ["p.jpg", "-o", "a.webp"]],
    ]

    /// A value for each option, the same in every command that takes it.
    static let samples: [String: String] = [
        "size": "256", "format": "png", "quality": "80", "fit": "cover", "jobs": "2", "shard": "0/2",
        "cache-dir": "store", "cache-limit": "500MB", "catalog": "c.sqlite", "max-pixels": "40M", "max-total-pixels": "1G",
        "max-scans": "100", "max-frames": "100", "max-chunk-bytes": "1M", "memory": "500M", "fps": "12", "delay": "100",
        "delays": "100,200", "width": "64", "height": "64", "background": "black", "loop": "none", "palette-quality": "70",
        "dither": "0.5", "colors": "64", "order": "date", "seconds": "2", "crossfade": "0.5", "clip-seconds": "3",
        "canvas": "1280x720", "crf": "20", "preset": "fast", "layout": "grid", "print": "4x6", "dpi": "300", "frame": "pink",
        "gap": "10", "radius": "8", "caption": "none", "date-format": "yyyy", "locale": "ko", "title": "Trip",
        "font": "DejaVu Sans", "crop": "smart", "folder": "photos", "pick": "first", "month": "2025-04", "day": "2025-04-10",
        "from": "2025-04-01", "to": "2025-04-30", "camera": "Canon", "max-size": "100", "animation": "gif,webp",
        "originals": "copy", "preview-size": "2048", "basemap": "city.pmtiles", "hide-places-near": "60.17,24.94,1",
    ]

    /// `--out`'s value is the command's output, whose kind it names.
    static let outputs = ["thumbs": "dir", "gif": "a.webp", "video": "b.mp4", "fourcut": "g.png", "process": "gallery", "merge": "gallery"]

    /// The command `name`, made from `arguments` as the CLI makes it.
    static func make(_ name: String, _ arguments: [String]) throws(UsageError) -> any Command {
        let command = CLI.command(named: name)!
        return try command.init(ParsedArguments(arguments, spec: command.spec))
    }

    @Test func aFlagNameHasOneMeaningInEveryCommand() {
        var meanings: [String: (command: String, option: OptionSpec)] = [:]
        var letters: [Character: String] = [:]
        for spec in Self.specs {
            let names = spec.options.map(\.name)
            #expect(Set(names).count == names.count, "\(spec.name) declares an option twice")
            for option in spec.options {
                if let short = option.short {
                    #expect(letters[short, default: option.name] == option.name, "-\(short) is two options")
                    letters[short] = option.name
                }
                for old in option.formerNames + option.deprecatedNames {
                    #expect(!names.contains(old), "\(spec.name): --\(old) is both an old name and an option")
                }
                guard let first = meanings[option.name] else {
                    meanings[option.name] = (spec.name, option)
                    continue
                }
                var mine = option.meaning, theirs = first.option.meaning
                if option.name == "out" { (mine.valueName, theirs.valueName) = (nil, nil) }   // names what the command writes
                #expect(mine == theirs, "--\(option.name) means one thing in \(first.command) and another in \(spec.name)")
            }
        }
        // The clashes this vocabulary removed.
        #expect(meanings["fit"]?.option.choices == ["contain", "cover"])
        #expect(meanings["no-memory-cache"] != nil)
        #expect(meanings["palette-quality"] != nil)
        #expect(Self.specs.filter { $0.options.contains { $0.name == "no-cache" } }.map(\.name) == ["thumbs"])
        #expect(Self.specs.filter { $0.options.contains { $0.name == "fit" } }.map(\.name).sorted() == ["gif", "thumbs", "video"])
        #expect(Self.specs.filter { $0.options.contains { $0.name == "quality" } }.map(\.name).sorted()
                    == ["convert", "fourcut", "gif", "thumbs"])
    }

    @Test func everyCommandAcceptsEveryFlagItLists() throws {
        for spec in Self.specs {
            let base = try #require(Self.bases[spec.name], "no command line for \(spec.name)")
            #expect(throws: Never.self, "\(spec.name) \(base)") { _ = try Self.make(spec.name, base) }
            for option in spec.options {
                let line = Self.companions[spec.name]?[option.name] ?? base
                var value: [String] = []
                if option.valueName != nil {
                    guard let sample = option.name == "out" ? Self.outputs[spec.name] : Self.samples[option.name] else {
                        Issue.record("no sample value for --\(option.name) (\(spec.name))")
                        continue
                    }
                    value = [sample]
                }
                let spellings = ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
                for spelling in spellings {
                    let full = line + [spelling] + value
                    #expect(throws: Never.self, "filmroll \(spec.name) \(full.joined(separator: " "))") {
                        _ = try Self.make(spec.name, full)
                    }
                }
            }
        }
    }

    /// What the completions offer is what the parser takes.
    @Test func everyChoiceIsAccepted() throws {
        for spec in Self.specs {
            let base = try #require(Self.bases[spec.name])
            for option in spec.options where !option.choices.isEmpty {
                for choice in option.choices {
                    let line = base + ["--\(option.name)", choice]
                    #expect(throws: Never.self, "filmroll \(spec.name) \(line.joined(separator: " "))") {
                        _ = try Self.make(spec.name, line)
                    }
                }
            }
        }
    }

    @Test func insideIsAnotherNameForContain() throws {
        for fit in ["inside", "contain"] {
            let thumbs = try #require(try Self.make("thumbs", ["p.jpg", "-o", "d", "--fit", fit]) as? ThumbsCommand)
            #expect(thumbs.fit == .inside)
            let gif = try #require(try Self.make("gif", ["p.jpg", "-o", "a.gif", "--fit", fit]) as? AnimationCommand)
            #expect(gif.fit == .inside)
            let video = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--fit", fit]) as? VideoCommand)
            #expect(video.fit == .contain)
        }
        let thumbs = try #require(try Self.make("thumbs", ["p.jpg", "-o", "d", "--fit", "cover"]) as? ThumbsCommand)
        #expect(thumbs.fit == .cover)
        let video = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--fit", "cover"]) as? VideoCommand)
        #expect(video.fit == .cover)
        #expect(CommandRunner.run("thumbs", "--help").runner.stdout.contains("--fit <contain|cover>"))
        #expect(CommandRunner.run("thumbs", "--help").runner.stdout.contains("inside is another name for it"))
        let (code, runner) = CommandRunner.run("thumbs", "p.jpg", "-o", "d", "--fit", "fill")
        #expect(code == .usage)
        #expect(runner.stderr.hasPrefix("filmroll thumbs: option '--fit' takes contain or cover, not 'fill'\n"), "\(runner.stderr)")
    }

    /// `--fit inside` (thumbs' first spelling) makes what `--fit contain` makes, byte for byte.
    @Test func insideAndContainMakeTheSameThumbnail() throws {
        let folder = TemporaryFolder()
        var made: [[UInt8]] = []
        for fit in ["inside", "contain"] {
            let out = folder.file(fit)
            let (code, runner) = CommandRunner.run("thumbs", Fixtures.path("jpeg/photo.jpg"), "--size", "40", "--fit", fit,
                                                   "--out", out, "--no-cache", "--no-catalog", "-q")
            #expect(code == .success, "\(runner.stderr)")
            #expect(runner.stderr.isEmpty)
            made.append(try FileBytes.read(out + "/photo_40.jpg"))
        }
        #expect(made[0] == made[1])
        #expect(made[0].count > 100)
    }

    @Test func theMemorySwitchHasItsOwnName() throws {
        let folder = TemporaryFolder()
        let (code, runner) = CommandRunner.run("gif", Fixtures.path("orientation"), "-o", folder.file("a.gif"), "--size", "16",
                                               "--no-memory-cache", "--no-catalog", "-q")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stderr.isEmpty)
        let gif = try #require(try Self.make("gif", ["p.jpg", "-o", "a.gif", "--no-memory-cache"]) as? AnimationCommand)
        #expect(!gif.useCache)
        let fourcut = try #require(try Self.make("fourcut", ["a", "b", "c", "d", "-o", "f.jpg", "--no-memory-cache"]) as? FourcutCommand)
        #expect(!fourcut.useCache)
        let video = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--no-memory-cache"]) as? VideoCommand)
        #expect(!video.useCache)
        // thumbs' --no-cache is its store on disk, and thumbs has no --no-memory-cache.
        let (thumbsCode, thumbs) = CommandRunner.run("thumbs", "p.jpg", "-o", "d", "--no-memory-cache")
        #expect(thumbsCode == .usage)
        #expect(thumbs.stderr.hasPrefix("filmroll thumbs: unknown option '--no-memory-cache'"), "\(thumbs.stderr)")
    }

    /// The old `--no-cache` of fourcut, gif and video still works there, saying its new name.
    @Test(arguments: ["gif", "video"])
    func theOldMemorySwitchStillWorksWithAWarning(command: String) throws {
        let folder = TemporaryFolder()
        let output = folder.file(command == "gif" ? "a.gif" : "a.mp4")
        let (code, runner) = CommandRunner.run(command, Fixtures.path("orientation"), "-o", output, "--size", "16",
                                               "--no-cache", "--no-catalog", "-q")
        #expect(code == .success, "\(runner.stderr)")
        #expect(runner.stderr == "filmroll \(command): deprecated: '--no-cache' is now '--no-memory-cache' in \(command) "
                    + "(the old name means something else elsewhere)\n")
        #expect(FileBytes.exists(output))
    }

    @Test func aGIFsPaletteQualityIsNotQuality() throws {
        let palette = try #require(try Self.make("gif", ["p.jpg", "-o", "a.gif", "--palette-quality", "30"]) as? AnimationCommand)
        #expect(palette.options.quality == 30)
        #expect(palette.deprecations.isEmpty)
        // The old spelling still works for a GIF, with a warning.
        let old = try #require(try Self.make("gif", ["p.jpg", "-o", "a.gif", "--quality", "30"]) as? AnimationCommand)
        #expect(old.options.quality == 30)
        #expect(old.deprecations == ["'--quality' for a GIF is now '--palette-quality' ('--quality' is the quality of lossy outputs)"])
        // For a WebP, --quality is the lossy quality, as for a JPEG.
        let webp = try #require(try Self.make("gif", ["p.jpg", "-o", "a.webp", "--quality", "30"]) as? AnimationCommand)
        #expect(webp.webp.quality == 30)
        #expect(webp.options.quality == GIFOptions().quality)
        #expect(webp.deprecations.isEmpty)
        let (code, runner) = CommandRunner.run("gif", "p.jpg", "-o", "a.webp", "--palette-quality", "30")
        #expect(code == .usage)
        #expect(runner.stderr.hasPrefix("filmroll gif: option '--palette-quality' is for GIFs; a WebP has no palette\n"))
    }

    @Test func theOldPaletteSpellingWorksEndToEnd() throws {
        let folder = TemporaryFolder()
        var made: [[UInt8]] = []
        for option in ["--quality", "--palette-quality"] {
            let output = folder.file("\(option.count).gif")
            let (code, runner) = CommandRunner.run("gif", Fixtures.path("orientation"), "-o", output, "--size", "16", option, "20",
                                                   "--no-catalog", "-q")
            #expect(code == .success, "\(runner.stderr)")
            #expect(runner.stderr.contains("deprecated") == (option == "--quality"), "\(runner.stderr)")
            made.append(try FileBytes.read(output))
        }
        #expect(made[0] == made[1])
    }

    @Test func aVideosSizeIsALongestEdgeAndItsCanvasHasItsOwnName() throws {
        let edge = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--size", "320"]) as? VideoCommand)
        #expect(edge.slideshow.canvas == PixelSize(width: 320, height: 180))
        #expect(edge.frameSizing == .longestEdge(320))
        #expect(edge.deprecations.isEmpty)
        let canvas = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--canvas", "320x240"]) as? VideoCommand)
        #expect(canvas.slideshow.canvas == PixelSize(width: 320, height: 240))
        #expect(canvas.deprecations.isEmpty)
        let old = try #require(try Self.make("video", ["p.jpg", "-o", "a.mp4", "--size", "320x240"]) as? VideoCommand)
        #expect(old.slideshow.canvas == PixelSize(width: 320, height: 240))
        #expect(old.deprecations == ["'--size WxH' is now '--canvas WxH' ('--size' is a longest edge)"])
        #expect(throws: UsageError("use one of --size, --canvas")) {
            _ = try Self.make("video", ["p.jpg", "-o", "a.mp4", "--size", "320", "--canvas", "320x240"])
        }
    }

    /// Every option a usage line names is one the command takes, and the
    /// line sums up the rest as "[options]".
    @Test func usageLinesAreWrittenFromTheSpecs() {
        for spec in Self.specs {
            let listed = Set(spec.options.map(\.name))
            let named = spec.synopsis.flatMap { $0.flatMap(\.optionNames) }
            #expect(!spec.synopsis.isEmpty, "\(spec.name) has no synopsis")
            for name in named { #expect(listed.contains(name), "\(spec.name)'s usage names --\(name), which it does not take") }
            #expect(spec.usage.hasSuffix("[options]") == !listed.isSubset(of: Set(named)), "\(spec.usage)")
            let help = CommandRunner.run(spec.name, "--help").runner.stdout
            #expect(help.contains("USAGE: " + spec.usageLine + "\n"))
        }
        #expect(AnimationCommand.spec.usage.hasPrefix("INPUT... -o OUT.gif|OUT.webp [--fps F | --delay MS | --delays MS,MS,…] [--width W | --height H | --size N]"))
        #expect(ThumbsCommand.spec.usage.hasPrefix("INPUT... [--size N[,N…]] [--out DIR] [--format jpeg|png] [--quality Q] [--fit contain|cover]"))
    }

    /// The man page and the completions say what the parser takes.
    @Test func theManPageAndCompletionsAgreeWithTheSpecs() throws {
        let page = CommandRunner.run("--generate-manpage").runner.stdout
        for spec in Self.specs {
            #expect(page.contains(Roff.bold("filmroll \(spec.name)") + " " + Roff.escape(spec.usage)), "\(spec.name)'s synopsis")
        }
        #expect(page.contains(Roff.escape("--no-cache in fourcut, gif, video: now --no-memory-cache; still accepted, with a warning.")))
        #expect(page.contains("\\fB\\-\\-fit\\fR \\fIcontain|cover\\fR"))
        #expect(!page.contains("inside|cover"))
        let bash = CommandRunner.run("--generate-completion", "bash").runner.stdout
        #expect(!bash.contains("inside"))
        for spec in Self.specs {
            var words: [String] = []
            for option in spec.options {
                words.append("--" + option.name)
                if let short = option.short { words.append("-\(short)") }
            }
            let line = "            options=\"" + (words + ["--help"]).joined(separator: " ") + "\""
            #expect(bash.contains(line), "\(spec.name)'s options in the bash completion")
        }
        #expect(bash.contains("--fit) choices=\"contain cover\" ;;"))
        let zsh = CommandRunner.run("--generate-completion", "zsh").runner.stdout
        #expect(zsh.contains("'--fit[Pictures of another shape"))
        #expect(zsh.contains(":contain|cover:(contain cover)'"))
        #expect(zsh.contains("'--no-memory-cache["))
    }
}
