import FilmrollCLI
import Testing
import TestSupport

@Suite struct LimitOptionsTests {
    @Test func everyLimitHasAFlagAndAClearError() {
        let out = TemporaryFolder()
        let cases: [([String], String)] = [
            (["convert", Fixtures.path("jpeg/photo.jpg"), out.file("a.png"), "--max-pixels", "100K"], "image too large (640×480)"),
            (["thumbs", Fixtures.path("jpeg/photo.jpg"), "--out", out.path, "--no-cache", "--max-pixels", "0.1M"], "image too large (640×480)"),
            (["convert", Fixtures.path("jpeg/progressive.jpg"), out.file("b.png"), "--max-scans", "2"],
             "limit exceeded: too many progressive scans (more than 2)"),
            (["gif", Fixtures.path("gif/animated.gif"), "-o", out.file("c.gif"), "--max-frames", "3"],
             "limit exceeded: too many frames (more than 3)"),
            (["gif", Fixtures.path("gif/animated.gif"), "-o", out.file("d.gif"), "--max-total-pixels", "5000"],
             "image too large (4 frames of 48×32)"),
            (["info", Fixtures.path("gif/animated.gif"), "--max-frames", "2"], "limit exceeded: too many frames (more than 2)"),
        ]
        for (arguments, message) in cases {
            let (code, runner) = CommandRunner.run(arguments)
            #expect(code == .failure, "\(arguments)")
            #expect(runner.stderr.contains(message), "\(arguments): \(runner.stderr)")
        }
        #expect(!out.names().contains { $0.hasSuffix(".png") || $0.hasSuffix(".gif") })
    }

    @Test func badLimitValuesAreUsageErrors() {
        let (code, runner) = CommandRunner.run("convert", "a.jpg", "b.png", "--max-pixels", "lots")
        #expect(code == .usage)
        #expect(runner.stderr.contains("option '--max-pixels' needs a positive count such as 500 or 40M, not 'lots'"))
    }
}
