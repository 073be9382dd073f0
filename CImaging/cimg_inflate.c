/* Inflating a compressed blob (a vector tile, a PMTiles directory) with a
 * hard cap on what it inflates to: libdeflate wants the whole output buffer
 * up front, so the buffer doubles until the stream fits or the cap is met. */
#include "cimg_internal.h"

#include <libdeflate.h>
#include <stdlib.h>

static enum libdeflate_result cimg_inflate_once(struct libdeflate_decompressor *decompressor, int format,
                                                const uint8_t *data, size_t size, uint8_t *out, size_t capacity,
                                                size_t *written) {
    switch (format) {
    case CIMG_INFLATE_GZIP:
        return libdeflate_gzip_decompress_ex(decompressor, data, size, out, capacity, NULL, written);
    case CIMG_INFLATE_ZLIB:
        return libdeflate_zlib_decompress_ex(decompressor, data, size, out, capacity, NULL, written);
    default:
        return libdeflate_deflate_decompress_ex(decompressor, data, size, out, capacity, NULL, written);
    }
}

int cimg_inflate(const uint8_t *data, size_t size, int format, size_t limit, cimg_buffer *output,
                 cimg_error *error) {
    output->data = NULL;
    output->size = 0;
    if (format < CIMG_INFLATE_GZIP || format > CIMG_INFLATE_RAW)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "unknown compression %d", format);
    if (size == 0) return cimg_fail(error, CIMG_ERR_TRUNCATED, "the compressed data is empty");
    if (limit == 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "no room to inflate into");
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (decompressor == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory starting to inflate");
    /* Start at four times the input (a tile's usual ratio), at least 64 KB. */
    size_t capacity = size <= limit / 4 ? size * 4 : limit;
    if (capacity < 65536) capacity = limit < 65536 ? limit : 65536;
    uint8_t *buffer = NULL;
    int status = CIMG_OK;
    for (;;) {
        uint8_t *grown = realloc(buffer, capacity);
        if (grown == NULL) {
            status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory inflating %zu bytes", capacity);
            break;
        }
        buffer = grown;
        size_t written = 0;
        enum libdeflate_result result = cimg_inflate_once(decompressor, format, data, size, buffer, capacity, &written);
        if (result == LIBDEFLATE_SUCCESS) {
            output->data = buffer;
            output->size = written;
            buffer = NULL;
            break;
        }
        if (result == LIBDEFLATE_INSUFFICIENT_SPACE) {
            if (capacity >= limit) {
                status = cimg_fail(error, CIMG_ERR_LIMIT, "inflates to more than %zu bytes", limit);
                break;
            }
            capacity = capacity > limit / 2 ? limit : capacity * 2;
            continue;
        }
        status = result == LIBDEFLATE_SHORT_OUTPUT
                     ? cimg_fail(error, CIMG_ERR_TRUNCATED, "the compressed data ends early")
                     : cimg_fail(error, CIMG_ERR_CORRUPT, "the compressed data is corrupt");
        break;
    }
    free(buffer);
    libdeflate_free_decompressor(decompressor);
    return status;
}
