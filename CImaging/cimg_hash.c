/* Content hashes for the catalog: XXH3-128 from libxxhash. */
#include "cimg_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <xxhash.h>

void cimg_hash128(const uint8_t *data, size_t size, uint64_t *low, uint64_t *high) {
    XXH128_hash_t hash = XXH3_128bits(data, size);
    *low = hash.low64;
    *high = hash.high64;
}

int cimg_hash128_fd(int fd, uint64_t *size, uint64_t *low, uint64_t *high) {
    enum { piece = 1 << 20 };
    XXH3_state_t *state = XXH3_createState();
    unsigned char *buffer = malloc(piece);
    int failure = 0;
    *size = 0;
    if (!state || !buffer || XXH3_128bits_reset(state) != XXH_OK) {
        failure = ENOMEM;
    } else {
        for (;;) {
            ssize_t count = pread(fd, buffer, piece, (off_t)*size);
            if (count < 0 && errno == EINTR) continue;
            if (count < 0) { failure = errno; break; }
            if (count == 0) break;
            XXH3_128bits_update(state, buffer, (size_t)count);
            *size += (uint64_t)count;
        }
    }
    if (!failure) {
        XXH128_hash_t hash = XXH3_128bits_digest(state);
        *low = hash.low64;
        *high = hash.high64;
    }
    free(buffer);
    if (state) XXH3_freeState(state);
    return failure;
}
