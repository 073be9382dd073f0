// The names these types had while they were thought of as GIF-only; they
// make WebPs too (and their frames feed MP4s). Kept so code written against
// the old names still builds, with a warning that names the new one.

@available(*, deprecated, renamed: "AnimationMaker")
public typealias GIFMaker = AnimationMaker

@available(*, deprecated, renamed: "AnimationFrames")
public typealias GIFFrames = AnimationFrames

@available(*, deprecated, renamed: "AnimationError")
public typealias GIFError = AnimationError

@available(*, deprecated, renamed: "AnimationOutput")
public typealias GIFOutput = AnimationOutput

@available(*, deprecated, renamed: "EncodedAnimation")
public typealias GIFAnimation = EncodedAnimation
