import CImaging

/// How the process's allocator treats image buffers.
public enum MemoryPolicy {
    /// Buffers of 2 MB and more (a decoded or resized image) are mapped
    /// and unmapped on their own, so their memory returns to the system as
    /// soon as an image is done, and the peak resident set follows the
    /// memory budget rather than the threads' timing. For programs; a
    /// library does not change its host's allocator on its own.
    public static func returnImageBuffersToTheSystem() {
        _ = cimg_memory_map_large_buffers(2 << 20)
    }
}
