/*
 * Camera RAW through LibRaw's C API: the header (camera, exposure, sizes,
 * orientation, the embedded preview), the embedded preview's bytes, and a
 * full decode by LibRaw's own processing (camera white balance, sRGB,
 * 8 bits) into the caller's buffer.
 *
 * Like cimaging.h, this header includes no library header.
 */
#ifndef CIMAGING_RAW_H
#define CIMAGING_RAW_H

#include "cimaging.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What an embedded preview is stored as. */
enum {
    CIMG_RAW_PREVIEW_NONE = 0,
    /** A JPEG stream, copied out as it is stored (it may carry its own EXIF). */
    CIMG_RAW_PREVIEW_JPEG = 1,
    /** Pixels, handed out as RGB8 rows. */
    CIMG_RAW_PREVIEW_BITMAP = 2,
};

#define CIMG_RAW_TEXT_CAPACITY 128

/** What LibRaw tells of a RAW file before any pixel is decoded. Empty strings and zeros mean unknown. */
typedef struct cimg_raw_info {
    char make[CIMG_RAW_TEXT_CAPACITY];
    char model[CIMG_RAW_TEXT_CAPACITY];
    char lens[CIMG_RAW_TEXT_CAPACITY];
    /** DateTimeOriginal as the camera's clock showed it, "YYYY:MM:DD HH:MM:SS". */
    char date_time[24];
    float iso;
    float shutter_seconds;
    float aperture;            /* f-number */
    float focal_length;        /* millimetres */
    int has_gps;
    double latitude;           /* degrees, south negative */
    double longitude;          /* degrees, west negative */
    /** The sensor's pixels, margins included: what unpacking allocates (two bytes each). */
    uint32_t raw_width;
    uint32_t raw_height;
    /** A full decode, as stored (LibRaw's flip not applied). */
    uint32_t width;
    uint32_t height;
    /** A half-size decode (LibRaw's shrink-on-load: one pixel per 2x2 block
     *  of the colour filter); equal to width x height when it cannot shrink. */
    uint32_t half_width;
    uint32_t half_height;
    /** LibRaw's flip as an EXIF Orientation, 1...8. */
    int orientation;
    /** Colours of the sensor (3 for RGB Bayer, 4 for CMYG) and whether it has a colour filter array. */
    int colors;
    int has_filter;
    /** DNGVersion as four bytes (1.4.0.0 = 0x01040000); 0 when the file is no DNG. */
    uint32_t dng_version;
    /** The largest embedded preview LibRaw 0.20 picks (it tells no count). */
    int preview_format;
    uint32_t preview_width;    /* from the JPEG's own frame header when a JPEG */
    uint32_t preview_height;
    size_t preview_length;     /* bytes */
} cimg_raw_info;

/**
 * Parses the file and describes it; decodes no pixels, but reads the
 * preview's bytes to learn its true size. max_raw_megabytes: LibRaw's own
 * cap on what it allocates for raw data (its max_raw_memory_mb).
 */
int cimg_raw_read_info(const uint8_t *data, size_t size, uint32_t max_raw_megabytes, cimg_raw_info *info,
                       cimg_error *error);

/**
 * The embedded preview: a JPEG stream (*format CIMG_RAW_PREVIEW_JPEG), or
 * width x height RGB8 rows without padding (CIMG_RAW_PREVIEW_BITMAP).
 * max_bytes: the largest preview accepted. Release with cimg_buffer_free.
 */
int cimg_raw_copy_preview(const uint8_t *data, size_t size, size_t max_bytes, cimg_buffer *output, int *format,
                          uint32_t *width, uint32_t *height, cimg_error *error);

/**
 * Decodes the raw data through LibRaw's processing (camera white balance,
 * sRGB primaries and curve, 8 bits, no flip) into width x height RGB8 rows
 * of the caller's buffer; the size must be cimg_raw_read_info's width x
 * height, or half_width x half_height with half_size.
 */
int cimg_raw_decode(const uint8_t *data, size_t size, int half_size, uint32_t max_raw_megabytes, uint8_t *pixels,
                    size_t bytes_per_row, uint32_t width, uint32_t height, cimg_error *error);

const char *cimg_raw_version(void);

#ifdef __cplusplus
}
#endif

#endif
