import Imaging
import Testing

@Suite struct FourCutLayoutTests {
    @Test func stripAt600AndAt300() {
        let strip600 = FourCutLayout(style: .strip, sheet: .single, dpi: 600)
        #expect(strip600.canvas == PixelSize(width: 1200, height: 3600))
        #expect(strip600.cells == [
            PixelRect(x: 36, y: 36, width: 1128, height: 750), PixelRect(x: 36, y: 822, width: 1128, height: 750),
            PixelRect(x: 36, y: 1608, width: 1128, height: 750), PixelRect(x: 36, y: 2394, width: 1128, height: 750),
        ])
        #expect(strip600.captionBands == [PixelRect(x: 0, y: 3180, width: 1200, height: 420)])
        #expect(strip600.cutGuideX == nil)

        let strip300 = FourCutLayout(style: .strip, sheet: .single, dpi: 300)
        #expect(strip300.canvas == PixelSize(width: 600, height: 1800))
        #expect(strip300.cells.map(\.y) == [18, 411, 804, 1197])
        #expect(strip300.cells.allSatisfy { $0.x == 18 && $0.width == 564 && $0.height == 375 })
        #expect(strip300.captionBands == [PixelRect(x: 0, y: 1590, width: 600, height: 210)])
    }

    @Test func gridAt600AndAt300() {
        let grid600 = FourCutLayout(style: .grid, sheet: .single, dpi: 600)
        #expect(grid600.canvas == PixelSize(width: 2400, height: 3600))
        #expect(grid600.cells == [
            PixelRect(x: 36, y: 36, width: 1146, height: 1536), PixelRect(x: 1218, y: 36, width: 1146, height: 1536),
            PixelRect(x: 36, y: 1608, width: 1146, height: 1536), PixelRect(x: 1218, y: 1608, width: 1146, height: 1536),
        ])
        #expect(grid600.captionBands == [PixelRect(x: 0, y: 3180, width: 2400, height: 420)])
        let grid300 = FourCutLayout(style: .grid, sheet: .single, dpi: 300)
        #expect(grid300.cells[3] == PixelRect(x: 609, y: 804, width: 573, height: 768))
        #expect(grid300.captionBands == [PixelRect(x: 0, y: 1590, width: 1200, height: 210)])
    }

    @Test(arguments: [300, 600])
    func fourBySixPrintHasTwoStripsAndACutGuide(dpi: Int) {
        let print = FourCutLayout(style: .strip, sheet: .fourBySix, dpi: dpi)
        let strip = FourCutLayout(style: .strip, sheet: .single, dpi: dpi)
        #expect(print.canvas == PixelSize(width: 4 * dpi, height: 6 * dpi))
        #expect(print.cells.count == 8)
        #expect(Array(print.cells.prefix(4)) == strip.cells)
        #expect(print.cells.dropFirst(4).map { PixelRect(x: $0.x - 2 * dpi, y: $0.y, width: $0.width, height: $0.height) } == strip.cells)
        #expect(print.captionBands.count == 2)
        #expect(print.cutGuideX == 2 * dpi)
    }

    @Test func gapCanBeSet() {
        let layout = FourCutLayout(style: .strip, sheet: .single, dpi: 300, gap: 0)
        #expect(layout.cells[0] == PixelRect(x: 0, y: 0, width: 600, height: 397))
    }
}

@Suite struct DateCaptionTests {
    static func date(_ text: String) -> CaptureDate { CaptureDate(exifDateTime: text)! }

    @Test func oneDayARangeAndKorean() {
        let days = [Self.date("2025:04:12 09:00:00"), Self.date("2025:04:10 10:00:00"), Self.date("2025:04:11 12:00:00")]
        #expect(DateCaption().text(for: [days[1]]) == "2025.04.10")
        #expect(DateCaption().text(for: days) == "2025.04.10 – 04.12")
        #expect(DateCaption(locale: .ko).text(for: [days[1]]) == "2025.04.10 (목)")
        #expect(DateCaption(locale: .ko).text(for: days) == "2025.04.10 (목) – 04.12 (토)")
        #expect(DateCaption(format: "EEEE d MMM yy").text(for: [days[1]]) == "Thursday 10 Apr 25")
        #expect(DateCaption(format: "yyyy년 M월 d일 EEEE", locale: .ko).text(for: [days[1]]) == "2025년 4월 10일 목요일")
        #expect(DateCaption(format: "'Day' d").text(for: [days[1]]) == "Day 10")
        #expect(DateCaption().text(for: [Self.date("2024:12:31 23:00:00"), Self.date("2025:01:01 01:00:00")])
                == "2024.12.31 – 2025.01.01")
        #expect(DateCaption().text(for: []) == nil)
    }

    @Test(arguments: [("2025:04:10 00:00:00", 3), ("2024:02:29 00:00:00", 3), ("2000:01:01 00:00:00", 5), ("2026:11:21 00:00:00", 5)])
    func weekdays(text: String, weekday: Int) {
        #expect(Self.date(text).weekday == weekday)
    }

    @Test func colours() {
        #expect(RGBColor(parsing: "#FDE2E4") == RGBColor(red: 0xFD, green: 0xE2, blue: 0xE4))
        #expect(RGBColor(parsing: "Pink") == RGBColor.named["pink"])
        #expect(RGBColor(parsing: "#12345") == nil)
        #expect(RGBColor(parsing: "chartreusey") == nil)
    }
}
