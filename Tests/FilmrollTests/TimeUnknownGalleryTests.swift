import Filmroll
import Imaging
import Testing

/// A photo whose date has no time of day (a WhatsApp name) shows none: no
/// "00:00" on its day page, its photo page or in the viewer's caption, in
/// English and Korean; its photo page says the time is unknown.
@Suite struct TimeUnknownGalleryTests {
    static var days: [GalleryDay] {
        var whatsApp = GallerySamples.photo("IMG-20240504-WA0001.jpg", "2024-05-04", 0, camera: nil, offset: nil)
        whatsApp.taken = FileNameDate.date(in: whatsApp.name)
        whatsApp.page = "photos/2024/IMG-20240504-WA0001.html"
        whatsApp.details.takenSource = .fileName
        var timed = GallerySamples.photo("IMG_0001.jpg", "2024-05-04", 9, 30)
        timed.page = "photos/2024/IMG_0001.html"
        return [GalleryDay(date: GallerySamples.date("2024-05-04"), photos: [whatsApp, timed])]
    }

    @Test func theDayAndPhotoPagesShowNoTime() throws {
        #expect(Self.days[0].photos[0].taken?.hasTimeOfDay == false)
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, to: folder.path)
        let day = try folder.text("days/2024-05-04.html")
        let item = try #require(day.components(separatedBy: "<li id=").first { $0.contains("IMG-20240504-WA0001") })
        #expect(!item.contains("00:00") && !item.contains("<time"), "\(item)")
        #expect(item.contains(#"alt="IMG-20240504-WA0001.jpg""#))
        #expect(item.contains(#"data-view-caption="IMG-20240504-WA0001.jpg""#))
        #expect(item.contains(#"<span class="visually-hidden"> (date from the file name)</span>"#))
        // The timed photo beside it keeps its time.
        #expect(day.contains(#"<time datetime="2024-05-04T09:30:05+09:00">09:30</time>"#))

        let page = try folder.text("photos/2024/IMG-20240504-WA0001.html")
        #expect(!page.contains("00:00"))
        #expect(page.contains(#"<time datetime="2024-05-04">Saturday, 4 May 2024</time>"#
                              + #" <span class="note">(time unknown · date from the file name)</span>"#), "\(page)")
        #expect(try folder.text("photos/2024/IMG_0001.html").contains("Saturday, 4 May 2024, 09:30:05, UTC+09:00</time>"))
    }

    @Test func inKoreanToo() throws {
        let folder = GalleryFolder()
        _ = try GalleryWriter.write(days: Self.days, options: GalleryOptions(locale: .ko), to: folder.path)
        let day = try folder.text("days/2024-05-04.html")
        let item = try #require(day.components(separatedBy: "<li id=").first { $0.contains("IMG-20240504-WA0001") })
        #expect(!item.contains("00:00") && !item.contains("<time"))
        let page = try folder.text("photos/2024/IMG-20240504-WA0001.html")
        #expect(!page.contains("00:00"))
        #expect(page.contains(#"<time datetime="2024-05-04">2024년 5월 4일 토요일</time>"#
                              + #" <span class="note">(시각 모름 · 파일 이름으로 정한 날짜)</span>"#), "\(page)")
    }
}
