#if canImport(Glibc)
import Glibc
#endif
@testable import FilmrollCLI
import Files
import Filmroll
import Imaging
import Testing

/// Failures for want of room are told one line per cause, with a count,
/// the folder and the way out; other failures are left to be printed.
@Suite struct StorageFailuresTests {
    @Test func eachCauseIsOneLineWithItsCountFolderAndWayOut() {
        let failures = StorageFailures()
        let full = FileBytes.systemMessage(ENOSPC), readOnly = FileBytes.systemMessage(EROFS)
        #expect(failures.absorb(output: "/out/thumbs/a_256.jpg", errno: ENOSPC))
        #expect(failures.absorb(output: "/out/days/2025-04-10.gif", errno: ENOSPC))
        #expect(failures.absorb(output: "/card/index.html", errno: EROFS))
        #expect(!failures.absorb(output: "/out/thumbs/b_256.jpg", errno: EACCES))

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
        #expect(failures.absorb(output: "/home/me/out/a.jpg", errno: EDQUOT))
        #expect(failures.lines().first?.contains("within your quota") == true)
    }

    /// The cause is read from the error's type: a write that ran out of room
    /// is one, whatever its words; a damaged photo or a refusal is none.
    @Test func theCauseComesFromTheErrorsType() {
        let full = ImagingError.fileSystem(.failed(.write, path: "/out/a.jpg", .system(errno: ENOSPC)))
        #expect(StorageCause.code(of: full) == ENOSPC)
        #expect(StorageCause.code(of: FileError.failed(.create, path: "/card/x", .system(errno: EROFS))) == EROFS)
        #expect(StorageCause.code(of: ImagingError.fileSystem(.failed(.write, path: "/out/a.jpg", .system(errno: EACCES)))) == nil)
        #expect(StorageCause.code(of: ImagingError.truncated(.jpeg, "no space left on device")) == nil)
    }
}
