import Imaging

/// What a video is made of.
public enum VideoSource: Sendable, Hashable {
    /// Photos shown one after another, with crossfades and an optional
    /// slow zoom: a slideshow on a fixed canvas (1080p by default).
    case slideshow(SlideshowOptions)
    /// The inputs as frames, in order, at a constant rate (`--fps`).
    case frames(FrameRate)
    /// The inputs as frames, each lasting its own milliseconds (`--delays`;
    /// the last repeats), or, when empty, the delay each animated input
    /// carries (10 fps for stills).
    case delayedFrames(milliseconds: [Int])
}
