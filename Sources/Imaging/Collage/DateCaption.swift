/// The date line under a four-cut: one day ("2025.04.10"), or a range
/// ("2025.04.10 – 04.12"), in the usual yyyy/MM/dd/EEE notation, with
/// English or Korean weekday names.
public struct DateCaption: Sendable, Hashable {
    public enum Locale: String, Sendable, Hashable, CaseIterable {
        case en
        case ko
    }

    public var format: String?
    public var locale: Locale

    public init(format: String? = nil, locale: Locale = .en) {
        self.format = format
        self.locale = locale
    }

    /// The default pattern: "yyyy.MM.dd", with " (EEE)" for Korean.
    public var pattern: String { format ?? (locale == .ko ? "yyyy.MM.dd (EEE)" : "yyyy.MM.dd") }

    /// The caption for photos taken on `days` (any order; duplicates fine).
    public func text(for days: [CaptureDate]) -> String? {
        let sorted = days.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        if (first.year, first.month, first.day) == (last.year, last.month, last.day) { return Self.format(first, pattern, locale) }
        // A range drops from the second date what the first already says.
        var second = pattern
        if first.year == last.year, format == nil { second = String(pattern.drop { $0 == "y" }.drop { $0 == "." || $0 == "-" || $0 == "/" }) }
        return Self.format(first, pattern, locale) + " – " + Self.format(last, second, locale)
    }

    static let englishDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let englishLongDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let koreanDays = ["월", "화", "수", "목", "금", "토", "일"]
    static let englishMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats one date: yyyy, yy, MM, M, MMM, dd, d, EEE, EEEE; text in
    /// single quotes is copied as it is.
    static func format(_ date: CaptureDate, _ pattern: String, _ locale: Locale) -> String {
        var out = ""
        var characters = Array(pattern)[...]
        while let character = characters.first {
            if character == "'" {
                characters = characters.dropFirst()
                let literal = characters.prefix { $0 != "'" }
                out += String(literal)
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            let run = characters.prefix { $0 == character }.count
            characters = characters.dropFirst(run)
            let weekday = date.weekday
            switch (character, run) {
            case ("y", 2): out += pad(date.year % 100)
            case ("y", _): out += String(date.year)
            case ("M", 1): out += String(date.month)
            case ("M", 2): out += pad(date.month)
            case ("M", _): out += englishMonths[date.month - 1]
            case ("d", 1): out += String(date.day)
            case ("d", _): out += pad(date.day)
            case ("E", 4...): out += locale == .ko ? koreanDays[weekday] + "요일" : englishLongDays[weekday]
            case ("E", _): out += locale == .ko ? koreanDays[weekday] : englishDays[weekday]
            default: out += String(repeating: character, count: run)
            }
        }
        return out
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension CaptureDate {
    /// 0 = Monday … 6 = Sunday, in the proleptic Gregorian calendar.
    public var weekday: Int {
        let monthStarts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let y = year - 1
        let days = y * 365 + y / 4 - y / 100 + y / 400 + monthStarts[month - 1] + (month > 2 && leap ? 1 : 0) + day - 1
        return days % 7
    }
}
