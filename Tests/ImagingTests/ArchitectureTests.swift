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
            let importsC = text.split(separator: "\n").contains { $0.hasPrefix("import CImaging") }
            let inBridge = file.hasPrefix("Sources/Imaging/Bridge/") || file.hasPrefix("Sources/Catalog/Bridge/")
            if importsC { #expect(inBridge, "\(file) crosses the C fence") }
        }
    }

    @Test func publicHeaderIncludesNoCodecHeader() throws {
        let header = try String(contentsOfFile: Fixtures.root + "/CImaging/include/cimaging.h", encoding: .utf8)
        for library in ["jpeglib.h", "png.h", "gif_lib.h", "libexif", "setjmp.h", "sqlite3.h", "xxhash.h", "expat.h"] {
            #expect(!header.contains("#include <\(library)"), "cimaging.h includes \(library)")
        }
        // Every public symbol carries the cimg_ prefix.
        let declarations = header.split(separator: "\n").filter { $0.hasPrefix("int ") || $0.hasPrefix("void ") }
        #expect(!declarations.isEmpty)
        for line in declarations { #expect(line.contains(" cimg_"), "\(line)") }
    }
}
