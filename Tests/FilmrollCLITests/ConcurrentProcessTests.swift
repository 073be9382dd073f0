#if canImport(Glibc)
import Glibc
#endif
import Files
import Foundation
import Testing

/// Two `process` runs on one folder: the second waits for the first,
/// saying so in one line, and then finds nothing left to make.
@Suite(.serialized) struct ConcurrentProcessTests {
    /// `filmroll ARGUMENTS` started with its standard error going into `errors`, read while it runs.
    static func start(_ arguments: [String], errors: String) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptionTests.binary)
        process.arguments = arguments
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        process.standardError = FileHandle(forWritingAtPath: errors) ?? FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// Polls `condition` until it holds or `process` has ended; whether it holds.
    static func await(_ condition: () -> Bool, while process: Process) -> Bool {
        while !condition() {
            if !process.isRunning { return condition() }
            usleep(10_000)
        }
        return true
    }

    /// The file's text so far ("" while it is missing). Read with `FileBytes`: Foundation's
    /// `String(contentsOfFile:)` leaks its buffer when a file being written fails to decode.
    static func text(_ path: String) -> String { (try? FileBytes.read(path)).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    @Test func aSecondRunWaitsForTheFirstThenFindsNothingLeft() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("lib")
        try ShardTests.library(in: folder)
        let lock = folder + "/.filmroll/catalog.lock"

        // Given a first run that holds the folder's lock, held still while the second starts.
        let first = try Self.start(["process", folder, "--json"], errors: scratch.file("first.err"))
        let pid = first.process.processIdentifier
        let holding = Self.await({ Self.text(lock) == "\(pid)\n" }, while: first.process)
        try #require(holding, "the first run never took the lock: \(Self.text(scratch.file("first.err")))")
        kill(pid, SIGSTOP)

        // When a second run starts on the same folder.
        let second = try Self.start(["process", folder, "--json"], errors: scratch.file("second.err"))
        let waited = Self.await({ Self.text(scratch.file("second.err")).contains("waiting") }, while: second.process)
        kill(pid, SIGCONT)

        // Then it said for whom it waits, and once the first finished it made nothing.
        let firstOutput = first.output.fileHandleForReading.readDataToEndOfFile()
        let secondOutput = second.output.fileHandleForReading.readDataToEndOfFile()
        first.process.waitUntilExit()
        second.process.waitUntilExit()
        let secondErrors = Self.text(scratch.file("second.err"))
        #expect(waited)
        #expect(secondErrors.split(separator: "\n").count == 1, "\(secondErrors)")
        #expect(secondErrors.contains("filmroll: another filmroll process is working on \(folder) (pid \(pid)); waiting for it to finish"))
        #expect(first.process.terminationStatus == 0, "\(Self.text(scratch.file("first.err")))")
        #expect(second.process.terminationStatus == 0, "\(secondErrors)")
        let summaries = [firstOutput, secondOutput].compactMap { data in
            String(decoding: data, as: UTF8.self).split(separator: "\n").last.flatMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }
        try #require(summaries.count == 2)
        #expect((summaries[0]["thumbnails"] as? Int ?? 0) > 0)
        for count in ["thumbnails", "fourcuts", "animations", "clips", "pages", "added", "decoded"] {
            #expect(summaries[1][count] as? Int == 0, "\(count): \(summaries[1][count] ?? "none")")
        }
        #expect(summaries[1]["upToDate"] as? Bool == true)
    }

    @Test func aRunWaitingForAnotherStopsOnInterrupt() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("lib")
        try Folders.create(folder + "/.filmroll")
        // Given the folder's lock held (here by the test itself, as a first run would).
        let descriptor = open(folder + "/.filmroll/catalog.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        // When a run waits for it and is interrupted.
        let waiting = try Self.start(["process", folder], errors: scratch.file("err"))
        #expect(Self.await({ Self.text(scratch.file("err")).contains("waiting") }, while: waiting.process))
        kill(waiting.process.processIdentifier, SIGINT)
        waiting.process.waitUntilExit()

        // Then it stops as any interrupted command does, and made nothing.
        #expect(waiting.process.terminationStatus == 130, "\(Self.text(scratch.file("err")))")
        #expect(Self.text(scratch.file("err")).contains("interrupted"))
        #expect(!FileBytes.exists(folder + "/.filmroll/catalog.sqlite"))
    }

    @Test func aShardDoesNotWaitForAnotherShard() throws {
        let scratch = TemporaryFolder()
        let folder = scratch.file("lib")
        try ShardTests.library(in: folder)
        try Folders.create(folder + "/.filmroll")
        // Given the folder's lock held (here by the test itself, as a run would).
        let descriptor = open(folder + "/.filmroll/catalog.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)

        // When shard 1 of 2 runs, then it goes ahead at once, as the other shards do.
        let run = try BinaryRun.run(["process", folder, "--shard", "1/2", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("waiting"), "\(run.stderr)")
        #expect(FileBytes.exists(folder + "/.filmroll/catalog.shard-1-of-2.sqlite"))
        #expect(!Folders.names(in: folder + "/.filmroll").contains { $0.hasSuffix(".lock") && $0 != "catalog.lock" })
    }
}
