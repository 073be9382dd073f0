/// Operations on decoded images. Each is a small `Hashable` value, so a
/// processor is part of a cache key: the same photo resized two ways is
/// cached twice.
public enum ImageProcessors {}
