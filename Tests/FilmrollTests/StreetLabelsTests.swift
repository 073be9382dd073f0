@testable import Filmroll
import Foundation
import Testing

/// The street-name placer on its own: pieces joined into lines, names along
/// them left to right, a short street named straight across its middle,
/// smaller sizes only when nothing else is free, and never two labels on
/// the same cells.
@Suite struct StreetLabelsTests {
    static func line(_ points: [(Double, Double)]) -> [MapPixel] { points.map { MapPixel(x: $0.0, y: $0.1) } }

    @Test func piecesThatMeetAcrossATileEdgeAreOneLine() {
        // Two tiles' pieces meeting at x = 256 (within a pixel and a half), one drawn backwards.
        let lines = StreetLabels.joined([Self.line([(40, 100), (256, 101)]), Self.line([(480, 104), (256.8, 100.6)])])
        #expect(lines.count == 1)
        #expect(abs(StreetLabels.length(lines[0]) - 440) < 2)
        // Pieces far apart stay apart.
        #expect(StreetLabels.joined([Self.line([(0, 0), (50, 0)]), Self.line([(60, 0), (100, 0)])]).count == 2)
    }

    @Test func aNameFollowsItsLineLeftToRightEvenWhenTheLineRunsBackwards() throws {
        var space = LabelSpace(width: 640, height: 480)
        let labels = StreetLabels.place([(name: "Pohjoisesplanadi", line: Self.line([(560, 300), (80, 200)]))], in: &space)
        let label = try #require(labels.first)
        #expect(labels.count == 1 && !label.isStraight && label.fontSize == 11)
        #expect(label.line.first!.x < label.line.last!.x)
        #expect(abs(StreetLabels.length(label.line) - StreetLabels.width(of: "Pohjoisesplanadi") - 6) < 0.5)
    }

    @Test func aStreetTooShortForItsNameIsNamedStraightAcrossItsMiddle() throws {
        var space = LabelSpace(width: 640, height: 480)
        // 20 px long, rising to the left at 45°.
        let labels = StreetLabels.place([(name: "Ateneuminkuja", line: Self.line([(330, 230), (316, 244)]))], in: &space)
        let label = try #require(labels.first)
        #expect(label.isStraight && label.fontSize == 11)
        let a = label.line[0], b = label.line[1]
        #expect(a.x < b.x)                                   // reads left to right
        #expect(abs((a.x + b.x) / 2 - 323) < 0.5 && abs((a.y + b.y) / 2 - 237) < 0.5)
        let degrees: Double = atan2(b.y - a.y, b.x - a.x) * 180 / Double.pi
        #expect(abs(degrees + 45) < 0.5)
    }

    @Test func aSmallerSizeOnlyWhenNothingIsFreeAtFullSize() throws {
        // A 100 px wide gap between taken cells: "Kasarmikatu" at 11 px (about 83 px) fits; a longer name only smaller.
        func placed(_ name: String) -> StreetLabels.Label? {
            var space = LabelSpace(width: 640, height: 480)
            space.force([LabelBox(minX: 0, minY: 0, maxX: 270, maxY: 480), LabelBox(minX: 372, minY: 0, maxX: 640, maxY: 480)])
            return StreetLabels.place([(name: name, line: Self.line([(200, 240), (440, 240)]))], in: &space).first
        }
        #expect(try #require(placed("Kasarmikatu")).fontSize == 11)
        let longer = try #require(placed("Kasarmikatu ja"))
        #expect(longer.fontSize < 11)
        #expect(longer.boxes.allSatisfy { $0.minX >= 272 && $0.maxX <= 372 })
    }

    @Test func crossingStreetsNamedWithoutSharingACell() {
        // A tight grid: every street named, none on another's cells.
        var streets: [(name: String, line: [MapPixel])] = []
        for index in 0..<6 {
            let at = 120 + Double(index) * 60
            streets.append((name: "Katu \(index)", line: Self.line([(100, at), (540, at)])))
            streets.append((name: "Tie \(index)", line: Self.line([(at + 20, 40), (at + 20, 440)])))
        }
        var space = LabelSpace(width: 640, height: 480)
        let labels = StreetLabels.place(streets, in: &space)
        #expect(Set(labels.map(\.name)) == Set(streets.map(\.name)))
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] { #expect(!a.boxes.contains { box in b.boxes.contains(where: box.overlaps) }, "\(a.name) overlaps \(b.name)") }
        }
    }
}
