/* Helpers shared by the CImaging shims; not part of the public header. */
#ifndef CIMG_INTERNAL_H
#define CIMG_INTERNAL_H

#include "include/cimaging.h"

/** Fills error (when not NULL) and returns status. */
int cimg_fail(cimg_error *error, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/** Appends `message` as one line to `warnings` (when not NULL), unless
 *  that line is there already; what does not fit is dropped. */
void cimg_warnings_add(cimg_warnings *warnings, const char *message);

/** A growable output buffer for encoders. */
typedef struct cimg_growable {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} cimg_growable;

void cimg_growable_append(cimg_growable *buffer, const uint8_t *bytes, size_t count);

/** GIF's LZW with a direct table (cimg_lzw.c); one per writer, one thread. */
typedef struct cimg_lzw cimg_lzw;
cimg_lzw *cimg_lzw_new(void);
void cimg_lzw_free(cimg_lzw *lzw);
/** Appends `indices` LZW-compressed as GIF image data sub-blocks (each a
 *  length byte and up to 255 bytes, no terminator) to `blocks`: the bytes
 *  giflib's EGifPutLine would write. 0, or -1 when out of memory. */
int cimg_lzw_compress(cimg_lzw *lzw, const uint8_t *indices, size_t stride, uint32_t width, uint32_t height,
                      int min_code_size, cimg_growable *blocks);

/** GIF LZW decoding for minimum code sizes giflib refuses (9 to 11; cimg_gif_lzw.c). */
enum { CIMG_GIF_LZW_CODES = 4096 };
typedef struct cimg_gif_lzw {
    int min_code_size, clear, code_size, next, previous, first;
    uint32_t bits;
    int bit_count;
    int ended;       /* the end code, or the data ran out */
    int damaged;     /* a code that cannot be: the data is broken */
    uint16_t prefix[CIMG_GIF_LZW_CODES];
    uint8_t suffix[CIMG_GIF_LZW_CODES];
    uint8_t stack[CIMG_GIF_LZW_CODES + 2];
    int stack_size;
} cimg_gif_lzw;
/** The next byte of the image data's sub-blocks, or -1 at their end. */
typedef int (*cimg_gif_lzw_byte)(void *context);
void cimg_gif_lzw_start(cimg_gif_lzw *lzw, int min_code_size);
/** Writes up to `count` indices to `out`; how many (fewer once the data ends). */
size_t cimg_gif_lzw_read(cimg_gif_lzw *lzw, cimg_gif_lzw_byte next_byte, void *context, uint8_t *out, size_t count);

/** Decodes a TIFF LZW strip (new-style: MSB-first codes) into `out`, at
 *  most `size` bytes, nothing written past them (cimg_tiff_lzw.c). The
 *  bytes written, or -1 for a code that cannot be (the caller then lets
 *  libtiff read the strip and say what is wrong). */
long cimg_tiff_lzw_decode(const uint8_t *in, size_t in_size, uint8_t *out, size_t size);

/** Converts `count` Lab pixels (lcms2's TYPE_Lab_16: ICC v4 encoding, D50)
 *  to sRGB, 3 bytes a pixel, relative colorimetric (D50 white becomes
 *  sRGB's white), through one transform shared by every thread
 *  (cimg_color.c). CIMG_OK, or CIMG_ERR_MEMORY with `rgb` left black when
 *  lcms2 cannot build the transform. */
int cimg_color_lab_to_srgb(const uint16_t *lab, uint8_t *rgb, uint32_t count);

/** cimg_png_decode_plain's answer when the file is not one it decodes
 *  (or is unusual): libpng decodes it instead. */
#define CIMG_PNG_NOT_PLAIN (-1)
/** cimg_png_decode_plain's answer when every row decoded but the file ends
 *  before its IEND chunk (or within it). */
#define CIMG_PNG_PLAIN_CUT_END (-2)
/** The warning line of a PNG whose file ends after its image data. */
#define CIMG_PNG_CUT_END_WARNING "IEND: the file ends before it"

/** Decodes an 8-bit, non-interlaced RGB (channels 3) or RGBA (channels 4)
 *  PNG without libpng: CIMG_OK, CIMG_PNG_PLAIN_CUT_END, or
 *  CIMG_PNG_NOT_PLAIN with the pixels possibly half written (cimg_png_plain.c). */
int cimg_png_decode_plain(const uint8_t *data, size_t size, uint8_t *pixels, size_t bytes_per_row,
                          uint32_t width, uint32_t height, int channels);

#endif
