@testable import Catalog
import Imaging
import Testing
import TestSupport

/// A `process` shard's index: every file read for its day, only the shard's
/// days hashed and its own; `fold` carries each photo from its one owner.
@Suite struct ShardIndexTests {
    /// 12 stills over 6 days of May 2024, two a day.
    static func folder() throws -> PhotoFolderFixture {
        let fixture = try PhotoFolderFixture([:])
        for index in 0..<12 {
            var exif = EXIFBuilder()
            exif.exif[0x9003] = .ascii("2024:05:\(String(format: "%02d", 1 + index / 2)) 10:0\(index % 2):00")
            let image = Image(width: 8, height: 6, format: .rgb8, pixels: (0..<144).map { UInt8(($0 * 7 + index * 13) % 256) })
            try AtomicFile.write(try ImageEncoder.encode(image, as: .jpeg(JPEGEncodingOptions(exif: exif.payload))),
                                 to: fixture.path("IMG_\(index).jpg"))
        }
        return fixture
    }

    @Test func eachShardHashesOnlyItsDaysAndTheFoldCarriesEachPhotoOnce() throws {
        let fixture = try Self.folder()
        let count = 3
        var owners: [String: Int] = [:]
        var shardPaths: [String] = []
        for index in 0..<count {
            let shard = Shard(index: index, count: count)!
            let path = ShardCatalogs.path(of: shard, beside: fixture.catalogPath)
            shardPaths.append(path)
            let catalog = try Catalog(folder: fixture.folder, path: path, access: .create)
            let summary = try FolderIndexer(catalog: catalog, jobs: 2, shard: shard).run()
            let foreign = try ShardCatalogs.foreignIDs(catalog.database)
            let rows = try catalog.database.rows("SELECT id, path, taken_day, hash FROM photos")
            // Every photo is known (for the days around the shard's), its own alone hashed and counted.
            #expect(rows.count == 12)
            var own = 0
            for row in rows {
                let mine = shard.owns(day: row[2].string, relativePath: row[1].string ?? "")
                #expect(mine == !foreign.contains(Int64(row[0].int ?? 0)), "\(row[1])")
                #expect(mine == (row[3].string != nil), "\(row[1])")
                if mine {
                    own += 1
                    #expect(owners.updateValue(index, forKey: row[1].string ?? "") == nil)
                }
            }
            #expect(summary.added == own && summary.failed == 0)
            // Run again: nothing is read, the foreign rows are not counted as the shard's.
            let again = try FolderIndexer(catalog: catalog, jobs: 1, shard: shard).run()
            #expect(again.added == 0 && again.unchanged == own)
        }
        #expect(owners.count == 12)

        let folded = try Catalog(folder: fixture.folder, access: .create)
        let summary = try ShardCatalogs.fold(shardPaths, into: folded)
        #expect(summary.photos == 12)
        #expect(try folded.database.value("SELECT count(*) FROM photos WHERE hash IS NOT NULL AND missing = 0").int == 12)
        #expect(shardPaths.allSatisfy { !FileBytes.exists($0) })

        // A shard seeded from the folded catalog knows every photo, and hashes none again.
        let shard = Shard(index: 1, count: count)!
        let seeded = try Catalog(folder: fixture.folder, path: ShardCatalogs.path(of: shard, beside: fixture.catalogPath),
                                 access: .create)
        let own = try ShardCatalogs.seed(seeded, from: fixture.catalogPath, shard: shard)
        #expect(own == owners.values.count { $0 == 1 })
        #expect(try ShardCatalogs.foreignIDs(seeded.database).count == 12 - own)
        let rerun = try FolderIndexer(catalog: seeded, jobs: 1, shard: shard).run()
        #expect(rerun.added + rerun.changed == 0 && rerun.unchanged == own)
    }
}
