@testable import Catalog
import Testing

/// A file the catalog does not know is an output when its path is recorded as
/// one, byte for byte, whether looked up alone or among every output path.
@Suite struct OutputPathsTests {
    @Test(arguments: [0, OutputPaths.singleLookups + 1])
    func aRecordedPathIsAnOutputAndNoOtherIs(lookups: Int) throws {
        let fixture = try PhotoFolderFixture([:])
        let catalog = try fixture.catalog()
        let nfc = fixture.path("caf\u{E9}_256.jpg"), nfd = fixture.path("cafe\u{301}_256.jpg")
        try catalog.recordOutput(kind: .thumbnail, path: nfc, parameters: "{}", sources: [])
        let outputs = try OutputPaths(database: catalog.database, codec: catalog.pathCodec, lookups: lookups)
        #expect(try outputs.contains(nfc))
        #expect(try !outputs.contains(nfd))   // another name on disk, though Swift calls the two equal
        #expect(try !outputs.contains(fixture.path("IMG_0001.jpg")))
    }
}
