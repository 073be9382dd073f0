/*
 * TIFF (libtiff), read from memory: the first page's header, metadata and
 * pixels. Declared apart from cimaging.h; the umbrella directory picks it up.
 * Like every CImaging header it includes no library header: the TIFF codes
 * below are plain ints with the TIFF 6.0 specification's values.
 */
#ifndef CIMAGING_TIFF_H
#define CIMAGING_TIFF_H

#include "cimaging.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What the first page (directory 0) of a TIFF file is. */
typedef struct cimg_tiff_info {
    uint32_t width;
    uint32_t height;
    uint32_t page_count;        /* directories in the file's main chain (1 for a single page) */
    int samples_per_pixel;
    int bits_per_sample;        /* 1, 2, 4, 8, 12, 16, 32 … */
    int sample_format;          /* 1 unsigned integer, 2 signed, 3 IEEE float */
    int photometric;            /* 0 min-is-white, 1 min-is-black, 2 RGB, 3 palette,
                                   5 separated (CMYK), 6 YCbCr, 8 CIELab … */
    int planar_config;          /* 1 contiguous samples, 2 one plane per sample */
    int extra_samples;          /* samples past the colour ones */
    int alpha;                  /* 0 none, 1 associated (premultiplied), 2 unassociated */
    int orientation;            /* the Orientation tag, 1...8; 0 when absent or invalid */
    int compression;            /* 1 none, 5 LZW, 8 or 32946 Deflate, 7 JPEG, 4 CCITT G4, 32773 PackBits … */
    int is_tiled;
    int is_bigtiff;
    int is_cmyk;                /* four inks: cimg_tiff_decode can give them as stored (raw_cmyk) */
    int pixel_format;           /* CIMG_PIXEL_*: what cimg_tiff_decode writes (raw_cmyk 0): RGBA8 when
                                   alpha is not 0 (never for CMYK, whose alpha is dropped), else GRAY8
                                   for photometric 0 or 1 with one colour sample, else RGB8 */
    int uses_generic_reader;    /* 1 when the pixels come through libtiff's TIFFRGBAImage
                                   (YCbCr without JPEG, …), slower than the direct reader */
    /* Copies the caller releases with cimg_tiff_info_free (empty when absent). */
    cimg_buffer icc;            /* TIFFTAG_ICCPROFILE */
    cimg_buffer exif;           /* a small TIFF holding directory 0's Make, Model, Orientation, DateTime,
                                   … and its EXIF and GPS directories (at most 64 KB): an EXIF block
                                   without "Exif\0\0", as cimg_exif_parse reads */
    cimg_buffer xmp;            /* TIFFTAG_XMLPACKET */
} cimg_tiff_info;

/**
 * Reads the first directory and counts the pages; decodes no pixels. A file
 * whose first directory lies past its end is CIMG_ERR_TRUNCATED; a page the
 * decoder cannot read (signed integer samples, …) is CIMG_ERR_CORRUPT, here already.
 * On success the caller releases the info's copies with cimg_tiff_info_free.
 */
int cimg_tiff_read_info(const uint8_t *data, size_t size, cimg_tiff_info *info, cimg_error *error);
void cimg_tiff_info_free(cimg_tiff_info *info);

typedef struct cimg_tiff_decode_options {
    int shrink;                 /* 1, 2, 4 or 8: each output pixel is the mean of a shrink × shrink
                                   block, averaged while the rows are read (edge blocks over the
                                   pixels they have); the full page never exists in memory */
    int raw_cmyk;               /* CMYK: 1 gives the four inks as stored in an RGBA8 buffer (for
                                   the file's CMYK profile), 0 a naive RGB8 */
    int generic;                /* 1 reads through TIFFRGBAImage even when the direct reader could
                                   (tests compare the two) */
} cimg_tiff_decode_options;

/** The size of a page of width × height decoded with `shrink`: each side divided, rounded up. */
void cimg_tiff_scaled_size(uint32_t width, uint32_t height, int shrink, uint32_t *scaled_width,
                           uint32_t *scaled_height);

/**
 * Decodes the first page into the caller's buffer: height rows of
 * bytes_per_row bytes, width × height the scaled size, pixel_format the
 * info's (CIMG_PIXEL_RGBA8 for raw CMYK). Samples of 16 bits are rounded to
 * 8, 1-, 2- and 4-bit grey scaled to 0...255, grey and RGB samples of other
 * integer widths (9 to 15, 32 bits) scaled by 255 / (2^n - 1) and rounded,
 * float samples (16, 32, 64-bit) clamped to 0...1 and scaled by 255,
 * min-is-white inverted, palettes looked up, associated alpha
 * un-premultiplied, Lab (CIELab, ICCLab, ITULab) converted to sRGB by lcms2
 * (relative colorimetric from D50). The page is as stored (its
 * Orientation tag is not applied). A strip or tile that cannot be read is
 * CIMG_ERR_TRUNCATED when it lies past the end of the data, else
 * CIMG_ERR_CORRUPT.
 */
int cimg_tiff_decode(const uint8_t *data, size_t size, const cimg_tiff_decode_options *options,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                     int pixel_format, cimg_error *error);

/** libtiff's banner: "LIBTIFF, Version 4.5.0" and its copyright lines. */
const char *cimg_tiff_version(void);

#ifdef __cplusplus
}
#endif

#endif
