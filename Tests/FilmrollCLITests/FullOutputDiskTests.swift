#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
import Testing
import TestSupport

/// An output folder on a disk that fills up: `process` and `thumbs` tell
/// the cause once, with how many outputs were not made and the way out,
/// and the same command finishes once space is freed.
@Suite(.serialized) struct FullOutputDiskTests {
    /// 36 photos over three days (each its own picture: copies would fold into one).
    static func library() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for copy in 1...6 {
            for index in 1...6 {
                try folder.write(try Fixtures.repainted("dated/IMG_000\(index).jpg", seed: copy), as: "P\(copy)_\(index).jpg")
            }
        }
        return folder
    }

    /// A 1 MB tmpfs with all but about 96 KB taken by `filler`.
    static func nearlyFullDisk() throws -> ScratchMount {
        let disk = try #require(ScratchMount.tmpfs(bytes: 1 << 20))
        try AtomicFile.write([UInt8](repeating: 0, count: (1 << 20) - (96 << 10)), to: disk.file("filler"))
        try Folders.create(disk.file("out"))
        return disk
    }

    /// The few lines a full disk gives: the cause, where, how many, and the way out.
    static func expectOneLineForTheDisk(_ run: BinaryRun, out: String) {
        #expect(run.status == 1)
        #expect(run.errorLines.count <= 2, "\(run.stderr)")
        let line = run.errorLines.first { $0.contains("no space left on device") } ?? ""
        #expect(line.hasPrefix("filmroll: no space left on device writing into \(out); "), "\(run.stderr)")
        #expect(line.contains(" outputs not made. Free some space and run the same command again: it picks up where it stopped."))
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "needs root and permission to mount"))
    func processTellsAFullDiskOnceAndFinishesOnceSpaceIsFreed() throws {
        let library = try Self.library()
        let disk = try Self.nearlyFullDisk()
        defer { disk.unmount() }
        let out = disk.file("out")

        let full = try BinaryRun.run(["process", library.path, "--out", out, "--quiet"])
        Self.expectOneLineForTheDisk(full, out: out)

        #expect(unlink(disk.file("filler")) == 0)
        let again = try BinaryRun.run(["process", library.path, "--out", out, "--quiet"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(Folders.names(in: out + "/thumbs").count == 72)
        #expect(FileBytes.exists(out + "/index.html"))
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "needs root and permission to mount"))
    func thumbsTellsAFullDiskOnceAndFinishesOnceSpaceIsFreed() throws {
        let library = try Self.library()
        let disk = try Self.nearlyFullDisk()
        defer { disk.unmount() }
        let out = disk.file("out")

        let full = try BinaryRun.run(["thumbs", library.path, "--out", out, "--size", "256,1024", "--no-cache", "--quiet"])
        Self.expectOneLineForTheDisk(full, out: out)

        #expect(unlink(disk.file("filler")) == 0)
        let again = try BinaryRun.run(["thumbs", library.path, "--out", out, "--size", "256,1024", "--no-cache", "--quiet"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
        #expect(Folders.names(in: out).count == 72)
    }
}
