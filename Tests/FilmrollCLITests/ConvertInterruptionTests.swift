import Foundation
import Imaging
import Testing
import TestSupport

/// A signal during `convert` of a video: the real binary, signalled once
/// its temporary MP4 is seen (so mid-transcode), exits 130 (143 for
/// SIGTERM) and leaves no file, also when it was started with SIGINT
/// ignored, as a background job of a script is.
@Suite(.serialized) struct ConvertInterruptionTests {
    /// A 40-second slideshow of one photo, made once by `filmroll video`:
    /// long enough that its transcode is under way when the signal goes.
    /// Its folder goes when the test process exits.
    static let longClip: String? = {
        let folder = clipFolder()
        let clip = folder + "/long.mp4"
        atexit { _ = system("rm -rf '\(ConvertInterruptionTests.clipFolder())'") }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST,
              let run = try? BinaryRun.run(["video", Fixtures.path("jpeg/photo.jpg"), "-o", clip, "--seconds", "40",
                                            "--crossfade", "0", "--canvas", "640x360", "--preset", "ultrafast",
                                            "--no-catalog", "-q"], timeout: 300),
              run.status == 0 else { return nil }
        return clip
    }()

    static func clipFolder() -> String { "/tmp/filmroll-test-long-clip-\(getpid())" }

    /// How the binary is started: straight, or by a shell that ignores SIGINT first.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case plain
        case sigintIgnored
        var testDescription: String { rawValue }
    }

    @Test(arguments: [(SIGINT, Start.plain), (SIGTERM, Start.plain), (SIGINT, Start.sigintIgnored)])
    func aSignalMidTranscodeStopsAndLeavesNoFile(signal: Int32, start: Start) throws {
        let clip = try #require(Self.longClip, "filmroll video could not make the long clip")
        let out = TemporaryFolder()
        let arguments = ["convert", clip, out.file("small.mp4")]
        let process = Process()
        switch start {
        case .plain:
            process.executableURL = URL(fileURLWithPath: InterruptionTests.binary)
            process.arguments = arguments
        case .sigintIgnored:
            // The shell's ignored SIGINT is inherited across exec, as in a script's background job.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "trap '' INT; exec \"$@\"", "sh", InterruptionTests.binary] + arguments
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()

        // Given the transcode under way (its temporary is there),
        let outPath = out.path
        let deadline = Date().addingTimeInterval(60)
        var temporarySeen = false
        while process.isRunning && !temporarySeen && Date() < deadline {
            temporarySeen = Folders.names(in: outPath).contains { $0.hasPrefix(".small.mp4.filmroll-") && $0.hasSuffix(".tmp") }
            if !temporarySeen { usleep(2000) }
        }
        #expect(temporarySeen, "the transcode's temporary never appeared")
        #expect(process.isRunning, "the transcode finished before the signal; make the clip longer")

        // when the signal comes,
        kill(process.processIdentifier, signal)
        let stopDeadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < stopDeadline { usleep(2000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()

        // then it exits 128 + the signal, and neither the output nor its temporary is left.
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(out.names().isEmpty, "left behind: \(out.names())")
    }
}
