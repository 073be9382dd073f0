import Filmroll
import Testing

/// The library product re-exports the modules a program needs.
@Suite struct LibraryTests {
    @Test func importingFilmrollBringsImagingAndCatalog() {
        #expect(Filmroll.version.split(separator: ".").count == 3)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(Catalog.defaultPath(for: "/photos") == "/photos/.filmroll/catalog.sqlite")
    }
}
