/* Content hashes for the catalog: XXH3-128 from libxxhash. */
#include "cimg_internal.h"

#include <xxhash.h>

void cimg_hash128(const uint8_t *data, size_t size, uint64_t *low, uint64_t *high) {
    XXH128_hash_t hash = XXH3_128bits(data, size);
    *low = hash.low64;
    *high = hash.high64;
}
