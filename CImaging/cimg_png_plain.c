/*
 * The commonest PNG the quick way: 8-bit RGB or RGBA, not interlaced.
 *
 * The IDATs' data is inflated by libdeflate in one go (zlib a row at a
 * time for a huge image, fed straight from the file's IDAT chunks, so
 * memory never holds a copy of its compressed stream) and each row is unfiltered straight into the
 * caller's pixels, Paeth with SSE2 (the filter most encoders pick for
 * photos, and the one libpng runs a byte at a time). No transformations,
 * no row callbacks.
 *
 * A file that ends after its image data, with no IEND or a cut one, is
 * decoded and said to be so (CIMG_PNG_PLAIN_CUT_END), as libpng's readers
 * take it.
 *
 * Anything else, or anything unusual (a chunk CRC that does not match, a
 * critical chunk other than IHDR, PLTE, IDAT and IEND, IDATs that are not
 * consecutive, a zlib stream that ends early, late or damaged), returns
 * CIMG_PNG_NOT_PLAIN before or after writing pixels, and libpng decodes
 * the whole file again, with its own errors and warnings. Related
 * documentation: the PNG specification (third edition), sections 5 (chunk
 * layout, CRC), 7.3 and 9 (filtering), 10 (compression).
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#include <libdeflate.h>
#include <zlib.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static uint32_t cimg_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

#if defined(__SSE2__)
/* Four bytes from `bytes` in the low 16-bit lanes of a vector (the fourth
 * is past a 3-byte pixel: the row buffers have room for it). */
static inline __m128i cimg_load_pixel(const uint8_t *bytes) {
    uint32_t value;
    memcpy(&value, bytes, 4);
    return _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)value), _mm_setzero_si128());
}

static inline __m128i cimg_abs16(__m128i value) {
    return _mm_max_epi16(value, _mm_sub_epi16(_mm_setzero_si128(), value));
}

static inline __m128i cimg_select(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

/* Paeth, a pixel at a time with all of its channels in one vector. Each
 * pixel is stored as 4 bytes (a 3-byte pixel's fourth is the next pixel's
 * first, written next), the last with exactly `channels`. */
static inline __attribute__((always_inline)) void
cimg_unpaeth_pixels(const uint8_t *filtered, const uint8_t *prior, uint8_t *out, size_t length, const int channels) {
    __m128i a = _mm_setzero_si128(), c = _mm_setzero_si128();
    const __m128i low = _mm_set1_epi16(0xFF);
    for (size_t x = 0; x < length; x += (size_t)channels) {
        __m128i b = cimg_load_pixel(prior + x);
        __m128i delta = cimg_load_pixel(filtered + x);
        __m128i pa = _mm_sub_epi16(b, c), pb = _mm_sub_epi16(a, c);
        __m128i pc = cimg_abs16(_mm_add_epi16(pa, pb));
        pa = cimg_abs16(pa);
        pb = cimg_abs16(pb);
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        /* Ties go to a, then b, then c. */
        __m128i nearest = cimg_select(_mm_cmpeq_epi16(smallest, pa), a,
                                      cimg_select(_mm_cmpeq_epi16(smallest, pb), b, c));
        a = _mm_and_si128(_mm_add_epi16(nearest, delta), low);
        uint32_t value = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(a, a));
        if (x + (size_t)channels < length) memcpy(out + x, &value, 4);
        else memcpy(out + x, &value, (size_t)channels);
        c = b;
    }
}

static void cimg_unpaeth(const uint8_t *filtered, const uint8_t *prior, uint8_t *out, size_t length, int channels) {
    if (channels == 3) cimg_unpaeth_pixels(filtered, prior, out, length, 3);
    else cimg_unpaeth_pixels(filtered, prior, out, length, 4);
}
#else
static int cimg_paeth(int a, int b, int c) {
    int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

static void cimg_unpaeth(const uint8_t *filtered, const uint8_t *prior, uint8_t *out, size_t length, int channels) {
    size_t bpp = (size_t)channels;
    for (size_t i = 0; i < bpp; i++) out[i] = (uint8_t)(filtered[i] + prior[i]);
    for (size_t i = bpp; i < length; i++) {
        out[i] = (uint8_t)(filtered[i] + cimg_paeth(out[i - bpp], prior[i], prior[i - bpp]));
    }
}
#endif

/* Undoes one row's filter into `out`; `prior` is the row above (zeros for
 * the first). Returns 0, or -1 for a filter type that does not exist. */
static int cimg_unfilter(int type, const uint8_t *filtered, const uint8_t *prior, uint8_t *out, size_t length,
                         int channels) {
    size_t bpp = (size_t)channels;
    switch (type) {
    case 0:
        memcpy(out, filtered, length);
        return 0;
    case 1:
        memcpy(out, filtered, bpp);
        for (size_t i = bpp; i < length; i++) out[i] = (uint8_t)(filtered[i] + out[i - bpp]);
        return 0;
    case 2:
        for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(filtered[i] + prior[i]);
        return 0;
    case 3:
        for (size_t i = 0; i < bpp; i++) out[i] = (uint8_t)(filtered[i] + (prior[i] >> 1));
        for (size_t i = bpp; i < length; i++) {
            out[i] = (uint8_t)(filtered[i] + ((out[i - bpp] + prior[i]) >> 1));
        }
        return 0;
    case 4:
        cimg_unpaeth(filtered, prior, out, length, channels);
        return 0;
    default:
        return -1;
    }
}

/* Whether a chunk type is one a plain decode may pass over: any ancillary
 * chunk (lowercase first letter), PLTE (a suggested palette for RGB). */
static int cimg_png_skippable(const uint8_t *type) {
    return (type[0] & 0x20) != 0 || memcmp(type, "PLTE", 4) == 0;
}

typedef struct cimg_png_rows {
    z_stream stream;
    uint8_t *row;        /* the filter type byte, then the filtered row (and 4 spare bytes) */
    uint8_t *zeros;      /* the row above the first (and 4 spare bytes) */
    uint8_t *pixels;
    size_t bytes_per_row;
    size_t length;       /* bytes in one row of pixels */
    size_t filled;       /* of row, so far */
    uint32_t y, height;
    int channels;
    int ended;           /* zlib said Z_STREAM_END */
} cimg_png_rows;

/* Inflates one IDAT's bytes, unfiltering each row as it completes.
 * Returns 0, or -1 for a damaged stream or one with data past the rows. */
static int cimg_png_inflate(cimg_png_rows *rows, const uint8_t *bytes, uint32_t count) {
    rows->stream.next_in = (Bytef *)bytes;
    rows->stream.avail_in = count;
    while (rows->stream.avail_in > 0) {
        if (rows->ended) return -1;    /* IDAT bytes after the end of the stream */
        uint8_t spare;
        int done = rows->y == rows->height;
        /* Past the last row: only the end of the stream may follow. */
        rows->stream.next_out = done ? &spare : rows->row + rows->filled;
        rows->stream.avail_out = done ? 1 : (uInt)(rows->length + 1 - rows->filled);
        int status = inflate(&rows->stream, Z_NO_FLUSH);
        if (done && rows->stream.avail_out == 0) return -1;
        if (status == Z_STREAM_END) rows->ended = 1;
        else if (status != Z_OK && status != Z_BUF_ERROR) return -1;
        if (!done) {
            rows->filled = rows->length + 1 - rows->stream.avail_out;
            if (rows->filled == rows->length + 1) {
                uint8_t *out = rows->pixels + (size_t)rows->y * rows->bytes_per_row;
                /* The row above; its last pixel may be read 4 bytes wide, into this row. */
                const uint8_t *prior = rows->y == 0 ? rows->zeros : out - rows->bytes_per_row;
                if (cimg_unfilter(rows->row[0], rows->row + 1, prior, out, rows->length, rows->channels) != 0) return -1;
                rows->y++;
                rows->filled = 0;
            }
        }
        if (status == Z_BUF_ERROR) break;    /* needs the next IDAT */
        if (rows->ended && rows->y < rows->height) return -1;
    }
    return 0;
}

/* Raw data (filter bytes and rows) up to this size is inflated in one go
 * by libdeflate, about twice as fast as zlib; larger, zlib inflates it a
 * row at a time, so memory never holds a second copy of a huge image.
 * (Scripts/sanitize.sh builds with 0, so the tests run both ways.) */
#ifndef CIMG_PNG_WHOLE_INFLATE_MAX
#define CIMG_PNG_WHOLE_INFLATE_MAX ((size_t)64 << 20)
#endif

/* The whole stream at once, then every row unfiltered. 0, or -1. */
static int cimg_png_inflate_whole(const uint8_t *compressed, size_t compressed_size, uint8_t *pixels,
                                  size_t bytes_per_row, size_t length, uint32_t height, int channels) {
    size_t raw_size = (length + 1) * (size_t)height;
    /* + 4: Paeth reads a 3-byte pixel 4 bytes wide. */
    uint8_t *raw = malloc(raw_size + 4);
    uint8_t *zeros = calloc(length + 4, 1);
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    int result = -1;
    size_t used = 0;
    if (raw != NULL && zeros != NULL && decompressor != NULL &&
        libdeflate_zlib_decompress_ex(decompressor, compressed, compressed_size, raw, raw_size, &used, NULL) ==
            LIBDEFLATE_SUCCESS &&
        used == compressed_size) {
        result = 0;
        for (uint32_t y = 0; result == 0 && y < height; y++) {
            const uint8_t *row = raw + (size_t)y * (length + 1);
            uint8_t *out = pixels + (size_t)y * bytes_per_row;
            /* The row above; its last pixel may be read 4 bytes wide, into this row. */
            const uint8_t *prior = y == 0 ? zeros : out - bytes_per_row;
            result = cimg_unfilter(row[0], row + 1, prior, out, length, channels);
        }
    }
    if (decompressor != NULL) libdeflate_free_decompressor(decompressor);
    free(raw);
    free(zeros);
    return result;
}

/* The data of the next IDAT at or after *position (a chunk header), and
 * its length; NULL at IEND or the end. The chunks were walked and their
 * CRCs checked before, so their lengths are known to fit. */
static const uint8_t *cimg_png_next_idat(const uint8_t *data, size_t size, size_t *position, uint32_t *length) {
    while (size - *position >= 12) {
        uint32_t chunk_length = cimg_be32(data + *position);
        const uint8_t *type = data + *position + 4;
        if (memcmp(type, "IEND", 4) == 0) return NULL;
        *position += 12 + (size_t)chunk_length;
        if (memcmp(type, "IDAT", 4) == 0) {
            *length = chunk_length;
            return type + 4;
        }
    }
    return NULL;
}

/* zlib, a row at a time, each unfiltered as it completes, fed each IDAT
 * of `data` in turn (their CRCs checked before): the compressed stream is
 * never copied. 0, or -1. */
static int cimg_png_inflate_rows(const uint8_t *data, size_t size, uint8_t *pixels,
                                 size_t bytes_per_row, size_t length, uint32_t height, int channels) {
    cimg_png_rows rows;
    memset(&rows, 0, sizeof rows);
    rows.length = length;
    rows.pixels = pixels;
    rows.bytes_per_row = bytes_per_row;
    rows.height = height;
    rows.channels = channels;
    rows.row = calloc(rows.length + 1 + 4, 1);
    rows.zeros = calloc(rows.length + 4, 1);
    int result = -1;
    if (rows.row != NULL && rows.zeros != NULL && inflateInit(&rows.stream) == Z_OK) {
        result = 0;
        size_t position = 8;
        uint32_t chunk_length;
        const uint8_t *body;
        while (result == 0 && (body = cimg_png_next_idat(data, size, &position, &chunk_length)) != NULL) {
            result = cimg_png_inflate(&rows, body, chunk_length);
        }
        if (result == 0 && !(rows.ended && rows.y == height)) result = -1;
        inflateEnd(&rows.stream);
    }
    free(rows.row);
    free(rows.zeros);
    return result;
}

/* The IDATs' data gathered into one buffer, then inflated whole. 0, or -1. */
static int cimg_png_inflate_gathered(const uint8_t *data, size_t size, size_t compressed_size, uint8_t *pixels,
                                     size_t bytes_per_row, size_t length, uint32_t height, int channels) {
    uint8_t *compressed = malloc(compressed_size);
    if (compressed == NULL) return -1;
    size_t gathered = 0, position = 8;
    uint32_t chunk_length;
    const uint8_t *body;
    while ((body = cimg_png_next_idat(data, size, &position, &chunk_length)) != NULL) {
        memcpy(compressed + gathered, body, chunk_length);
        gathered += chunk_length;
    }
    int result = cimg_png_inflate_whole(compressed, gathered, pixels, bytes_per_row, length, height, channels);
    free(compressed);
    return result;
}

int cimg_png_decode_plain(const uint8_t *data, size_t size, uint8_t *pixels, size_t bytes_per_row,
                          uint32_t width, uint32_t height, int channels) {
    if (size < 8 + 25 || cimg_be32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0) return CIMG_PNG_NOT_PLAIN;
    const uint8_t *header = data + 16;
    if (cimg_be32(header) != width || cimg_be32(header + 4) != height || width == 0 || height == 0 ||
        header[8] != 8 || header[9] != (channels == 3 ? 2 : 6) || header[10] != 0 || header[11] != 0 ||
        header[12] != 0 || (channels != 3 && channels != 4)) {
        return CIMG_PNG_NOT_PLAIN;
    }
    size_t length = (size_t)width * (size_t)channels;
    if (bytes_per_row < length) return CIMG_PNG_NOT_PLAIN;

    /* The chunks in order, their CRCs checked, the IDATs' data measured. */
    size_t compressed_size = 0;
    int complete = 0, idat_seen = 0, idat_over = 0;
    size_t position = 8;
    int cut_end = 0;
    for (;;) {
        if (size - position < 12) {
            /* The file ends after the image data, or within IEND: the rows are all there. */
            cut_end = complete = idat_seen;
            break;
        }
        uint32_t chunk_length = cimg_be32(data + position);
        const uint8_t *type = data + position + 4;
        if (chunk_length > 0x7FFFFFFFu || size - position - 12 < chunk_length) break;
        const uint8_t *body = type + 4;
        if (crc32(0, type, 4 + chunk_length) != cimg_be32(body + chunk_length)) break;    /* libpng warns or fails */
        if (memcmp(type, "IDAT", 4) == 0) {
            if (idat_over) break;
            idat_seen = 1;
            compressed_size += chunk_length;
        } else if (memcmp(type, "IEND", 4) == 0) {
            complete = idat_seen;
            break;
        } else if (position == 8) {
            /* IHDR, checked above */
        } else if (cimg_png_skippable(type)) {
            if (idat_seen) idat_over = 1;
            if (channels == 3 && memcmp(type, "tRNS", 4) == 0) break;    /* transparency: RGBA */
        } else {
            break;
        }
        position += 12 + (size_t)chunk_length;
    }

    int inflated = -1;
    if (complete && compressed_size > 0) {
        if ((length + 1) * (size_t)height <= CIMG_PNG_WHOLE_INFLATE_MAX) {
            inflated = cimg_png_inflate_gathered(data, size, compressed_size, pixels, bytes_per_row, length, height,
                                                 channels);
        } else {
            inflated = cimg_png_inflate_rows(data, size, pixels, bytes_per_row, length, height, channels);
        }
    }
    if (inflated != 0) return CIMG_PNG_NOT_PLAIN;
    return cut_end ? CIMG_PNG_PLAIN_CUT_END : CIMG_OK;
}
