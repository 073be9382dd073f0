/*
 * GIF's LZW, the way giflib's EGifCompressLine does it (the same codes,
 * so the same bytes), with a direct table in place of giflib's hash: the
 * code for (prefix, pixel) is one array read. A frame is compressed into
 * the image data's sub-blocks, which giflib then writes as they are
 * (EGifPutCode). Related documentation: GIF89a, Appendix F; giflib's
 * egif_lib.c (EGifSetupCompress, EGifCompressLine, EGifCompressOutput).
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

enum { CIMG_LZW_MAX_CODE = 4095 };

struct cimg_lzw {
    /* (prefix code << 8 | pixel) -> code + 1; 0 when not in the table. */
    uint16_t *codes;
    /* The slots set since the table was last cleared, to clear them again. */
    uint32_t *set;
    size_t set_count;
};

cimg_lzw *cimg_lzw_new(void) {
    cimg_lzw *lzw = calloc(1, sizeof *lzw);
    if (lzw == NULL) return NULL;
    lzw->codes = calloc((size_t)(CIMG_LZW_MAX_CODE + 1) << 8, sizeof *lzw->codes);
    lzw->set = malloc((CIMG_LZW_MAX_CODE + 1) * sizeof *lzw->set);
    if (lzw->codes == NULL || lzw->set == NULL) {
        cimg_lzw_free(lzw);
        return NULL;
    }
    return lzw;
}

void cimg_lzw_free(cimg_lzw *lzw) {
    if (lzw == NULL) return;
    free(lzw->codes);
    free(lzw->set);
    free(lzw);
}

static void cimg_lzw_clear(cimg_lzw *lzw) {
    for (size_t i = 0; i < lzw->set_count; i++) lzw->codes[lzw->set[i]] = 0;
    lzw->set_count = 0;
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

    uint16_t *codes = lzw->codes;
    int current = indices[0];
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = indices + (size_t)y * stride;
        for (uint32_t x = (y == 0); x < width; x++) {
            uint32_t key = (uint32_t)current << 8 | row[x];
            if (codes[key] != 0) {
                current = codes[key] - 1;
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
                codes[key] = (uint16_t)(out.next_code + 1);
                lzw->set[lzw->set_count++] = key;
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
