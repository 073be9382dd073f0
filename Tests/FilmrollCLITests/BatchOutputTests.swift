@testable import FilmrollCLI
import Imaging
import Testing

@Suite struct BatchOutputTests {
    @Test func progressLineShowsCountRateAndTimeLeft() {
        let bar = ProgressBar(io: CommandRunner().io, total: 100, label: "thumbs", enabled: true)
        #expect(bar.line(done: 25, elapsed: .seconds(5))
                == "thumbs [======                  ] 25/100  5.0 files/s  ETA 0:15")
        #expect(bar.line(done: 100, elapsed: .seconds(20)).hasSuffix("100/100  5.0 files/s  ETA 0:00"))
    }

    @Test func progressIsSilentWhenNotATerminal() {
        let runner = CommandRunner()
        let bar = ProgressBar(io: runner.io, total: 3, label: "thumbs", enabled: true)
        bar.advance()
        bar.finish()
        #expect(runner.stderr.isEmpty)
    }

    @Test(arguments: [("1GB", 1_000_000_000), ("500MB", 500_000_000), ("64KiB", 65536), ("1.5G", 1_500_000_000),
                      ("1000", 1000), ("2 MB", 2_000_000)])
    func byteCountsParse(text: String, bytes: Int) {
        #expect(parseByteCount(text) == bytes)
    }

    @Test(arguments: ["", "lots", "-5MB", "MB"])
    func badByteCountsAreRejected(text: String) {
        #expect(parseByteCount(text) == nil)
    }

    @Test func naturalOrderPutsFrame2BeforeFrame10() {
        let names = ["frame10.png", "frame2.png", "Frame1.png", "frame02b.png", "frame1.png"]
        #expect(names.sorted(by: naturalOrder) == ["Frame1.png", "frame1.png", "frame2.png", "frame02b.png", "frame10.png"])
    }

    @Test func naturalOrderOfNamesWithZerosHangulAndLongNumbers() {
        let names = ["사진 10.jpg", "사진 9.jpg", "a007", "a7", "a07", "a", "a0", "a00", "b1", "a99999999999999999999",
                     "a100000000000000000000", "é2", "e10", "IMG_0010", "IMG_009", "IMG_0009b"]
        #expect(names.sorted(by: naturalOrder) == [
            "IMG_009", "IMG_0009b", "IMG_0010", "a", "a0", "a00", "a007", "a07", "a7", "a99999999999999999999",
            "a100000000000000000000", "b1", "e10", "é2", "사진 9.jpg", "사진 10.jpg",
        ])
        // A strict order: never both ways, and a name is not before itself.
        for left in names {
            #expect(!naturalOrder(left, left))
            for right in names where left != right { #expect(naturalOrder(left, right) != naturalOrder(right, left)) }
        }
    }
}
