/*
 * CImaging's JPEG XL part (libjxl), declared apart from cimaging.h: the
 * module's umbrella directory picks this header up. Like cimaging.h it
 * includes no library header, so no libjxl type or macro leaks into Swift.
 */
#ifndef CIMAGING_JXL_H
#define CIMAGING_JXL_H

#include "cimaging.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- JPEG XL (libjxl) --------------------------------------------------- */

typedef struct cimg_jxl_info {
    uint32_t width;              /* as stored, before the codestream's orientation */
    uint32_t height;
    int bits_per_sample;         /* of the colour channels: 8, 10, 12, 16, 32 (float) ... */
    int float_samples;           /* 1 when the samples are floating point */
    int color_channels;          /* 1 grey, 3 RGB */
    int has_alpha;
    int has_black;               /* 1 for a CMYK picture: colour channels C, M, Y and a black extra channel
                                    (JXL_CHANNEL_BLACK), each stored as 1 - ink (0 = full ink, as Adobe's
                                    CMYK JPEGs); icc is then its CMYK profile */
    int orientation;             /* the codestream's, 1...8 as EXIF counts them */
    int is_lossy;                /* 1 when coded in XYB (uses_original_profile false) */
    int is_srgb;                 /* 1 when the decoded pixels are sRGB (or sRGB-curve grey): no profile */
    int has_container;           /* 1 for the ISO-BMFF container, 0 for a bare codestream */
    int has_jpeg_reconstruction; /* 1 when a jbrd box lets the original JPEG be rebuilt */
    uint32_t preview_width;      /* the codestream's preview, as stored; 0 when none (told, not decoded) */
    uint32_t preview_height;
    uint32_t frame_count;        /* displayed frames counted (at least 1 when the header was read) */
    int is_animated;
    uint32_t ticks_numerator;    /* animation ticks per second, as a fraction */
    uint32_t ticks_denominator;
    uint32_t loop_count;         /* animation plays; 0 forever */
    int header_only;             /* 1 when only the basic info was read: more than max_pixels */
    int truncated;               /* 1 when the file ends inside a frame (the header is complete) */
    /* Copies the caller releases with cimg_jxl_info_free. */
    cimg_buffer icc;             /* the decoded pixels' profile (libjxl's own, or one it synthesised); empty for sRGB */
    cimg_buffer exif;            /* the Exif box's TIFF (its 4-byte offset skipped), brob boxes decompressed */
    cimg_buffer xmp;             /* the "xml " box */
} cimg_jxl_info;

/**
 * Reads the header, the colour encoding, every frame header (counting the
 * displayed frames, at most max_frames: more is CIMG_ERR_LIMIT) and the
 * Exif and XMP boxes (each at most max_box_bytes once decompressed; a
 * larger one is left out). A picture of more than max_pixels stops the read
 * after its size (header_only), before libjxl allocates anything for it.
 * Decodes no pixels. On success the caller releases the info's copies with
 * cimg_jxl_info_free; on failure there are none.
 */
int cimg_jxl_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_frames,
                       size_t max_box_bytes, cimg_jxl_info *info, cimg_error *error);
void cimg_jxl_info_free(cimg_jxl_info *info);

typedef struct cimg_jxl_decode_options {
    int pixel_format;     /* CIMG_PIXEL_GRAY8 (grey pictures without alpha), _RGB8 or _RGBA8 */
    int threads;          /* libjxl's worker threads: 0 its suggestion for the size (at most the
                             cores), 1 none (the calling thread) */
    int shrink;           /* 1, or 8: the DC (1:8) pass only, width x height = ceil(stored / 8) */
    uint32_t frame_count; /* frames to decode (1 ... the file's); `pixels` holds them one after the other */
    int raw_cmyk;         /* a CMYK picture (has_black) only, shrink 1: 1 gives its four inks as stored
                             (1 - ink) in an RGBA8 buffer, for its CMYK profile; 0 a naive RGB8, each
                             colour sample times black (alpha dropped either way) */
} cimg_jxl_decode_options;

/**
 * Decodes into the caller's rows (bytes_per_row = width x bytes per pixel),
 * as stored (the codestream's orientation is left to the caller), 8 bits
 * per sample whatever the file's depth, alpha unpremultiplied, in the
 * colours cimg_jxl_read_info described. With shrink 8 the decode stops after
 * the DC pass and the 1:8 picture libjxl renders from it is averaged down to
 * width x height (a file without a DC pass is decoded fully and averaged
 * the same way). delays_ms (frame_count entries, or NULL) receives each
 * frame's duration. A file that ends early is CIMG_ERR_TRUNCATED.
 */
int cimg_jxl_decode(const uint8_t *data, size_t size, const cimg_jxl_decode_options *options,
                    uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                    uint32_t *delays_ms, cimg_error *error);

/** libjxl's version: major × 1000000 + minor × 1000 + patch. */
uint32_t cimg_jxl_version(void);

#ifdef __cplusplus
}
#endif

#endif
