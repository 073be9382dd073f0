import Foundation
import Imaging
import Testing
import TestSupport

/// The real binary against one catalog: concurrent runs, and a run killed midway.
@Suite(.serialized) struct CatalogProcessTests {
    /// `count` photos of one day. Each file its own content (bytes after the JPEG's end change its
    /// hash, not its picture), or with `distinctPictures` each its own picture (else `process` finds
    /// them copies of one, and folds them into one tile).
    static func bigFolder(_ count: Int, distinctPictures: Bool = false) throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        let photo = try Fixtures.bytes("dated/IMG_0001.jpg")
        for index in 0..<count {
            try folder.write(distinctPictures ? try Fixtures.distinctPhoto(like: "dated/IMG_0001.jpg", seed: index)
                                              : photo + Array("\(index)".utf8), as: "IMG_\(index).jpg")
        }
        return folder
    }

    static func run(_ arguments: [String]) throws -> Process {
        try LongCommandInterruptionTests.spawn(arguments)
    }

    static func count(_ sql: String, in folder: borrowing TemporaryFolder) throws -> Int? {
        try Catalog(folder: folder.path).database.value(sql).int
    }

    @Test func twoIndexRunsAtOnceBothFinish() throws {
        let folder = try Self.bigFolder(600)
        let first = try Self.run(["index", folder.path, "--quiet"])
        let second = try Self.run(["index", folder.path, "--quiet"])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(second.terminationStatus == 0)
        #expect(try Self.count("SELECT count(*) FROM photos", in: folder) == 600)
        #expect(try Self.count("SELECT count(DISTINCT hash) FROM photos", in: folder) == 600)
        #expect(try Catalog(folder: folder.path).database.value("PRAGMA integrity_check").string == "ok")
    }

    @Test func killedIndexThenReRunIsConsistent() throws {
        let folder = try Self.bigFolder(3000)
        let victim = try Self.run(["index", folder.path, "--quiet", "--jobs", "1"])
        Thread.sleep(forTimeInterval: 0.5)
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        let rerun = try Self.run(["index", folder.path, "--quiet"])
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        #expect(try Self.count("SELECT count(*) FROM photos", in: folder) == 3000)
        #expect(try Self.count("SELECT count(*) FROM photos WHERE missing = 1 OR error IS NOT NULL", in: folder) == 0)
        #expect(try Catalog(folder: folder.path).database.value("PRAGMA integrity_check").string == "ok")
    }
}

import Catalog
