#if canImport(Glibc)
import Glibc
#endif
import Imaging

/// A fresh folder under /tmp, removed when the test is done with it.
struct TemporaryFolder: ~Copyable {
    let path: String

    init() {
        var template = Array("/tmp/filmroll-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        _ = system("rm -rf '\(path)'")
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` into the folder as `name`.
    func write(_ bytes: [UInt8], as name: String) throws {
        try AtomicFile.write(bytes, to: file(name))
    }

    /// The names in the folder, hidden ones included, sorted.
    func names() -> [String] { Folders.names(in: path).sorted() }
}
