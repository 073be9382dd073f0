#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// Temporaries that killed runs of `video` and `process` left behind go on
/// the next run that writes into their folder, as every writer's do: a dead
/// writer's, or one older than an hour; a live writer's young one stays.
/// Through the real binary.
@Suite(.serialized) struct TemporarySweepTests {
    /// The temporaries planted in one folder.
    struct Planted {
        var dead: String
        var old: String
        var live: String
    }

    /// Leaves, in `folder`, temporaries for writing `name`: one of a dead
    /// writer, one of a live writer (pid 1) two hours old, one of a live writer just now.
    static func plant(in folder: String, for name: String) throws -> Planted {
        try Folders.create(folder)
        return Planted(
            dead: try LeftoverAndSignalTests.leaveTemporary(in: folder, name: name, pid: LeftoverAndSignalTests.deadProcess),
            old: try LeftoverAndSignalTests.leaveTemporary(in: folder, name: "old-" + name, pid: 1, age: 2 * 3600),
            live: try LeftoverAndSignalTests.leaveTemporary(in: folder, name: "live-" + name, pid: 1))
    }

    static func expectSwept(_ planted: Planted, in folder: String) {
        #expect(!FileBytes.exists(planted.dead), "a dead writer's temporary is left in \(folder)")
        #expect(!FileBytes.exists(planted.old), "an hour-old temporary is left in \(folder)")
        #expect(FileBytes.exists(planted.live), "a live writer's temporary was removed from \(folder)")
    }

    static func datedFolder() throws -> TemporaryFolder {
        let folder = TemporaryFolder()
        for index in 1...4 { try folder.write(try Fixtures.bytes("dated/IMG_000\(index).jpg"), as: "IMG_000\(index).jpg") }
        return folder
    }

    @Test func videoRemovesStaleTemporariesBesideItsOutput() throws {
        let out = TemporaryFolder()
        let planted = try Self.plant(in: out.path, for: "v.mp4")

        let run = try BinaryRun.run("video", Fixtures.path("dated/IMG_0001.jpg"), Fixtures.path("dated/IMG_0002.jpg"),
                                    "-o", out.file("v.mp4"), "--canvas", "160x90", "--no-catalog", "--quiet")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(OutputMark.read(contentsOf: out.file("v.mp4")) == .video)
        Self.expectSwept(planted, in: out.path)
    }

    @Test func aKilledWritersTemporaryGoesBeforeItsParentReapsIt() throws {
        // A child that has exited and is not waited for yet: a zombie, as a
        // writer killed with -9 is until its shell reaps it.
        var child: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { arguments.forEach { free($0) } }
        #expect(posix_spawn(&child, "/bin/true", nil, nil, arguments, nil) == 0)
        defer { var status: Int32 = 0; waitpid(child, &status, 0) }
        var zombie = false
        for _ in 0..<200 where !zombie {
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            zombie = stat.split(separator: ")").last?.trimmingCharacters(in: .whitespaces).hasPrefix("Z") == true
            if !zombie { usleep(10_000) }
        }
        try #require(zombie, "the child never became a zombie")
        let out = TemporaryFolder()
        let left = try LeftoverAndSignalTests.leaveTemporary(in: out.path, name: "v.mp4", pid: child)

        let run = try BinaryRun.run("video", Fixtures.path("dated/IMG_0001.jpg"), "-o", out.file("w.mp4"),
                                    "--canvas", "160x90", "--no-catalog", "--quiet")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileBytes.exists(left))
    }

    @Test func processWithMP4AnimationsRemovesStaleTemporariesInEveryGalleryFolder() throws {
        let folder = try Self.datedFolder()
        let gallery = folder.path + "/.filmroll/gallery"
        let planted = [
            (gallery, try Self.plant(in: gallery, for: "index.html")),
            (gallery + "/days", try Self.plant(in: gallery + "/days", for: "2025-04-10.mp4")),
            (gallery + "/thumbs", try Self.plant(in: gallery + "/thumbs", for: "IMG_0001_256.jpg")),
        ]

        let run = try BinaryRun.run("process", folder.path, "--animation", "mp4", "--quiet")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(Folders.names(in: gallery + "/days").contains { $0.hasSuffix(".mp4") && !$0.hasPrefix(".") })
        for (path, one) in planted { Self.expectSwept(one, in: path) }
    }

    @Test func aProcessRunThatChangesNothingStillRemovesThem() throws {
        let folder = try Self.datedFolder()
        #expect(try BinaryRun.run("process", folder.path, "--animation", "mp4", "--quiet").status == 0)
        let gallery = folder.path + "/.filmroll/gallery"
        let planted = [
            (gallery, try Self.plant(in: gallery, for: "style.css")),
            (gallery + "/days", try Self.plant(in: gallery + "/days", for: "2025-04-10.mp4")),
            (gallery + "/thumbs", try Self.plant(in: gallery + "/thumbs", for: "IMG_0002_1024.jpg")),
        ]

        let run = try BinaryRun.run("process", folder.path, "--animation", "mp4", "--json")

        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""thumbnails":0"#), "\(run.stdout)")
        for (path, one) in planted { Self.expectSwept(one, in: path) }
    }
}
