/// IPTC-IIM's DateCreated (2:55, "CCYYMMDD") and TimeCreated (2:60,
/// "HHMMSS±HHMM"), which photo archives and agencies write and which are
/// often a scan's only date; DigitalCreationDate and Time (2:62, 2:63) when
/// they are absent. A date without a time has `hasTimeOfDay` false.
///
/// Related documentation: IPTC-IIM 4.2, Record 2 datasets 55, 60, 62, 63;
/// Adobe Photoshop File Formats, "Image Resource Blocks" (resource 0x0404).
enum IPTCDate {
    /// The date in Photoshop image resources (a JPEG's APP13 payload after
    /// "Photoshop 3.0\0"): the IPTC-IIM block of resource 0x0404, or nil.
    static func inPhotoshopResources(_ bytes: UnsafeRawBufferPointer) -> CaptureDate? {
        var at = 0
        func uint(_ offset: Int, _ width: Int) -> Int {
            (offset..<offset + width).reduce(0) { $0 << 8 | Int(bytes[$1]) }
        }
        while at + 12 <= bytes.count {
            // "8BIM" (or an older signature), id, a padded Pascal name, size, data padded to even.
            let signature = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<at + 4]), as: UTF8.self)
            guard ["8BIM", "PHUT", "AgHg", "DCSR"].contains(signature) else { return nil }
            let id = uint(at + 4, 2)
            let nameLength = Int(bytes[at + 6])
            let sizeAt = at + 6 + (nameLength + 2) / 2 * 2
            guard sizeAt + 4 <= bytes.count else { return nil }
            let size = uint(sizeAt, 4)
            let dataAt = sizeAt + 4
            guard size <= bytes.count - dataAt else { return nil }
            if id == 0x0404 {
                return inIIM(UnsafeRawBufferPointer(rebasing: bytes[dataAt..<dataAt + size]))
            }
            at = dataAt + (size + 1) / 2 * 2
        }
        return nil
    }

    /// The date in an IPTC-IIM block (datasets "0x1C record number length
    /// value"), or nil when it holds none that can be read.
    static func inIIM(_ bytes: UnsafeRawBufferPointer) -> CaptureDate? {
        var fields: [Int: [UInt8]] = [:]
        var at = 0
        while at + 5 <= bytes.count, bytes[at] == 0x1C {
            let record = Int(bytes[at + 1]), dataset = Int(bytes[at + 2])
            var length = Int(bytes[at + 3]) << 8 | Int(bytes[at + 4])
            var valueAt = at + 5
            if length & 0x8000 != 0 {
                // Extended: the low bits count the bytes of the length that follows.
                let width = length & 0x7FFF
                guard width <= 4, valueAt + width <= bytes.count else { return nil }
                length = (valueAt..<valueAt + width).reduce(0) { $0 << 8 | Int(bytes[$1]) }
                valueAt += width
            }
            guard length <= bytes.count - valueAt else { break }
            if record == 2, [55, 60, 62, 63].contains(dataset), fields[dataset] == nil {
                fields[dataset] = Array(bytes[valueAt..<valueAt + length])
            }
            at = valueAt + length
        }
        if let day = fields[55], let date = date(day, time: fields[60]) { return date }
        if let day = fields[62] { return date(day, time: fields[63]) }
        return nil
    }

    /// "CCYYMMDD" with "HHMMSS±HHMM" (or "HHMMSS", an offset-less time): the
    /// separators some writers add ("2011:03:04", "10:11:12+09:00") are
    /// skipped. A time that cannot be read leaves the day alone.
    static func date(_ day: [UInt8], time: [UInt8]?) -> CaptureDate? {
        let digits = day.filter { (48...57).contains($0) }.map { Int($0 - 48) }
        guard digits.count == 8 else { return nil }
        func number(_ range: Range<Int>, of values: [Int]) -> Int { values[range].reduce(0) { $0 * 10 + $1 } }
        let (year, month, day) = (number(0..<4, of: digits), number(4..<6, of: digits), number(6..<8, of: digits))
        guard year >= 1, (1...12).contains(month), (1...31).contains(day) else { return nil }
        var date = CaptureDate(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        date.hasTimeOfDay = false
        guard let time else { return date }
        // The clock's six digits, then an optional sign and four (or two) digits of offset.
        let text = time.filter { $0 != UInt8(ascii: ":") && $0 != UInt8(ascii: " ") && $0 != 0 }
        let signAt = text.firstIndex { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        let clock = text[..<(signAt ?? text.endIndex)].map { Int($0) - 48 }
        guard clock.count == 6, clock.allSatisfy((0...9).contains) else { return date }
        let (hour, minute, second) = (number(0..<2, of: clock), number(2..<4, of: clock), number(4..<6, of: clock))
        guard hour < 24, minute < 60, second < 61 else { return date }
        var offset: Int?
        if let signAt {
            let zone = text[(signAt + 1)...].map { Int($0) - 48 }
            guard zone.count == 4 || zone.count == 2, zone.allSatisfy((0...9).contains) else { return date }
            let minutes = number(0..<2, of: zone) * 60 + (zone.count == 4 ? number(2..<4, of: zone) : 0)
            guard minutes <= 14 * 60 else { return date }
            offset = text[signAt] == UInt8(ascii: "-") ? -minutes : minutes
        }
        (date.hour, date.minute, date.second, date.utcOffsetMinutes) = (hour, minute, second, offset)
        date.hasTimeOfDay = true
        return date
    }
}
