#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The date a phone, messenger or screenshot tool writes into a file's name,
/// for a file that carries none inside it (`CaptureDateSource.fileName`).
///
/// A date is a run of digits of its own: "YYYYMMDD" (8 digits), "YYYYMMDDHHMMSS"
/// (14 or more), or "YYYY-MM-DD"; a time may follow after one of "_", "-", " ",
/// "T", " at ", as "HHMMSS" (with milliseconds after it, as a Pixel writes) or
/// "HH.MM.SS", "HH-MM-SS", "HH_MM_SS", "HH:MM:SS", with " AM"/" PM" after it.
/// So "IMG-20240504-WA0001", "PXL_20240504_101010123", "20240504_111111",
/// "Screenshot_20240504-121212", "Screenshot 2024-05-04 at 12.12.12",
/// "IMG_20240504_101010", "signal-2024-05-04-121212", "photo_2024-05-04_12-12-12".
/// An impossible date (month 13, 31 April), a year before 1990, or a day
/// after tomorrow is no date. A name with no time (or an impossible one) gives
/// the date alone: midnight, with `hasTimeOfDay` false.
public enum FileNameDate {
    /// The earliest year a name's date is believed.
    public static let earliestYear = 1990

    /// The date in `name` (a file name, with or without its extension, or a
    /// path: only its last component is read), or nil. A Pixel's
    /// "PXL_" names are in UTC and get offset 0; others have no offset.
    /// - Parameter now: seconds since 1970, for the latest day believed (tomorrow, UTC).
    public static func date(in name: String, now: Int = currentSeconds()) -> CaptureDate? {
        var last = Substring(name)
        if let slash = last.lastIndex(of: "/") { last = last[last.index(after: slash)...] }
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = last[..<dot] }
        let text = Array(last.unicodeScalars)
        let latest = latestDay(now: now)
        var index = 0
        while index < text.count {
            guard isDigit(text, index), !isDigit(text, index - 1) else {
                index += 1
                continue
            }
            if var found = date(in: text, at: index), (found.year, found.month, found.day) <= latest {
                if String(String.UnicodeScalarView(text.prefix(4))) == "PXL_" { found.utcOffsetMinutes = 0 }
                return found
            }
            while isDigit(text, index) { index += 1 }
        }
        return nil
    }

    /// The date whose digits start at `start`, and the time after it when there is one.
    private static func date(in text: [Unicode.Scalar], at start: Int) -> CaptureDate? {
        let run = runLength(text, start)
        var year = 0, month = 0, day = 0
        var end = start
        if run == 8 || run >= 14 {
            year = number(text, start, 4)
            month = number(text, start + 4, 2)
            day = number(text, start + 6, 2)
            end = start + 8
        } else if run == 4, isDash(text, start + 4), runLength(text, start + 5) == 2,
                  isDash(text, start + 7), runLength(text, start + 8) == 2 {
            year = number(text, start, 4)
            month = number(text, start + 5, 2)
            day = number(text, start + 8, 2)
            end = start + 10
        } else {
            return nil
        }
        guard isPossible(year: year, month: month, day: day) else { return nil }
        var date = CaptureDate(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        if let (hour, minute, second) = timeOfDay(in: text, at: end, joined: run >= 14) {
            date.hour = hour
            date.minute = minute
            date.second = second
        } else {
            date.hasTimeOfDay = false
        }
        return date
    }

    /// The time at `start` (just after the date): joined to the date's digits, or after a separator.
    private static func timeOfDay(in text: [Unicode.Scalar], at start: Int, joined: Bool) -> (Int, Int, Int)? {
        var index = start
        if !joined {
            guard index < text.count else { return nil }
            if matches(text, index, " at ") { index += 4 }
            else if matches(text, index, "_at_") { index += 4 }
            else if "_- T".unicodeScalars.contains(text[index]) { index += 1 }
            else { return nil }
        }
        var hour = 0, minute = 0, second = 0
        let run = runLength(text, index)
        if run >= 6 && run <= 9 {
            hour = number(text, index, 2)
            minute = number(text, index + 2, 2)
            second = number(text, index + 4, 2)
            index += run
        } else if (run == 2 || run == 1), index + run < text.count, ".-_: ".unicodeScalars.contains(text[index + run]) {
            let separator = text[index + run]
            hour = number(text, index, run)
            index += run + 1
            guard runLength(text, index) == 2, index + 2 < text.count, text[index + 2] == separator,
                  runLength(text, index + 3) == 2 else { return nil }
            minute = number(text, index, 2)
            second = number(text, index + 3, 2)
            index += 5
        } else {
            return nil
        }
        // "12.12.12 PM" (a space, or the narrow one macOS writes, before it).
        if index + 2 < text.count, text[index] == " " || text[index] == "\u{202F}" {
            let meridiem = String(String.UnicodeScalarView(text[(index + 1)...(index + 2)])).uppercased()
            if meridiem == "AM" || meridiem == "PM", hour >= 1, hour <= 12 {
                hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
            }
        }
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return (hour, minute, second)
    }

    /// Seconds since 1970, now.
    public static func currentSeconds() -> Int {
        #if canImport(Glibc)
        Int(Glibc.time(nil))
        #else
        Int(Darwin.time(nil))
        #endif
    }

    /// Whether the day exists: month 1…12, a day the month has, a year from `earliestYear`.
    static func isPossible(year: Int, month: Int, day: Int) -> Bool {
        guard year >= earliestYear, (1...12).contains(month), day >= 1 else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    /// Tomorrow in UTC: a name's date may be a day ahead of UTC, no more.
    private static func latestDay(now: Int) -> (Int, Int, Int) {
        var seconds = time_t(now + 86_400)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    private static func isDigit(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        index >= 0 && index < text.count && text[index].value >= 48 && text[index].value <= 57
    }

    private static func isDash(_ text: [Unicode.Scalar], _ index: Int) -> Bool {
        index < text.count && text[index] == "-"
    }

    private static func runLength(_ text: [Unicode.Scalar], _ start: Int) -> Int {
        var end = start
        while isDigit(text, end) { end += 1 }
        return end - start
    }

    private static func number(_ text: [Unicode.Scalar], _ start: Int, _ count: Int) -> Int {
        (start..<start + count).reduce(0) { $0 * 10 + Int(text[$1].value) - 48 }
    }

    private static func matches(_ text: [Unicode.Scalar], _ start: Int, _ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard start + scalars.count <= text.count else { return false }
        return Array(text[start..<start + scalars.count]) == scalars
    }
}
