import Foundation
import Imaging
import Testing
import TestSupport

/// Temporary files of killed runs, FIFOs named on the command line, and a
/// stop on Ctrl-C that never waits for a long encode: through the real binary.
@Suite(.serialized) struct LeftoverAndSignalTests {
    /// A process id that no process has (above Linux's largest pid_max).
    static let deadProcess: Int32 = 2_147_483_000

    /// Writes a temporary as a writer with `pid` would have left it, `age` seconds old.
    static func leaveTemporary(in folder: String, name: String, pid: Int32, age: Int = 0) throws -> String {
        let path = "\(folder)/.\(name).filmroll-\(pid)-12345.tmp"
        try AtomicFile.write(Array(repeating: 7, count: 1000), to: path)
        let seconds = Int(time(nil)) - age
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, path, &times, 0)
        return path
    }

    @Test func aReRunRemovesTheTemporariesOfDeadRunsAndKeepsLiveOnes() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "photo.jpg")
        let out = TemporaryFolder()
        let dead = try Self.leaveTemporary(in: out.path, name: "photo_32.jpg", pid: Self.deadProcess)
        let liveButOld = try Self.leaveTemporary(in: out.path, name: "b_32.jpg", pid: 1, age: 2 * 3600)
        let live = try Self.leaveTemporary(in: out.path, name: "c_32.jpg", pid: 1)
        let notOurs = out.file(".notes.tmp")
        try AtomicFile.write([1, 2, 3], to: notOurs)

        let run = try BinaryRun.run("thumbs", folder.path, "--out", out.path, "--size", "32", "--quiet")

        #expect(run.status == 0)
        #expect(!FileBytes.exists(dead))
        #expect(!FileBytes.exists(liveButOld))
        #expect(FileBytes.exists(live))
        #expect(FileBytes.exists(notOurs))
        #expect(FileBytes.exists(out.file("photo_32.jpg")))
    }

    @Test func storeEvictionRemovesDeadTemporariesAndCountsThem() throws {
        let folder = TemporaryFolder()
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "photo.jpg")
        #expect(try BinaryRun.run("thumbs", folder.path, "--size", "32", "--quiet").status == 0)
        let store = folder.path + "/.filmroll/thumbs"
        let shard = store + "/" + Folders.names(in: store).first { $0.count == 2 }!
        let dead = try Self.leaveTemporary(in: shard, name: "ab.jpg", pid: Self.deadProcess)

        let removed = ThumbnailStore(directory: store).evict(toFit: 1 << 30)

        #expect(removed == ThumbnailStore.Usage(files: 1, bytes: 1000))
        #expect(!FileBytes.exists(dead))
        #expect(ThumbnailStore(directory: store).usage().files == 1)
    }

    @Test(arguments: [["info", "--"], ["convert", "--"], ["gif", "-o", "/tmp/filmroll-never.gif", "--"], ["thumbs", "--no-cache", "--json", "--"]])
    func aFIFOIsRefusedWithoutBlocking(command: [String]) throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("pipe.jpg")
        #expect(mkfifo(fifo, 0o644) == 0)
        try folder.write(try Fixtures.bytes("jpeg/photo.jpg"), as: "photo.jpg")
        var arguments = command + [fifo]
        if command[0] == "convert" { arguments.append(folder.file("out.jpg")) } else { arguments.append(folder.file("photo.jpg")) }

        let run = try BinaryRun.run(arguments, timeout: 10)

        #expect(run.status == 1)   // (-1 had it blocked until the run's timeout)
        // A command that walks its inputs says what the file is ("a FIFO, not a regular file"); convert reads one file.
        let reason = command[0] == "convert" ? "not a regular file" : "a FIFO, not a regular file"
        #expect(run.stderr.contains("filmroll: \(fifo): \(reason)"), "\(run.stderr)")
        #expect(!FileBytes.exists("/tmp/filmroll-never.gif"))
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aStopDuringALongEncodeTakesUnderASecondAndLeavesNoPartialFile(signal: Int32) throws {
        // 3000 px PNG thumbnails: each one takes seconds in a debug build.
        let folder = TemporaryFolder()
        for index in 0..<6 { try folder.write(try Fixtures.bytes("jpeg/photo.jpg") + [UInt8(index)], as: "p\(index).jpg") }
        let out = TemporaryFolder()
        let arguments = ["thumbs", folder.path, "--size", "3000", "--upscale", "--format", "png", "--out", out.path, "--jobs", "2"]
        // Signalled once the store is made: the batch has begun, and its encodes take seconds each.
        let store = folder.path + "/.filmroll/thumbs"
        let (status, _) = try LongCommandInterruptionTests.interrupt(arguments, with: signal) { Folders.isFolder(store) }

        #expect(status == 128 + signal)
        #expect(out.names().count < 6, "the batch finished before the signal")
        #expect(out.names().allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(out.names())")
        #expect(Folders.names(in: folder.path + "/.filmroll/thumbs").flatMap {
            Folders.names(in: folder.path + "/.filmroll/thumbs/" + $0)
        }.allSatisfy { !$0.hasPrefix(".") })
        for name in out.names() {
            #expect(try ImageDecoder.readInfo(contentsOf: out.file(name)).storedSize == PixelSize(width: 3000, height: 2250))
        }
    }
}
