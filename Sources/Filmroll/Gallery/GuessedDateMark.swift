/// The mark of a date guessed from the file name (or the file's time)
/// beside a time on a day page and a day in a calendar: "≈", with its
/// meaning in a tooltip and, for screen readers, in words.
struct GuessedDateMark {
    var photo: GalleryPhoto
    var locale: GalleryLocale

    /// "date from the file name", or nil when the date is the file's own.
    var note: String? { photo.details.takenSource.flatMap(locale.guessedDateNote) }

    /// The visible mark alone (the calendar's link says its note in its label).
    var symbol: String {
        guard let note else { return "" }
        return "<span class=\"guess\" title=\"\(HTMLEscaping.escape(note))\" aria-hidden=\"true\">≈</span>"
    }

    /// The mark with its note for screen readers.
    var html: String {
        guard let note else { return "" }
        return symbol + "<span class=\"visually-hidden\"> (\(HTMLEscaping.escape(note)))</span>"
    }
}
