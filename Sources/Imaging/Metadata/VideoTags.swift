#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A video container's metadata tags, as FFmpeg names them, read into
/// `ImageMetadata`: the capture date (`com.apple.quicktime.creationdate`,
/// local with its offset; else `creation_time`, UTC, given in this
/// machine's zone), the place (ISO 6709), the camera, and Apple's content
/// identifier (a Live Photo's pairing key).
struct VideoTags {
    var tags: [String: String]

    init(_ tags: [String: String]) { self.tags = tags }

    func read(into metadata: inout ImageMetadata) {
        metadata.video = VideoFacts(durationSeconds: 0, codec: "")
        if let text = tags["com.apple.quicktime.creationdate"], let date = CaptureDate(iso8601: text) {
            metadata.captureDates[.quickTime] = date
        }
        if let text = tags["creation_time"], let utc = CaptureDate(iso8601: text), let local = Self.local(utc) {
            metadata.captureDates[.container] = local
        }
        let location = tags["com.apple.quicktime.location.ISO6709"] ?? tags["location"]
        metadata.gps = location.flatMap(ISO6709.coordinate)
        metadata.make = nonEmpty(tags["com.apple.quicktime.make"] ?? tags["com.android.manufacturer"] ?? tags["make"])
        metadata.model = nonEmpty(tags["com.apple.quicktime.model"] ?? tags["com.android.model"] ?? tags["model"])
        metadata.contentIdentifier = nonEmpty(tags["com.apple.quicktime.content.identifier"])
        if let still = tags["com.apple.quicktime.still-image-time"].flatMap(Double.init), still >= 0 {
            metadata.video?.stillImageSeconds = still
        }
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let text = text?.trimmingSpaces(), !text.isEmpty else { return nil }
        return String(text.prefix(200))
    }

    /// A UTC time (from a container) in this machine's zone, with its offset;
    /// nil for a time before 1970 (QuickTime's zero, 1904, means unset).
    static func local(_ utc: CaptureDate) -> CaptureDate? {
        var parts = tm()
        parts.tm_year = Int32(utc.year - 1900)
        parts.tm_mon = Int32(utc.month - 1)
        parts.tm_mday = Int32(utc.day)
        parts.tm_hour = Int32(utc.hour)
        parts.tm_min = Int32(utc.minute)
        parts.tm_sec = Int32(utc.second)
        var seconds = timegm(&parts) - time_t((utc.utcOffsetMinutes ?? 0) * 60)
        guard seconds > 0 else { return nil }
        var local = tm()
        localtime_r(&seconds, &local)
        return CaptureDate(year: Int(local.tm_year) + 1900, month: Int(local.tm_mon) + 1, day: Int(local.tm_mday),
                           hour: Int(local.tm_hour), minute: Int(local.tm_min), second: Int(local.tm_sec),
                           utcOffsetMinutes: Int(local.tm_gmtoff) / 60)
    }
}

/// ISO 6709 positions as videos store them: "+37.5665+126.9780+038.000/"
/// (degrees), "+3733.99+12658.68/" (degrees and minutes) or
/// "+373359.9+1265840.8/" (and seconds), altitude ignored.
enum ISO6709 {
    static func coordinate(_ text: String) -> GPSCoordinate? {
        let bytes = Array(text.utf8.prefix(64))
        var index = 0
        func component(integerDigitsForDegrees degreeDigits: Int) -> Double? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
            let negative = bytes[index] == UInt8(ascii: "-")
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            let digits = String(decoding: bytes[start..<index], as: UTF8.self)
            let integerCount = digits.split(separator: ".", omittingEmptySubsequences: false).first?.count ?? 0
            guard let value = Double(digits) else { return nil }
            var degrees: Double
            switch integerCount - degreeDigits {
            case 0: degrees = value
            case 2:
                let whole = (value / 100).rounded(.down)
                degrees = whole + (value - whole * 100) / 60
            case 4:
                let whole = (value / 10_000).rounded(.down)
                let minutes = ((value - whole * 10_000) / 100).rounded(.down)
                degrees = whole + minutes / 60 + (value - whole * 10_000 - minutes * 100) / 3600
            default: return nil
            }
            if negative { degrees = -degrees }
            return degrees
        }
        guard let latitude = component(integerDigitsForDegrees: 2), let longitude = component(integerDigitsForDegrees: 3)
        else { return nil }
        return GPSCoordinate(reading: latitude, longitude)
    }
}
