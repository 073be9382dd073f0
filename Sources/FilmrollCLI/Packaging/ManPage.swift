import Imaging
/// `filmroll.1`, the man page, written from the commands' specs (the
/// source of `--help`), so the two never disagree.
struct ManPage {
    var commands: [CommandSpec]
    var version: String

    /// The page in roff, for `man -l` or `share/man/man1`.
    var text: String {
        var lines = [
            ".TH FILMROLL 1 \"\" \"filmroll \(version)\" \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            "filmroll \\- thumbnails, four\\-cut strips, animations and videos from folders of photos",
            ".SH SYNOPSIS",
            ".B filmroll",
            ".I command",
            "[\\fIoptions\\fR] [\\fIPATH\\fR...]",
            ".br",
            ".B filmroll",
            ".I command",
            ".B \\-\\-help",
            ".br",
            ".B filmroll \\-\\-version",
            "[\\fB\\-\\-json\\fR]",
            ".SH DESCRIPTION",
            Roff.escape("""
            Filmroll reads folders of photos (\(ImageDecoders.formatList)) and makes thumbnails, \
            four-cut photo-booth sheets, animated GIFs and WebPs, H.264 videos and a gallery from them. A folder can be catalogued in SQLite, \
            so that photos are listed by day, month or camera and outputs are tracked back to their photos.
            """),
            ".PP",
            Roff.escape("The commands are listed below; 'filmroll COMMAND --help' shows the same text."),
            ".SH SHARED OPTIONS",
            Roff.escape("These mean the same, and are checked the same way, in every command that takes them "
                        + "(each command's list below says which it takes):"),
        ]
        for option in SharedOptions.all {
            lines += [".TP", synopsis(option), Roff.escape(option.help)]
        }
        lines += deprecatedSpellings
        lines.append(".SH COMMANDS")
        for command in commands { lines += section(command) }
        lines += [
            ".SH EXIT STATUS",
            ".TP", "\(ExitCode.success.rawValue)", Roff.escape("Everything asked for was done."),
            ".TP", "\(ExitCode.failure.rawValue)", Roff.escape("Some files failed (unreadable input or unwritable output); the others were done."),
            ".TP", "\(ExitCode.usage.rawValue)", Roff.escape("The command line was wrong (EX_USAGE, see sysexits.h)."),
            ".SH FILES",
            ".TP", Roff.italic("FOLDER/.filmroll/"),
            Roff.escape("Filmroll's own folder inside a photo folder: the catalog (catalog.sqlite, see 'filmroll index') and the thumbnail store (thumbs/)."),
            ".TP", Roff.italic("$XDG_CACHE_HOME/filmroll/thumbs/"),
            Roff.escape("The thumbnail store of a folder that cannot be written, such as a camera card."),
            ".TP", Roff.italic("~/.cache/thumbnails/"),
            Roff.escape("freedesktop.org thumbnails, written by 'filmroll thumbs --xdg' for file managers."),
            ".SH SEE ALSO",
            ".BR sqlite3 (1),",
            ".BR vipsthumbnail (1),",
            ".BR gifsicle (1),",
            ".BR sysexits.h (3head)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command: its synopsis, abstract, arguments, options and discussion.
    private func section(_ command: CommandSpec) -> [String] {
        var lines = [
            ".SS \(command.name)",
            Roff.bold("filmroll \(command.name)") + " " + Roff.escape(command.usage),
            ".PP",
            Roff.escape(command.abstract),
        ]
        if !command.aliases.isEmpty {
            lines += [".PP", Roff.escape("Also: " + command.aliases.map { "filmroll \($0)" }.joined(separator: ", ") + ".")]
        }
        for argument in command.arguments {
            lines += [".TP", Roff.italic(argument.name), Roff.escape(argument.help)]
        }
        for option in command.options {
            lines += [".TP", synopsis(option), Roff.escape(option.fullHelp)]
        }
        lines += [".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show help information."]
        if let discussion = command.discussion {
            lines.append(".PP")
            lines += Roff.escape(discussion).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? ".PP" : String($0) }
        }
        return lines
    }

    /// "\fB\-s\fR, \fB\-\-size\fR \fIN\fR".
    private func synopsis(_ option: OptionSpec) -> String {
        var text = option.short.map { Roff.bold("-\($0)") + ", " } ?? ""
        text += Roff.bold("--\(option.name)")
        if let placeholder = option.placeholder { text += " " + Roff.italic(placeholder) }
        return text
    }

    /// The old spellings still accepted with a line on standard error.
    private var deprecatedSpellings: [String] {
        var lines: [String] = []
        for option in commands.flatMap(\.options) where !option.deprecatedNames.isEmpty {
            let takers = commands.filter { $0.options.contains { $0.name == option.name } }.map(\.name)
            let line = option.deprecatedNames.map { "--\($0)" }.joined(separator: ", ")
                + " in " + takers.joined(separator: ", ") + ": now --\(option.name); still accepted, with a warning."
            if !lines.contains(Roff.escape(line)) { lines += [".PP", Roff.escape(line)] }
        }
        return lines
    }
}
