import Foundation
import Testing
import TestSupport

/// Keeps the fence around C: only the `Bridge/` folders of the Imaging and
/// Catalog modules import CImaging, and the public C header exposes no
/// library header.
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

    @Test func publicHeaderIncludesNoCodecHeader() throws {
        let header = try String(contentsOfFile: Fixtures.root + "/CImaging/include/cimaging.h", encoding: .utf8)
        for library in ["jpeglib.h", "png.h", "gif_lib.h", "libexif", "setjmp.h", "sqlite3.h", "xxhash.h", "expat.h",
                        "libheif", "webp/", "lcms2", "ft2build.h", "freetype", "fontconfig", "libimagequant.h",
                        "libavcodec", "libavformat", "libavutil", "libswscale", "x264.h"] {
            #expect(!header.contains("#include <\(library)"), "cimaging.h includes \(library)")
        }
        // The one public header: every other header in include/ would be public too.
        #expect(Self.files(under: "CImaging/include", suffix: ".h") == ["CImaging/include/cimaging.h"])
        // Every public symbol carries the cimg_ prefix.
        let declarations = header.split(separator: "\n").filter { $0.hasPrefix("int ") || $0.hasPrefix("void ") }
        #expect(!declarations.isEmpty)
        for line in declarations { #expect(line.contains(" cimg_"), "\(line)") }
    }
}
