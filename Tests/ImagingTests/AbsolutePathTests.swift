#if canImport(Glibc)
import Glibc
#endif
import Files
import Testing

/// `AbsolutePath.of` makes a path absolute and tidy without touching the disk.
@Suite struct AbsolutePathTests {
    @Test(arguments: [
        ("/a/b.jpg", "/a/b.jpg"), ("/", "/"), ("/a//b", "/a/b"), ("/a/./b", "/a/b"), ("/a/b/", "/a/b"), ("/a/.", "/a"),
        ("//a", "/a"), ("/./a", "/a"), ("/a/.b", "/a/.b"), ("/a/b.", "/a/b."), ("/a/..b/c", "/a/..b/c"), ("/사진/한글.jpg", "/사진/한글.jpg"),
    ])
    func absolutePathsAreTidied(path: String, expected: String) {
        #expect(AbsolutePath.of(path) == expected)
    }

    @Test func relativePathsStartFromTheWorkingFolder() throws {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let folder = String(cString: try #require(getcwd(&buffer, buffer.count)))
        #expect(AbsolutePath.of("a/./b") == (folder == "/" ? "" : folder) + "/a/b")
        #expect(AbsolutePath.of(".") == folder)
    }
}
