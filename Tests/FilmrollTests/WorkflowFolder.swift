#if canImport(Glibc)
import Glibc
#endif
import Filmroll
import TestSupport

/// A scratch folder of the six dated fixtures, for tests that use the
/// library as a Swift program would: IMG_0001-0003 taken on 2025-04-10,
/// IMG_0004 on 04-11 (stored 120×160, orientation 6), IMG_0005-0006 on
/// 04-12; each 160×120 upright.
struct WorkflowFolder {
    let path: String

    /// - Parameter copies: more photos, by name, copied from a dated fixture ("IMG_0007.jpg": "IMG_0002.jpg").
    init(copies: [String: String] = [:]) throws {
        var template = Array("/tmp/filmroll-workflow-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        for index in 1...6 { try add("IMG_000\(index).jpg", from: "dated/IMG_000\(index).jpg") }
        for (name, fixture) in copies { try add(name, from: "dated/" + fixture) }
    }

    /// Copies a file under `TestImages/` into the folder as `name`.
    func add(_ name: String, from fixture: String) throws {
        try AtomicFile.write(try Fixtures.bytes(fixture), to: file(name))
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The photos IMG_0001… given, as paths.
    func photos(_ numbers: Int...) -> [String] { numbers.map { file("IMG_000\($0).jpg") } }

    func remove() { _ = path.withCString { system("rm -rf '\(String(cString: $0))'") } }
}
