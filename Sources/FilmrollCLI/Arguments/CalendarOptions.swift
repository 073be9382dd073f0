/// The options of dates and titles that several commands share: `--locale`
/// (fourcut, process), `--sunday` (calendar, process), `--month` (ls,
/// calendar), `--title` (fourcut, process) and `--xdg` (thumbs, process).
enum CalendarOptions {
    static let locale = OptionSpec.value("locale", "en|ko", "Month and weekday names in English or Korean (ko: 2025.04.10 (목)).")
        .defaulting(to: "en")
    static let sunday = OptionSpec.flag("sunday", "Start the calendar's weeks on Sunday (default Monday).")
    static let month = OptionSpec.value("month", "YYYY-MM", "Photos taken that month.")
    static let title = OptionSpec.value("title", "TEXT", "The title written on what is made (a four-cut's line above the date, the gallery's name).")
    static let xdg = OptionSpec.flag("xdg", "Also write freedesktop.org thumbnails (~/.cache/thumbnails) for file managers.")

    /// Whether `--locale ko` was given (en without it).
    static func isKorean(_ arguments: ParsedArguments) throws(UsageError) -> Bool {
        try arguments.choice(locale, [("en", false), ("ko", true)], default: false)
    }
}
