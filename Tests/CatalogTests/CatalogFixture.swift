#if canImport(Glibc)
import Glibc
#endif
import Catalog
import Imaging
import TestSupport

/// A temporary photo folder with copies of fixtures, and its catalog.
final class PhotoFolderFixture {
    let folder: String

    init(_ files: [String: String]) throws {
        var template = Array("/tmp/filmroll-catalog-XXXXXX".utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        for (name, fixture) in files { try add(fixture, as: name) }
    }

    deinit { _ = system("rm -rf '\(folder)'") }

    func path(_ name: String) -> String { folder + "/" + name }

    func add(_ fixture: String, as name: String) throws {
        if let slash = name.lastIndex(of: "/") { try Folders.create(path(String(name[..<slash]))) }
        try AtomicFile.write(try Fixtures.bytes(fixture), to: path(name))
    }

    func catalog() throws -> Catalog { try Catalog(folder: folder) }

    @discardableResult
    func index() throws -> IndexSummary { try FolderIndexer(catalog: try catalog(), jobs: 2).run() }

    static let dated: [String: String] = [
        "2025/IMG_0001.jpg": "dated/IMG_0001.jpg", "2025/IMG_0002.jpg": "dated/IMG_0002.jpg",
        "2025/IMG_0003.jpg": "dated/IMG_0003.jpg", "2025/IMG_0004.jpg": "dated/IMG_0004.jpg",
        "2025/IMG_0005.jpg": "dated/IMG_0005.jpg", "2025/IMG_0006.jpg": "dated/IMG_0006.jpg",
    ]
}
