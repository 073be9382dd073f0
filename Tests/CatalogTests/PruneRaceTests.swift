#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Dispatch
import Foundation
import Imaging
import Testing

/// Two prunes at once: each reports only what it deleted itself.
@Suite struct PruneRaceTests {
    @Test func twoPrunesAtOnceNeverReportTheSamePhotos() throws {
        let fixture = try PhotoFolderFixture([:])
        do {
            let catalog = try fixture.catalog()
            try SyntheticRows.fill(catalog, photos: 300, outputs: 300, outputFolder: fixture.folder)
            try catalog.database.execute("UPDATE photos SET missing = 1 WHERE id <= 200")
        }
        // A third connection holds the write lock while both prunes start,
        // so both are under way before either can finish.
        let holder = try fixture.catalog()
        try holder.database.execute("BEGIN IMMEDIATE")
        let results = Locked<[Result<Catalog.PruneResult, CatalogError>]>([])
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            // Threads of their own: a busy shared pool would start them late.
            Thread.detachNewThread { [folder = fixture.folder] in
                let result: Result<Catalog.PruneResult, CatalogError>
                do {
                    let catalog = try Catalog(folder: folder, access: .write)
                    started.signal()
                    result = .success(try catalog.pruneMissing())
                } catch {
                    started.signal()
                    result = .failure(CatalogError(error, path: Catalog.defaultPath(for: folder), folder: folder))
                }
                results.withLock { $0.append(result) }
                finished.signal()
            }
        }
        started.wait()
        started.wait()
        usleep(100_000)
        try holder.database.execute("COMMIT")
        finished.wait()
        finished.wait()

        let reports = try results.withLock { try $0.map { try $0.get() } }
        #expect(reports.map(\.photos).sorted() == [0, 200], "\(reports)")
        #expect(reports.map(\.outputs).sorted() == [0, 200], "\(reports)")
        #expect(try holder.database.value("SELECT count(*) FROM photos").int == 100)
        #expect(try holder.database.value("SELECT count(*) FROM outputs").int == 100)
    }
}
