#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Filmroll
import Testing
import TestSupport

/// A folder processed by the version that kept `.process-state`: its
/// outputs are recorded without keys, thumbnails judged by time and day
/// outputs by signatures in the state file. The first run of this version
/// keeps every output whose recipe did not change and remakes the rest.
@Suite struct ProcessStateMigrationTests {
    /// The old version's signature: 64-bit FNV-1a over the settings, then each photo's path, size and time.
    static func oldSignature(_ photos: [PhotoRecord], settings: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 + [0] {
                value ^= UInt64(byte)
                value = value &* 0x100_0000_01b3
            }
        }
        add(settings)
        for photo in photos { add("\(photo.path)|\(photo.byteCount)|\(photo.modificationTimeNanoseconds)") }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Makes `folder` look as the old version left it: keys gone, a state file written.
    static func downgrade(_ folder: String, sheetSignatureChanged: Bool = false) throws {
        let catalog = try Catalog(folder: folder, access: .write)
        try catalog.database.execute("UPDATE outputs SET key = NULL")
        let photos = try catalog.photos(matching: PhotoQuery())
        func day(_ key: String) -> [PhotoRecord] {
            photos.filter { $0.takenAt?.hasPrefix(key) == true }.sorted { ($0.takenAt ?? "", $0.path) < ($1.takenAt ?? "", $1.path) }
        }
        let sheet = oldSignature(day("2025-04-10"), settings: "fourcut \(ProcessOptions().fourCut)" + (sheetSignatureChanged ? "!" : ""))
        let state = """
            days/2025-04-10-fourcut.jpg\t\(sheet)
            days/2025-04-10.gif\t\(oldSignature(day("2025-04-10"), settings: "gif 480 80"))
            days/2025-04-12.gif\t\(oldSignature(day("2025-04-12"), settings: "gif 480 80"))

            """
        try AtomicFile.write(Array(state.utf8), to: folder + "/.filmroll/gallery/.process-state")
    }

    @Test func outputsWhoseRecipeDidNotChangeAreKept() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        try Self.downgrade(folder)
        let before = try FileBytes.read(folder + "/.filmroll/gallery/days/2025-04-10-fourcut.jpg")

        let migrated = try FolderProcess(folder: folder).run()
        // 14 thumbnails and a sheet; the two animations are remade, as today's recipe makes them otherwise.
        #expect(migrated.adopted == 15)
        #expect(migrated.thumbnailsMade + migrated.fourCutsMade == 0)
        #expect(migrated.animationsMade == 2)
        #expect(migrated.decoded == 6)
        #expect(!FileBytes.exists(folder + "/.filmroll/gallery/.process-state"))
        #expect(try FileBytes.read(folder + "/.filmroll/gallery/days/2025-04-10-fourcut.jpg") == before)
        let catalog = try Catalog(folder: folder, access: .read)
        #expect(try catalog.ledger().allSatisfy { $0.key != nil })

        let again = try FolderProcess(folder: folder).run()
        #expect(again.adopted == 0 && again.decoded == 0)
    }

    @Test func anOutputTheOldRecordCallsStaleIsRemade() throws {
        let folder = try FolderProcessTests.folder()
        defer { FolderProcessTests.remove(folder) }
        _ = try FolderProcess(folder: folder).run()
        try Self.downgrade(folder, sheetSignatureChanged: true)
        let migrated = try FolderProcess(folder: folder).run()
        #expect(migrated.adopted == 14)
        #expect(migrated.fourCutsMade == 1)
        #expect(migrated.animationsMade == 2)
        #expect(migrated.thumbnailsMade == 0)
        #expect(migrated.decoded == 6)
    }
}
