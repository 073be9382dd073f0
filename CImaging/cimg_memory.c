/*
 * glibc's malloc policy for a process that handles images: buffers of
 * `threshold` bytes and more are mapped and unmapped on their own, so their
 * memory returns to the system when an image is done. glibc otherwise raises
 * its threshold after the first large free and keeps later large buffers in
 * per-thread arenas, so the resident set follows the threads' timing.
 * Related documentation: mallopt(3), M_MMAP_THRESHOLD.
 */
#include "cimg_internal.h"

#include <malloc.h>

int cimg_memory_map_large_buffers(size_t threshold) {
#ifdef M_MMAP_THRESHOLD
    if (threshold > 32u * 1024 * 1024) threshold = 32u * 1024 * 1024;
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1 ? 0 : -1;
#else
    (void)threshold;
    return -1;
#endif
}
