import Filmroll
import Testing

/// The library product re-exports the modules a program needs.
@Suite struct LibraryTests {
    @Test func importingFilmrollBringsImagingCatalogAndFiles() {
        #expect(Filmroll.version.split(separator: ".").count == 3)
        #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(Catalog.defaultPath(for: "/photos") == "/photos/.filmroll/catalog.sqlite")
        #expect(AbsolutePath.of("/photos/./2025/") == "/photos/2025")
        #expect(ImagingError(FileError.tooLarge(path: "/a.jpg", size: 11, limit: 10)) == .limitExceeded(.fileBytes(size: 11, maximum: 10)))
        #expect(ImagingError(FileError.tooLarge(path: "/a.jpg", size: 11, limit: 10)).description == "limit exceeded: file is larger than 10 bytes")
    }
}
