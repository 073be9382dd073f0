#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import Testing

/// The damage check on a catalog of realistic size: 10,000 photos and
/// 20,000 outputs, each linked to a photo (some 9 MB).
@Suite struct CheckCostTests {
    static func tenThousandPhotos() throws -> PhotoFolderFixture {
        try DamageTests.bigCatalog(photos: 10_000)
    }

    @Test func theCheckFindsAPageOverwrittenInTheMiddleOfABigCatalog() throws {
        let fixture = try Self.tenThousandPhotos()
        #expect(try Catalog(folder: fixture.folder, access: .write).stats().photos == 10_000)
        _ = try FileSurgery.overwriteMiddlePage(fixture.catalogPath)
        #expect {
            try Catalog(folder: fixture.folder, access: .write)
        } throws: { DamageTests.isDamaged($0, fixture) }
    }

    /// `FILMROLL_BENCH=1 swift test --filter CheckCostTests` prints the
    /// medians of `quick_check`, `integrity_check` and whole opens.
    @Test(.enabled(if: getenv("FILMROLL_BENCH") != nil, "set FILMROLL_BENCH=1 to measure"))
    func measureTheCheck() throws {
        let fixture = try Self.tenThousandPhotos()
        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            var start = timespec(), end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            try body()
            clock_gettime(CLOCK_MONOTONIC, &end)
            return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
        }
        func median(_ times: [Double]) -> String {
            let sorted = times.sorted()
            return "median \(Int(sorted[sorted.count / 2].rounded())) ms (\(Int(sorted[0].rounded()))–\(Int(sorted.last!.rounded())))"
        }
        // The check alone, on a fresh connection (an empty page cache, as when a command starts):
        // quick_check as the catalog runs it (CHECK constraints not re-verified), then with them, and
        // integrity_check.
        for (pragma, mode, ignoreChecks) in [("quick_check(1)", Database.OpenMode.readWrite, true),
                                             ("quick_check(1)", .readOnly(immutable: false), false),
                                             ("quick_check(1)", .readWrite, false),
                                             ("integrity_check(1)", .readWrite, false)] {
            var times: [Double] = []
            for _ in 0..<11 {
                let database = try Database(path: fixture.catalogPath, mode: mode)
                if ignoreChecks { try database.execute("PRAGMA ignore_check_constraints = ON") }
                var result = ""
                times.append(try milliseconds { result = try database.value("PRAGMA \(pragma)").string ?? "" })
                #expect(result == "ok")
            }
            print("PRAGMA \(pragma), \(mode)\(ignoreChecks ? ", CHECK constraints ignored" : ""): \(median(times))")
        }
        // A whole open and close.
        for access in [Catalog.Access.write, .read] {
            let times = try (0..<11).map { _ in try milliseconds { _ = try Catalog(folder: fixture.folder, access: access) } }
            print("open and close .\(access): \(median(times))")
        }
        print("file: \(try FileBytes.read(fixture.catalogPath).count) bytes")
    }
}
