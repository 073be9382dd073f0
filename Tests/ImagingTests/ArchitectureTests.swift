import Foundation
import Testing
import TestSupport

/// Keeps the fence around C: only the `Bridge/` folders of the Imaging and
/// Catalog modules import CImaging, and the public C header exposes no
/// library header. Keeps the library targets on Glibc: no Foundation, and
/// `Files` imports nothing but the C library.
@Suite struct ArchitectureTests {
    static func files(under folder: String, suffix: String) -> [String] {
        let root = Fixtures.root + "/" + folder
        let enumerator = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(suffix) { found.append(folder + "/" + relative) }
        }
        return found.sorted()
    }

    @Test func onlyTheBridgeImportsC() throws {
        let swiftFiles = Self.files(under: "Sources", suffix: ".swift")
        #expect(swiftFiles.count > 20)
        for file in swiftFiles {
            let text = try String(contentsOfFile: Fixtures.root + "/" + file, encoding: .utf8)
            // Any form: `import`, `internal import`, `@_implementationOnly import`, `import struct CImaging.x`.
            let importsC = text.split(separator: "\n").contains { line in
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let at = words.firstIndex(of: "import") else { return false }
                return words[(at + 1)...].contains { $0 == "CImaging" || $0.hasPrefix("CImaging.") }
            }
            let inBridge = file.hasPrefix("Sources/Imaging/Bridge/") || file.hasPrefix("Sources/Catalog/Bridge/")
            if importsC { #expect(inBridge, "\(file) crosses the C fence") }
        }
    }

    /// The modules a Swift file imports, in any form (`@_exported import X`, `import struct X.y`).
    static func imports(of file: String) throws -> [String] {
        let text = try String(contentsOfFile: Fixtures.root + "/" + file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count,
                  words[..<at].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "private"].contains($0) }) else { return nil }
            let name = words.count > at + 2 && ["struct", "class", "enum", "func", "var", "protocol"].contains(words[at + 1])
                ? words[at + 2] : words[at + 1]
            return String(name.split(separator: ".").first ?? name)
        }
    }

    /// A file that calls `open`, `stat`, `unlink`, … on a path must see the
    /// `String` overloads of `PathSystemCalls.swift` (imports are per file
    /// for top-level functions): without them the C function gets the
    /// path's escape scalars, not the bytes of a name that is not UTF-8.
    @Test func everyFileMakingPathSystemCallsSeesThePathBytesOverloads() throws {
        let calls = try NSRegularExpression(pattern: #"(?<![.\w])(open|stat|lstat|opendir|rename|unlink|realpath|access|link|mkdir|utimensat|rmdir|chmod|symlink|openat|unlinkat|fstatat)\("#)
        for file in Self.files(under: "Sources", suffix: ".swift") where !file.hasPrefix("Sources/Files/") {
            let text = try String(contentsOfFile: Fixtures.root + "/" + file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
                .joined(separator: "\n")
            guard calls.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil else { continue }
            let seesFiles = try Self.imports(of: file).contains { ["Files", "Imaging", "Catalog", "Filmroll"].contains($0) }
            #expect(seesFiles, "\(file) makes system calls on paths without importing Files")
        }
    }

    @Test func filesImportsOnlyTheCLibrary() throws {
        let swiftFiles = Self.files(under: "Sources/Files", suffix: ".swift")
        #expect(swiftFiles.count >= 5)
        for file in swiftFiles {
            for module in try Self.imports(of: file) {
                #expect(["Glibc", "Darwin"].contains(module), "\(file) imports \(module)")
            }
        }
    }

    @Test(arguments: ["Files", "Imaging", "Catalog", "Filmroll"])
    func libraryTargetsDoNotImportFoundation(target: String) throws {
        let swiftFiles = Self.files(under: "Sources/" + target, suffix: ".swift")
        #expect(!swiftFiles.isEmpty)
        for file in swiftFiles {
            #expect(try !Self.imports(of: file).contains { $0.hasPrefix("Foundation") }, "\(file) imports Foundation")
        }
    }

    @Test func publicHeaderIncludesNoCodecHeader() throws {
        // Every header in include/ is public: cimaging.h, and one cimaging_<format>.h per format added beside it.
        // They include the C standard's headers and each other, nothing else.
        let headers = Self.files(under: "CImaging/include", suffix: ".h")
        #expect(headers.contains("CImaging/include/cimaging.h"))
        for path in headers {
            #expect(path == "CImaging/include/cimaging.h" || path.hasPrefix("CImaging/include/cimaging_"), "\(path)")
            let header = try String(contentsOfFile: Fixtures.root + "/" + path, encoding: .utf8)
            for library in ["jpeglib.h", "png.h", "gif_lib.h", "libexif", "setjmp.h", "sqlite3.h", "xxhash.h", "expat.h",
                            "libheif", "webp/", "lcms2", "ft2build.h", "freetype", "fontconfig", "libimagequant.h",
                            "libavcodec", "libavformat", "libavutil", "libswscale", "x264.h", "zlib.h", "libdeflate.h",
                            "libraw", "tiffio.h", "tiff.h", "jxl/"] {
                #expect(!header.contains("#include <\(library)"), "\(path) includes \(library)")
            }
            for line in header.split(separator: "\n") where line.hasPrefix("#include") {
                #expect(["#include <stddef.h>", "#include <stdint.h>", "#include \"cimaging.h\""].contains(String(line)),
                        "\(path): \(line)")
            }
            // Every public symbol carries the cimg_ prefix.
            let declarations = header.split(separator: "\n").filter { $0.hasPrefix("int ") || $0.hasPrefix("void ") }
            #expect(!declarations.isEmpty, "\(path) declares nothing")
            for line in declarations { #expect(line.contains(" cimg_"), "\(line)") }
        }
    }
}
