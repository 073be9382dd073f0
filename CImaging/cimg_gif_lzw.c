/*
 * GIF's LZW decoded here for the images giflib refuses: those whose
 * minimum code size is 9 to 11 (out of the GIF89a specification, which
 * stops at 8, but written by some encoders and decoded by browsers and
 * Pillow). Codes stay at most 12 bits wide, so the table is the usual
 * 4096 entries; a literal above 255 is kept to its low 8 bits, as
 * Chromium's and Pillow's decoders keep it. Related documentation:
 * GIF89a, Appendix F; Chromium's GIFImageReader (GIFLZWContext).
 */
#include "cimg_internal.h"

#include <string.h>

void cimg_gif_lzw_start(cimg_gif_lzw *lzw, int min_code_size) {
    memset(lzw, 0, sizeof *lzw);
    lzw->min_code_size = min_code_size;
    lzw->clear = 1 << min_code_size;
    lzw->code_size = min_code_size + 1;
    lzw->next = lzw->clear + 2;
    lzw->previous = -1;
    for (int code = 0; code < lzw->clear && code < CIMG_GIF_LZW_CODES; code++) {
        lzw->suffix[code] = (uint8_t)code;
        lzw->prefix[code] = 0xFFFF;
    }
}

/* The next code, or -1 when the data ends first. */
static int cimg_gif_lzw_code(cimg_gif_lzw *lzw, cimg_gif_lzw_byte next_byte, void *context) {
    while (lzw->bit_count < lzw->code_size) {
        int byte = next_byte(context);
        if (byte < 0) return -1;
        lzw->bits |= (uint32_t)byte << lzw->bit_count;
        lzw->bit_count += 8;
    }
    int code = (int)(lzw->bits & ((1u << lzw->code_size) - 1));
    lzw->bits >>= lzw->code_size;
    lzw->bit_count -= lzw->code_size;
    return code;
}

/* Pushes the string of `code` on the stack, last byte first; its first byte. */
static int cimg_gif_lzw_unwind(cimg_gif_lzw *lzw, int code) {
    while (code >= lzw->clear + 2 && lzw->stack_size < CIMG_GIF_LZW_CODES) {
        lzw->stack[lzw->stack_size++] = lzw->suffix[code];
        code = lzw->prefix[code];
    }
    lzw->stack[lzw->stack_size++] = lzw->suffix[code];
    return lzw->suffix[code];
}

size_t cimg_gif_lzw_read(cimg_gif_lzw *lzw, cimg_gif_lzw_byte next_byte, void *context, uint8_t *out, size_t count) {
    size_t written = 0;
    while (written < count) {
        if (lzw->stack_size > 0) {
            out[written++] = lzw->stack[--lzw->stack_size];
            continue;
        }
        if (lzw->ended) break;
        int code = cimg_gif_lzw_code(lzw, next_byte, context);
        if (code < 0 || code == lzw->clear + 1) {
            lzw->ended = 1;
            break;
        }
        if (code == lzw->clear) {
            lzw->code_size = lzw->min_code_size + 1;
            lzw->next = lzw->clear + 2;
            lzw->previous = -1;
            continue;
        }
        if (lzw->previous < 0) {
            if (code >= lzw->clear) { lzw->ended = lzw->damaged = 1; break; }
            lzw->first = cimg_gif_lzw_unwind(lzw, code);
            lzw->previous = code;
            continue;
        }
        if (code > lzw->next || (code == lzw->next && lzw->next >= CIMG_GIF_LZW_CODES)) {
            lzw->ended = lzw->damaged = 1;
            break;
        }
        if (code == lzw->next) {
            /* The code being defined: the previous string and its own first byte. */
            lzw->stack[lzw->stack_size++] = (uint8_t)lzw->first;
            lzw->first = cimg_gif_lzw_unwind(lzw, lzw->previous);
        } else {
            lzw->first = cimg_gif_lzw_unwind(lzw, code);
        }
        if (lzw->next < CIMG_GIF_LZW_CODES) {
            lzw->prefix[lzw->next] = (uint16_t)lzw->previous;
            lzw->suffix[lzw->next] = (uint8_t)lzw->first;
            lzw->next += 1;
            if (lzw->next == 1 << lzw->code_size && lzw->code_size < 12) lzw->code_size += 1;
        }
        lzw->previous = code;
    }
    return written;
}
