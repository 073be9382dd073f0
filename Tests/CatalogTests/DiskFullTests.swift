#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import Testing
import TestSupport

/// A catalog on a full disk fails with a sentence that says so, and works
/// again, with no cleaning up, once there is space.
@Suite struct DiskFullTests {
    /// Writes `path` until the file system is full.
    static func fill(_ path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        precondition(fd >= 0)
        defer { close(fd) }
        for size in [65_536, 4_096, 1] {
            let chunk = [UInt8](repeating: 0x5A, count: size)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, size) }) == size {}
        }
    }

    static func isDiskFull(_ error: any Error, _ catalogPath: String) -> Bool {
        guard case .diskFull(catalogPath)? = error as? CatalogError else { return false }
        return String(describing: error) == "cannot write the catalog \(catalogPath): no space left on device; "
            + "free some space and run the command again"
    }

    @Test(.enabled(if: ScratchMount.isAllowed, "mounting needs root"))
    func aFullDiskFailsCleanlyAndRecoversOnceThereIsSpace() throws {
        let mount = try #require(ScratchMount.tmpfs(bytes: 1 << 20))
        defer { mount.unmount() }
        let folder = mount.path + "/photos"
        let catalogPath = Catalog.defaultPath(for: folder)
        let filler = mount.path + "/filler"
        try Folders.create(folder)

        // A write to an open catalog when the disk fills up.
        do {
            let catalog = try Catalog(folder: folder, access: .create)
            try catalog.recordOutput(kind: .gif, path: folder + "/kept.gif", parameters: "{}", sources: [])
            Self.fill(filler)
            let parameters = "{\"padding\":\"" + String(repeating: "x", count: 200_000) + "\"}"
            #expect {
                try catalog.recordOutput(kind: .gif, path: folder + "/big.gif", parameters: parameters, sources: [])
            } throws: { error in
                (error as? DatabaseError)?.isDiskFull == true && Self.isDiskFull(CatalogError(error, catalog: catalog), catalogPath)
            }
            #expect {
                try catalog.database.transaction {
                    try catalog.recordOutput(kind: .gif, path: folder + "/big.gif", parameters: parameters, sources: [])
                }
            } throws: { Self.isDiskFull(CatalogError($0, catalog: catalog), catalogPath) }
        }

        // Opening on a full disk without a -shm: SQLite makes one, truncated
        // to 3 bytes, and cannot grow it (SQLITE_IOERR_SHMSIZE, errno ENOSPC).
        // (An old -shm would have made room for itself when truncated.) Also
        // when the file is stamped as checked (its last writer closed it with
        // room to spare), so that the open reads nothing but the stamp.
        #expect(unlink(filler) == 0)
        _ = try Catalog(folder: folder, access: .write)
        #expect(FileBytes.exists(catalogPath + "-checked"))
        #expect(unlink(catalogPath + "-shm") == 0 || errno == ENOENT)
        Self.fill(filler)
        for access in [Catalog.Access.write, .read] {
            #expect("\(access)") {
                try Catalog(folder: folder, access: access)
            } throws: { Self.isDiskFull($0, catalogPath) }
        }
        #expect(try FileBytes.read(catalogPath + "-shm").count == 3)

        // Space again: the next open and write just work, and nothing was lost.
        #expect(unlink(filler) == 0)
        let catalog = try Catalog(folder: folder, access: .write)
        try catalog.recordOutput(kind: .gif, path: folder + "/after.gif", parameters: "{}", sources: [])
        #expect(try catalog.database.rows("SELECT path FROM outputs ORDER BY path").compactMap { $0[0].string }
                    .map(catalog.pathCodec.absolute) == [AbsolutePath.of(folder) + "/after.gif", AbsolutePath.of(folder) + "/kept.gif"])
        #expect(try catalog.database.value("PRAGMA integrity_check").string == "ok")
    }
}
