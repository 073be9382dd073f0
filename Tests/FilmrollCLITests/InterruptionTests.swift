import Foundation
import Imaging
import Testing
import TestSupport

/// Runs the real `filmroll` binary, signals it mid-batch, and checks that
/// it stops promptly, leaves no partial file, and that a re-run finishes.
/// The signal goes as soon as the batch is seen under way (its first file),
/// not after a fixed wait, which a faster build can outrun.
@Suite(.serialized) struct InterruptionTests {
    /// The `filmroll` executable built beside the test bundle.
    static var binary: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("filmroll").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("filmroll").path
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func signalStopsTheBatchCleanly(signal: Int32) throws {
        let folder = TemporaryFolder()
        let photo = try Fixtures.bytes("jpeg/photo.jpg")
        for index in 0..<400 { try folder.write(photo, as: "photo \(index).jpg") }
        let out = TemporaryFolder()

        let outPath = out.path
        let (status, _) = try LongCommandInterruptionTests.interrupt(
            ["thumbs", folder.path, "--size", "64", "--out", out.path, "--no-cache", "--jobs", "2"], with: signal
        ) { Folders.names(in: outPath).contains { !$0.hasPrefix(".") } }

        #expect(status == 128 + signal)
        let written = out.names()
        #expect(written.count < 400, "the batch finished before the signal; make it longer")
        #expect(written.allSatisfy { !$0.hasPrefix(".") }, "temporary files left: \(written.filter { $0.hasPrefix(".") })")
        for name in written {
            #expect(try ImageDecoder.readInfo(contentsOf: out.file(name)).storedSize == PixelSize(width: 64, height: 48))
        }

        let rerun = Process()
        rerun.executableURL = URL(fileURLWithPath: Self.binary)
        rerun.arguments = ["thumbs", folder.path, "--size", "64", "--out", out.path, "--quiet"]
        try rerun.run()
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        #expect(out.names().count == 400)
    }
}

/// SIGINT during `index` and `gif`: a prompt stop, nothing half-written,
/// and a re-run that finishes.
@Suite(.serialized) struct LongCommandInterruptionTests {
    static func spawn(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: InterruptionTests.binary)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs, signals as soon as `ready` holds (polled every 2 ms, for at most
    /// 30 s), and returns (status, seconds to stop).
    static func interrupt(_ arguments: [String], with signal: Int32 = SIGINT,
                          when ready: () -> Bool) throws -> (Int32, Double) {
        let process = try spawn(arguments)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && !ready() && Date() < deadline { usleep(2000) }
        let signalled = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, Date().timeIntervalSince(signalled))
    }

    @Test func indexStopsAndAReRunFinishes() throws {
        let folder = try CatalogProcessTests.bigFolder(4000)
        // Signalled once the catalog is there: the index has begun.
        let catalogPath = folder.path + "/.filmroll/catalog.sqlite"
        let (status, _) = try Self.interrupt(["index", folder.path, "--jobs", "1", "--quiet"]) { FileBytes.exists(catalogPath) }
        #expect(status == 130)
        // It stopped part of the way: not every photo is in.
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM photos", in: folder) ?? 0 < 4000)
        let rerun = try Self.spawn(["index", folder.path, "--quiet"])
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        #expect(try CatalogProcessTests.count("SELECT count(*) FROM photos", in: folder) == 4000)
        #expect(!Folders.names(in: folder.path + "/.filmroll").contains { $0.hasSuffix("-journal") })
    }

    /// The animation is written as it is encoded: a stop leaves neither it
    /// nor its temporary.
    @Test(arguments: ["a.gif", "a.webp"])
    func gifStopsWithoutWritingAndAReRunWrites(output: String) throws {
        let folder = try CatalogProcessTests.bigFolder(300)
        let out = TemporaryFolder()
        // The animation's temporary file appears when encoding starts.
        let outPath = out.path
        let (status, _) = try Self.interrupt(["gif", folder.path, "-o", out.file(output), "--size", "64"]) {
            !Folders.names(in: outPath).isEmpty
        }
        #expect(status == 130)
        #expect(out.names().isEmpty)
        let rerun = try Self.spawn(["gif", folder.path, "-o", out.file(output), "--size", "64", "--quiet"])
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        #expect(out.names() == [output])
    }
}

@Suite(.serialized) struct FourcutInterruptionTests {
    @Test func perDayStopsBetweenDaysAndAReRunFinishes() throws {
        // 15 days of four undated photos each: the catalog dates them by file time.
        let folder = TemporaryFolder()
        let photo = try Fixtures.bytes("jpeg/progressive.jpg")
        for day in 0..<15 {
            for shot in 0..<4 {
                let name = "day\(day)-\(shot).jpg"
                try folder.write(photo + Array("\(day)-\(shot)".utf8), as: name)
                let seconds = 1_700_000_000 + day * 86_400 + shot * 600
                var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
                _ = utimensat(AT_FDCWD, folder.file(name), &times, 0)
            }
        }
        let index = try LongCommandInterruptionTests.spawn(["index", folder.path, "--quiet"])
        index.waitUntilExit()
        let out = TemporaryFolder()
        let arguments = ["fourcut", "--folder", folder.path, "--per-day", "--out", out.path, "--dpi", "100", "--quiet"]
        let outPath = out.path
        let (status, _) = try LongCommandInterruptionTests.interrupt(arguments) {
            Folders.names(in: outPath).contains { !$0.hasPrefix(".") }
        }
        #expect(status == 130)
        let made = out.names()
        #expect(made.count < 16)
        #expect(made.allSatisfy { !$0.hasPrefix(".") || $0 == ".filmroll-owner" }, "temporary files left: \(made)")
        let rerun = try LongCommandInterruptionTests.spawn(arguments)
        rerun.waitUntilExit()
        #expect(rerun.terminationStatus == 0)
        #expect(out.names().count == 16)   // 15 sheets and the folder's marker
    }
}
