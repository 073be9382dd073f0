import Foundation
import Imaging
import Testing
import TestSupport

/// Runs the real `filmroll` binary, signals it mid-batch, and checks that
/// it stops promptly, leaves no partial file, and that a re-run finishes.
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

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["thumbs", folder.path, "--size", "64", "--out", out.path, "--no-cache", "--jobs", "2"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: 0.4)
        let signalled = Date()
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stopTime = Date().timeIntervalSince(signalled)

        #expect(process.terminationStatus == 128 + signal)
        #expect(stopTime < 1.0, "took \(stopTime) s to stop")
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
