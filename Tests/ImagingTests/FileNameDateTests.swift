import Imaging
import Testing

/// Phones, messengers and screenshot tools write the date into a file's
/// name; a name that only looks like one (a counter, month 13, a year
/// before 1990 or after tomorrow) gives none.
@Suite struct FileNameDateTests {
    /// 2026-11-29T09:00:00Z: "now" for every case, so that the future is fixed.
    static let now = 1_795_942_800

    static func date(_ name: String) -> String? { FileNameDate.date(in: name, now: now)?.iso8601 }

    @Test(arguments: [
        ("IMG-20240504-WA0001.jpg", "2024-05-04T00:00:00"),                 // WhatsApp
        ("VID-20240504-WA0012.mp4", "2024-05-04T00:00:00"),
        ("PXL_20240504_101010123.jpg", "2024-05-04T10:10:10Z"),             // Pixel, in UTC
        ("PXL_20240504_101010123.MP.jpg", "2024-05-04T10:10:10Z"),
        ("20240504_111111.jpg", "2024-05-04T11:11:11"),                     // Samsung
        ("20240504_111111(0).jpg", "2024-05-04T11:11:11"),
        ("Screenshot_20240504-121212.png", "2024-05-04T12:12:12"),          // Android
        ("Screenshot_20240504-121212_Chrome.jpg", "2024-05-04T12:12:12"),
        ("Screenshot_2024-05-04-12-12-12-123_com.example.png", "2024-05-04T12:12:12"),
        ("Screenshot 2024-05-04 at 12.12.12.png", "2024-05-04T12:12:12"),   // macOS
        ("Screen Shot 2024-05-04 at 1.12.12 PM.png", "2024-05-04T13:12:12"),
        ("Screenshot 2024-05-04 at 12.05.09\u{202F}AM.png", "2024-05-04T00:05:09"),
        ("Screenshot from 2024-05-04 12-12-12.png", "2024-05-04T12:12:12"), // GNOME
        ("Screenshot 2024-05-04 121212.png", "2024-05-04T12:12:12"),        // Windows
        ("IMG_20240504_101010.jpg", "2024-05-04T10:10:10"),                 // Android cameras
        ("VID_20240504_101010.mp4", "2024-05-04T10:10:10"),
        ("IMG20240504101010.jpg", "2024-05-04T10:10:10"),
        ("signal-2024-05-04-121212.jpg", "2024-05-04T12:12:12"),            // Signal
        ("signal-2024-05-04-12-12-12-123.jpg", "2024-05-04T12:12:12"),
        ("photo_2024-05-04_12-12-12.jpg", "2024-05-04T12:12:12"),           // Telegram
        ("WIN_20240504_12_12_12_Pro.jpg", "2024-05-04T12:12:12"),           // Windows Camera
        ("DJI_20240504121212_0001_D.JPG", "2024-05-04T12:12:12"),
        ("2024-05-04 12.12.12.jpg", "2024-05-04T12:12:12"),                 // Dropbox
        ("DCIM/Camera/20240229_235959.jpg", "2024-02-29T23:59:59"),
        ("20240504_996060.jpg", "2024-05-04T00:00:00"),                     // an impossible time: the day alone
    ])
    func aNameCarriesItsDate(name: String, expected: String) {
        #expect(Self.date(name) == expected, "\(name)")
    }

    @Test(arguments: [
        "IMG_1234.jpg", "DSC_0001.JPG", "20241399_101010.jpg", "20240431_101010.jpg", "20230229_101010.jpg",
        "19891231_101010.jpg", "20261201_101010.jpg", "120240504_101010.jpg", "2024050_101010.jpg",
        "1234-56-78.png", "P1020304.JPG", "holiday.png", "2024-05.jpg", "20240504.5.jpg/x.jpg",
    ])
    func aNameThatOnlyLooksDatedHasNone(name: String) {
        #expect(Self.date(name) == nil, "\(name)")
    }

    @Test func tomorrowIsBelievedAndTheDayAfterIsNot() {
        #expect(Self.date("20261130_000000.jpg") == "2026-11-30T00:00:00")
        #expect(Self.date("20261201_000000.jpg") == nil)
    }
}
