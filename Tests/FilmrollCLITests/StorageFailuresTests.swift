#if canImport(Glibc)
import Glibc
#endif
@testable import FilmrollCLI
import Files
import Testing

/// Failures for want of room are told one line per cause, with a count,
/// the folder and the way out; other failures are left to be printed.
@Suite struct StorageFailuresTests {
    @Test func eachCauseIsOneLineWithItsCountFolderAndWayOut() {
        let failures = StorageFailures()
        let full = FileBytes.systemMessage(ENOSPC), readOnly = FileBytes.systemMessage(EROFS)
        #expect(failures.absorb(output: "/out/thumbs/a_256.jpg", reason: "cannot write /out/thumbs/a_256.jpg: \(full)"))
        #expect(failures.absorb(output: nil, reason: "cannot write /out/days/2025-04-10.gif: \(full)"))
        #expect(failures.absorb(output: nil, reason: "cannot create /card/index.html: \(readOnly)"))
        #expect(!failures.absorb(output: "/out/thumbs/b_256.jpg", reason: "corrupt JPEG data"))

        #expect(failures.lines() == [
            "filmroll: \(full) writing into /out; 2 outputs not made. "
                + "Free some space and run the same command again: it picks up where it stopped.",
            "filmroll: \(readOnly) writing into /card; 1 output not made. "
                + "Make it writable, or give a writable folder with --out, and run the same command again.",
        ])
        #expect(failures.lines().isEmpty)
    }

    @Test func aQuotaIsItsOwnCause() {
        let failures = StorageFailures()
        #expect(failures.absorb(output: "/home/me/out/a.jpg", reason: "cannot write /home/me/out/a.jpg: \(FileBytes.systemMessage(EDQUOT))"))
        #expect(failures.lines().first?.contains("within your quota") == true)
    }
}
