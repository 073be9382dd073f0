import Imaging
import Testing

/// Frame rates as exact fractions, and the clocks VideoTiming gives the encoder.
@Suite struct VideoTimingTests {
    @Test(arguments: [
        ("10", 10, 1), ("30", 30, 1), ("29.97", 30_000, 1001), ("59.94", 60_000, 1001), ("23.976", 24_000, 1001),
        ("30000/1001", 30_000, 1001), ("12.5", 25, 2), ("0.5", 1, 2), ("25.0", 25, 1), ("50/2", 25, 1),
    ])
    func ratesParseToExactFractions(text: String, numerator: Int, denominator: Int) throws {
        let rate = try #require(FrameRate(parsing: text))
        #expect(rate.numerator == numerator && rate.denominator == denominator)
    }

    @Test(arguments: ["", "0", "-5", "abc", "1/0", "0/1", "1001", "30/", "1e400", "nan", "12.1234567"])
    func nonsenseRatesAreRefused(text: String) {
        #expect(FrameRate(parsing: text) == nil)
    }

    @Test func framesAndSecondsConvertExactly() throws {
        let ntsc = try #require(FrameRate(parsing: "29.97"))
        #expect(ntsc.frameCount(seconds: 10) == 300)           // 299.7
        #expect(ntsc.frameCount(seconds: 1001) == 30_000)
        #expect(ntsc.seconds(ofFrame: 30_000) == 1001)
        #expect(ntsc.description == "29.97 (30000/1001)")
        #expect(FrameRate(10).description == "10")
        #expect(VideoTiming.frameRate(ntsc).tick == (1001, 30_000))
        #expect(VideoTiming.frameRate(ntsc).seconds(ticks: 30) == 1.001)
    }

    @Test func delaysAreMillisecondsAtTheirAverageRate() throws {
        let timing = VideoTiming.delays([100, 200])
        #expect(timing.tick == (1, 1000))
        #expect(timing.nominalRate == FrameRate(numerator: 20, denominator: 3))   // 2 frames in 0.3 s
        #expect(VideoTiming.delays([]).nominalRate == 30)
        #expect(VideoTiming.delays([5000, 5000]).nominalRate == FrameRate(numerator: 1, denominator: 5))
        #expect(VideoTiming.delays([0, 0]).nominalRate == 1000)
    }
}
