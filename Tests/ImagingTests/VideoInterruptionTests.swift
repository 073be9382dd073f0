#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Imaging
import Testing
import TestSupport

/// A process stopped while it encodes leaves no MP4 at the output path:
/// only the hidden temporary, which the next run's sweep removes (and a
/// command that handles the signal, as `filmroll` does SIGINT and SIGTERM,
/// removes at once, through `TemporaryFiles.abandonAll()`). `filmroll-bench`
/// handles no signal, so it dies as a process with no handler would.
/// (SIGINT is not sent: a test runner's children may inherit it ignored.)
@Suite(.serialized) struct VideoInterruptionTests {
    /// The `filmroll-bench` executable built beside the test bundle.
    static var bench: String? {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("filmroll-bench").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    @Test(.enabled(if: bench != nil, "filmroll-bench is not built"), arguments: [SIGINT, SIGTERM, SIGKILL])
    func aStoppedEncodeLeavesNoMP4(signal: Int32) throws {
        let folder = try VideoScratch()
        let output = folder.file("long.mp4")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.bench))
        process.arguments = ["video", "--width", "640", "--fps", "30", "--preset", "slow", "-o", output]
            + Array(repeating: Fixtures.path("jpeg/photo.jpg"), count: 2000)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the encoder has started (its temporary exists), then stop it.
        let deadline = Date().addingTimeInterval(20)
        while VideoFixtures.names(in: folder.path).isEmpty && Date() < deadline && process.isRunning {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        let left = VideoFixtures.names(in: folder.path)
        #expect(!left.contains("long.mp4"))
        #expect(left.count == 1 && left[0].hasPrefix(".long.mp4.filmroll-\(process.processIdentifier)-"), "\(left)")
        let removed = TemporaryFiles.sweep(folder: folder.path)
        #expect(removed.files == 1 && removed.bytes > 0)
        #expect(VideoFixtures.names(in: folder.path).isEmpty)
    }
}
