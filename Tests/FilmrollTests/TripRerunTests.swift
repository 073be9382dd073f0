#if canImport(Glibc)
import Glibc
#endif
import Catalog
@testable import Filmroll
import Foundation
import Imaging
import Testing
import TestSupport

/// A re-run after a few photos changed plans only the days around them,
/// yet every page of a trip the change reshaped names the trip as it now
/// is, and none links a trip page that is gone.
@Suite struct TripRerunTests {
    @Test func aDayAddedToATripRetitlesItsFarDaysInAScopedRun() throws {
        let folder = try TripProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        let gallery = folder + "/.filmroll/gallery"
        // More days at home, so that a fourth day away keeps Seoul home.
        for day in 20...23 {
            for (part, hour) in [("a", 10), ("b", 15)] {
                try AtomicFile.write(try TripProcessTests.photo(taken: "2025:04:\(day) \(hour):00:00", (37.5665, 126.978)),
                                     to: folder + "/seoul-\(day)\(part).jpg")
            }
        }
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        #expect(try TripProcessTests.text(gallery + "/days/2025-04-05.html").contains("Helsinki, 5–7 April 2025"))

        try AtomicFile.write(try TripProcessTests.photo(taken: "2025:04:08 10:00:00", (60.1700, 24.9400)),
                             to: folder + "/helsinki-8a.jpg")
        let summary = try FolderProcess(folder: folder).run()
        #expect(summary.failed == 0)
        // Scoped: not every day was planned, and the trip's first day two days from the change was.
        #expect(summary.scopedDays != nil && summary.scopedDays! < 11, "\(String(describing: summary.scopedDays))")
        for day in 5...8 {
            let page = try TripProcessTests.text(gallery + "/days/2025-04-0\(day).html")
            #expect(page.contains("Helsinki, 5–8 April 2025") && page.contains("href=\"../trips/2025-04-05.html\""), "day \(day)")
        }
    }

    @Test func aTripsFirstDayRemovedLeavesNoPageLinkingItsOldPage() throws {
        let folder = try TripProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        let gallery = folder + "/.filmroll/gallery"
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        for part in ["a", "b"] { #expect(unlink(folder + "/helsinki-5\(part).jpg") == 0) }
        #expect(try FolderProcess(folder: folder).run().failed == 0)
        #expect(!FileBytes.exists(gallery + "/trips/2025-04-05.html") && FileBytes.exists(gallery + "/trips/2025-04-06.html"))
        for day in 6...7 {
            let page = try TripProcessTests.text(gallery + "/days/2025-04-0\(day).html")
            #expect(page.contains("href=\"../trips/2025-04-06.html\"") && !page.contains("trips/2025-04-05"), "day \(day)")
        }
    }
}
