#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A slow zoom and pan across each photo while it shows (the "Ken Burns
/// effect"): the view zooms between 100% and `scale` at a steady rate
/// (geometric, so it never seems to speed up), drifting toward one side.
/// Photos alternate zooming in and out, and the drift turns from photo to
/// photo, so consecutive photos do not move alike.
///
/// With `cover`, the view never leaves the picture: the drift at each
/// moment is at most what the zoom leaves room for.
public struct KenBurns: Sendable, Hashable {
    /// The largest zoom, 1.01...2; 1.1 is a gentle 10%.
    public var scale: Double
    /// How far toward the side the view drifts, 0 (straight zoom) to 1 (to the picture's edge at full zoom).
    public var pan: Double

    public init(scale: Double = 1.1, pan: Double = 0.8) {
        self.scale = scale
        self.pan = pan
    }

    /// Where the view of photo `index` is at `progress` (0...1 of its time):
    /// the zoom, and the centre of the view in the picture (0...1 each way).
    func view(photo index: Int, progress: Double) -> (zoom: Double, center: (x: Double, y: Double)) {
        let directions: [(Double, Double)] = [(1, 0.5), (-1, -0.5), (-0.5, 1), (0.5, -1), (0, 0.7), (-1, 0.3)]
        let direction = directions[index % directions.count]
        let p = min(1, max(0, index % 2 == 0 ? progress : 1 - progress))   // odd photos zoom out
        let zoom = pow(scale, p)
        // Linear drift within the room the zoom leaves: the room (1 - 1/zoom)/2
        // is concave in p, so the drift stays inside it all the way.
        let room = (1 - 1 / scale) / 2 * pan * p
        return (zoom, (0.5 + direction.0 * room, 0.5 + direction.1 * room))
    }
}
