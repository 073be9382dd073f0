import Imaging
import Testing

/// A date without a time of day says so (`CaptureDate.hasTimeOfDay`): a
/// name with a date alone, one whose time cannot be, and an XMP day alone.
@Suite struct TimeOfDayTests {
    @Test(arguments: [
        ("IMG-20240504-WA0001.jpg", false),                // WhatsApp: the day alone
        ("VID-20240504-WA0012.mp4", false),
        ("20240504_996060.jpg", false),                    // an impossible time
        ("Screenshot 2024-05-04.png", false),
        ("20240504_111111.jpg", true),
        ("IMG_20240504_000000.jpg", true),                 // midnight, said in the name
        ("PXL_20240504_101010123.jpg", true),
        ("Screenshot 2024-05-04 at 12.12.12.png", true),
    ])
    func aNameSaysWhetherItHasATime(name: String, hasTime: Bool) throws {
        let date = try #require(FileNameDate.date(in: name, now: FileNameDateTests.now))
        #expect(date.hasTimeOfDay == hasTime, "\(name)")
        #expect(date.dayString == "2024-05-04")
        if !hasTime { #expect((date.hour, date.minute, date.second) == (0, 0, 0)) }
    }

    @Test func anXMPDayAloneHasNoTime() throws {
        let day = try #require(CaptureDate(iso8601: "2024-05-03"))
        #expect(!day.hasTimeOfDay)
        #expect(day.iso8601 == "2024-05-03T00:00:00")
        let midnight = try #require(CaptureDate(iso8601: "2024-05-03T00:00:00"))
        #expect(midnight.hasTimeOfDay)
        #expect(try #require(CaptureDate(iso8601: "2024-05-03T14:22Z")).hasTimeOfDay)
        // The same midnight, known or not, is not the same date; it sorts the same.
        #expect(day != midnight)
        #expect(!(day < midnight) && !(midnight < day))
        #expect(CaptureDate(year: 2024, month: 5, day: 3, hour: 0, minute: 0, second: 0).hasTimeOfDay)
    }
}
