/*
 * Content hashes for the catalog: XXH3-128 from libxxhash. On x86-64,
 * libxxhash's own dispatching entry points (xxh_x86dispatch) pick SSE2,
 * AVX2 or AVX-512 at run time, where XXH3_128bits is built for SSE2 only:
 * the same hash, about twice as fast where AVX2 is. They are looked up at
 * run time, so a libxxhash without them (other architectures, older
 * builds) is used as it is.
 */
#include "cimg_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#include <xxhash.h>

typedef XXH128_hash_t (*cimg_xxh128_fn)(const void *, size_t);
typedef XXH_errorcode (*cimg_xxh128_update_fn)(XXH3_state_t *, const void *, size_t);

/* libxxhash's dispatching function `name`, or `fallback` without one. */
static void *cimg_xxh_entry(void **cache, const char *name, void *fallback) {
    void *entry = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (entry == NULL) {
        entry = dlsym(RTLD_DEFAULT, name);
        if (entry == NULL) entry = fallback;
        __atomic_store_n(cache, entry, __ATOMIC_RELEASE);
    }
    return entry;
}

static cimg_xxh128_fn cimg_xxh128(void) {
    static void *cache;
    return (cimg_xxh128_fn)cimg_xxh_entry(&cache, "XXH3_128bits_dispatch", (void *)XXH3_128bits);
}

static cimg_xxh128_update_fn cimg_xxh128_update(void) {
    static void *cache;
    return (cimg_xxh128_update_fn)cimg_xxh_entry(&cache, "XXH3_128bits_update_dispatch", (void *)XXH3_128bits_update);
}

void cimg_hash128(const uint8_t *data, size_t size, uint64_t *low, uint64_t *high) {
    XXH128_hash_t hash = cimg_xxh128()(data, size);
    *low = hash.low64;
    *high = hash.high64;
}

int cimg_hash128_fd(int fd, uint64_t *size, uint64_t *low, uint64_t *high) {
    enum { piece = 1 << 20 };
    cimg_xxh128_update_fn update = cimg_xxh128_update();
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
            update(state, buffer, (size_t)count);
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
