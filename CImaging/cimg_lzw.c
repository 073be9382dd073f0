/*
 * GIF's LZW, the way giflib's EGifCompressLine does it (the same codes,
 * so the same bytes), with a small open-addressing table in place of
 * giflib's hash: 8192 slots of 4 bytes stay in the L1 cache, where a
 * direct table of every (prefix, pixel) took 2 MB and missed the cache on
 * most pixels (two thirds of the compressor's time on photo frames; the
 * small table takes a quarter less time in all). A frame is compressed into
 * the image data's sub-blocks, which giflib then writes as they are
 * (EGifPutCode). Related documentation: GIF89a, Appendix F; giflib's
 * egif_lib.c (EGifSetupCompress, EGifCompressLine, EGifCompressOutput).
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
    CIMG_LZW_MAX_CODE = 4095,
    /* Twice the most codes a table holds: probes stay short. */
    CIMG_LZW_SLOT_BITS = 13,
    CIMG_LZW_SLOTS = 1 << CIMG_LZW_SLOT_BITS,
};

/* An empty slot: the key of prefix 4095, which is never a prefix. */
#define CIMG_LZW_EMPTY UINT32_MAX

struct cimg_lzw {
    /* Each slot (prefix code << 8 | pixel) << 12 | code, or CIMG_LZW_EMPTY;
     * linear probing from the key's hash. */
    uint32_t slots[CIMG_LZW_SLOTS];
};

cimg_lzw *cimg_lzw_new(void) {
    return malloc(sizeof(cimg_lzw));
}

void cimg_lzw_free(cimg_lzw *lzw) {
    free(lzw);
}

static void cimg_lzw_clear(cimg_lzw *lzw) {
    memset(lzw->slots, 0xFF, sizeof lzw->slots);
}

/* The slot holding `key`, or the empty slot where it would go. */
static inline uint32_t cimg_lzw_find(const cimg_lzw *lzw, uint32_t key) {
    uint32_t slot = (key * 2654435761u) >> (32 - CIMG_LZW_SLOT_BITS);
    for (;;) {
        uint32_t value = lzw->slots[slot];
        if (value == CIMG_LZW_EMPTY || value >> 12 == key) return slot;
        slot = (slot + 1) & (CIMG_LZW_SLOTS - 1);
    }
}

/* Codes packed least significant bit first, in sub-blocks of up to 255
 * bytes (a length byte, then the bytes). */
typedef struct cimg_lzw_output {
    cimg_growable *blocks;
    uint8_t block[256];
    uint32_t bits;        /* pending bits, low first */
    int bit_count;
    int code_size;        /* bits per code now */
    int next_code;        /* the next code the table will give */
    int limit;            /* 1 << code_size */
} cimg_lzw_output;

static void cimg_lzw_flush_block(cimg_lzw_output *out) {
    if (out->block[0] == 0) return;
    cimg_growable_append(out->blocks, out->block, (size_t)out->block[0] + 1);
    out->block[0] = 0;
}

/* Writes one code, then widens the codes once the table has passed the
 * current width (codes above 4095 never do, as in giflib). */
static void cimg_lzw_put(cimg_lzw_output *out, int code) {
    out->bits |= (uint32_t)code << out->bit_count;
    out->bit_count += out->code_size;
    while (out->bit_count >= 8) {
        out->block[++out->block[0]] = (uint8_t)out->bits;
        if (out->block[0] == 255) cimg_lzw_flush_block(out);
        out->bits >>= 8;
        out->bit_count -= 8;
    }
    if (out->next_code >= out->limit && code <= CIMG_LZW_MAX_CODE) out->limit = 1 << ++out->code_size;
}

int cimg_lzw_compress(cimg_lzw *lzw, const uint8_t *indices, size_t stride, uint32_t width, uint32_t height,
                      int min_code_size, cimg_growable *blocks) {
    if (width == 0 || height == 0 || min_code_size < 2 || min_code_size > 8) return -1;
    const int clear = 1 << min_code_size, end = clear + 1;
    cimg_lzw_output out;
    memset(&out, 0, sizeof out);
    out.blocks = blocks;
    out.code_size = min_code_size + 1;
    out.limit = 1 << out.code_size;
    out.next_code = end + 1;
    cimg_lzw_clear(lzw);
    cimg_lzw_put(&out, clear);

    uint32_t *slots = lzw->slots;
    int current = indices[0];
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = indices + (size_t)y * stride;
        for (uint32_t x = (y == 0); x < width; x++) {
            uint32_t key = (uint32_t)current << 8 | row[x];
            uint32_t slot = cimg_lzw_find(lzw, key);
            if (slots[slot] != CIMG_LZW_EMPTY) {
                current = (int)(slots[slot] & 0xFFF);
                continue;
            }
            cimg_lzw_put(&out, current);
            current = row[x];
            if (out.next_code >= CIMG_LZW_MAX_CODE) {
                /* The table is full: a clear code, and it starts again. */
                cimg_lzw_put(&out, clear);
                out.next_code = end + 1;
                out.code_size = min_code_size + 1;
                out.limit = 1 << out.code_size;
                cimg_lzw_clear(lzw);
            } else {
                slots[slot] = key << 12 | (uint32_t)out.next_code;
                out.next_code++;
            }
        }
    }
    cimg_lzw_put(&out, current);
    cimg_lzw_put(&out, end);
    while (out.bit_count > 0) {
        out.block[++out.block[0]] = (uint8_t)out.bits;
        if (out.block[0] == 255) cimg_lzw_flush_block(&out);
        out.bits >>= 8;
        out.bit_count -= 8;
    }
    cimg_lzw_flush_block(&out);
    return blocks->failed ? -1 : 0;
}
