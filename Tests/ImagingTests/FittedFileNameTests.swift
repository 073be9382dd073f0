import Imaging
import Testing

/// Output names derived from photo names fit in 255 bytes, cut between
/// characters, unique by a hash of the whole name, the same every time.
@Suite struct FittedFileNameTests {
    @Test func aNameThatFitsIsUntouched() {
        #expect(FittedFileName.of("2025/IMG_0001", suffix: "_256.jpg") == "2025/IMG_0001_256.jpg")
    }

    @Test(arguments: [String(repeating: "a", count: 251), String(repeating: "한", count: 83), String(repeating: "e\u{301}", count: 90)])
    func aLongNameIsCutBetweenCharactersAndKeepsItsFolder(stem: String) {
        let fitted = FittedFileName.of("2025/" + stem, suffix: "_1024.jpg")
        let name = String(fitted.dropFirst(5))
        #expect(fitted.hasPrefix("2025/") && name.hasSuffix("_1024.jpg"))
        #expect(name.utf8.count <= 255 && name.utf8.count > 240)
        let kept = String(name.prefix { $0 != "~" })
        #expect(stem.hasPrefix(kept))
        #expect(FittedFileName.of("2025/" + stem, suffix: "_1024.jpg") == fitted)
    }

    @Test func twoLongNamesDifferingAtTheEndStayApart() {
        let stem = String(repeating: "a", count: 250)
        #expect(FittedFileName.of(stem + "a", suffix: "_256.jpg") != FittedFileName.of(stem + "b", suffix: "_256.jpg"))
    }
}
