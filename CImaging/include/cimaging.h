/*
 * CImaging: the narrow C fence between Filmroll's Swift code and the codec
 * libraries (libjpeg-turbo, libpng, giflib, libexif).
 *
 * Rules every function here keeps:
 *  - It returns CIMG_OK (0) or a cimg_status, and on failure fills the
 *    caller's cimg_error with a sentence a person understands.
 *  - A library error never aborts the process, never prints, and never
 *    unwinds through Swift frames: every setjmp begins and ends inside the
 *    one C function that called the library.
 *  - Header first, pixels second: an *_info call tells the size and where
 *    the metadata is; Swift decides the scale and owns the pixel buffer that
 *    a *_decode call fills.
 *
 * This header includes no library header, so no libjpeg, libpng, giflib or
 * libexif type or macro leaks into Swift.
 */
#ifndef CIMAGING_H
#define CIMAGING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors and buffers ------------------------------------------------ */

typedef enum cimg_status {
    CIMG_OK = 0,
    /** The data is not valid for its format (corrupt, unsupported). */
    CIMG_ERR_CORRUPT = 1,
    /** The data ends before the image does. */
    CIMG_ERR_TRUNCATED = 2,
    /** A resource limit was reached (scans, frames, chunk size, ...). */
    CIMG_ERR_LIMIT = 3,
    /** Memory could not be allocated. */
    CIMG_ERR_MEMORY = 4,
    /** The caller passed arguments that do not fit the image. */
    CIMG_ERR_ARGUMENT = 5,
} cimg_status;

#define CIMG_MESSAGE_CAPACITY 256

/** Why a call failed: a status code and a one-line message. */
typedef struct cimg_error {
    int status;
    char message[CIMG_MESSAGE_CAPACITY];
} cimg_error;

/**
 * Warnings a decoder met and went past (libpng's, for instance), one per
 * line, NUL-terminated; what does not fit is dropped. Optional: NULL.
 */
typedef struct cimg_warnings {
    char text[CIMG_MESSAGE_CAPACITY * 2];
} cimg_warnings;

/** Bytes allocated by CImaging (encoder output); release with cimg_buffer_free. */
typedef struct cimg_buffer {
    uint8_t *data;
    size_t size;
} cimg_buffer;

void cimg_buffer_free(cimg_buffer *buffer);

/** Pixel layouts the decoders write and the encoders read (value = bytes per pixel). */
typedef enum cimg_pixel_format {
    CIMG_PIXEL_GRAY8 = 1,
    CIMG_PIXEL_RGB8 = 3,
    CIMG_PIXEL_RGBA8 = 4,
} cimg_pixel_format;

/* ---- JPEG (libjpeg-turbo) --------------------------------------------- */

typedef enum cimg_jpeg_color_space {
    CIMG_JPEG_UNKNOWN = 0,
    CIMG_JPEG_GRAY = 1,
    CIMG_JPEG_RGB = 2,
    CIMG_JPEG_YCBCR = 3,
    CIMG_JPEG_CMYK = 4,
    CIMG_JPEG_YCCK = 5,
} cimg_jpeg_color_space;

typedef struct cimg_jpeg_info {
    uint32_t width;
    uint32_t height;
    int components;
    int color_space;      /* cimg_jpeg_color_space */
    int progressive;      /* 1 for progressive (multi-scan) files */
    int adobe_marker;     /* 1 when an Adobe APP14 marker was seen (CMYK stored inverted) */
    size_t exif_offset;   /* offset of the APP1 payload ("Exif\0\0" + TIFF) in the input */
    size_t exif_length;   /* 0 when the file has no EXIF */
} cimg_jpeg_info;

/** Reads the JPEG header (markers up to the first scan); decodes no pixels. */
int cimg_jpeg_read_info(const uint8_t *data, size_t size, cimg_jpeg_info *info, cimg_error *error);

typedef struct cimg_jpeg_decode_options {
    int scale_num;        /* DCT scaling: the output is scale_num/8 of the stored size (1...8) */
    int pixel_format;     /* CIMG_PIXEL_GRAY8, _RGB8 or _RGBA8 */
    int max_scans;        /* refuse files with more scans than this; 0 = no limit */
} cimg_jpeg_decode_options;

/** Size of the image decoded at scale_num/8, as libjpeg computes it. */
void cimg_jpeg_scaled_size(uint32_t width, uint32_t height, int scale_num,
                           uint32_t *scaled_width, uint32_t *scaled_height);

/**
 * Decodes into the caller's buffer, which must hold height rows of
 * bytes_per_row bytes for the scaled size. CMYK and YCCK (Adobe-inverted or
 * not) are converted to RGB. A file that ends early is CIMG_ERR_TRUNCATED.
 */
int cimg_jpeg_decode(const uint8_t *data, size_t size, const cimg_jpeg_decode_options *options,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                     cimg_error *error);

typedef struct cimg_jpeg_encode_options {
    int quality;            /* 1...100 */
    int chroma_444;         /* 1: no chroma subsampling; 0: 4:2:0 */
    int progressive;        /* 1: progressive scans */
    int optimize_huffman;   /* 1: optimised Huffman tables */
    int dpi;                /* > 0: JFIF density in dots per inch */
    const uint8_t *exif;    /* optional APP1 payload, starting with "Exif\0\0" */
    size_t exif_length;
    const char *comment;    /* optional COM marker text (NUL-terminated) */
} cimg_jpeg_encode_options;

/** Encodes GRAY8 or RGB8 pixels; the JPEG is returned in *output. */
int cimg_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                     int pixel_format, const cimg_jpeg_encode_options *options,
                     cimg_buffer *output, cimg_error *error);

/* ---- PNG (libpng) ------------------------------------------------------ */

typedef struct cimg_png_info {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;         /* the PNG colour type: 0, 2, 3, 4 or 6 */
    int interlaced;         /* 1 for Adam7 */
    int has_alpha;          /* alpha channel or tRNS */
    size_t exif_offset;     /* offset of the eXIf chunk's data (raw TIFF) in the input */
    size_t exif_length;     /* 0 when there is none */
} cimg_png_info;

typedef struct cimg_png_limits {
    uint32_t max_chunk_bytes;      /* largest ancillary chunk kept in memory; 0 = libpng default */
    uint32_t max_text_bytes;       /* largest decompressed text chunk; 0 = libpng default */
    uint32_t max_ancillary_chunks; /* chunks cached before giving up; 0 = libpng default */
} cimg_png_limits;

/**
 * Reads the signature and chunks up to the image data; decodes no pixels.
 * An ancillary chunk with a bad CRC is skipped with a warning ("tEXt: CRC
 * error"), as libpng's defaults and browsers do.
 */
int cimg_png_read_info(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                       cimg_png_info *info, cimg_warnings *warnings, cimg_error *error);

/**
 * Decodes any colour type, bit depth and interlace to RGBA8: palette and
 * tRNS become alpha, 16-bit samples are rounded to 8 bits, no gamma is
 * applied. A CRC error in a critical chunk (IHDR, PLTE, IDAT, IEND) is an
 * error; an ancillary chunk with a bad CRC is skipped with a warning.
 */
int cimg_png_decode(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                    uint8_t *rgba, size_t bytes_per_row, uint32_t width, uint32_t height,
                    cimg_warnings *warnings, cimg_error *error);

typedef struct cimg_png_text {
    const char *key;    /* 1-79 Latin-1 characters */
    const char *value;
} cimg_png_text;

typedef struct cimg_png_encode_options {
    int compression_level;     /* 0...9; -1 = libpng default */
    int dpi;                   /* > 0: pHYs chunk in pixels per metre */
    const cimg_png_text *texts;
    int text_count;
    const uint8_t *exif;       /* optional eXIf chunk data (TIFF, no "Exif\0\0") */
    size_t exif_length;
} cimg_png_encode_options;

/** Encodes GRAY8, RGB8 or RGBA8 pixels; the PNG is returned in *output. */
int cimg_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                    int pixel_format, const cimg_png_encode_options *options,
                    cimg_buffer *output, cimg_error *error);

/* ---- GIF (giflib) ------------------------------------------------------ */

typedef struct cimg_gif_info {
    uint32_t width;        /* logical screen */
    uint32_t height;
    uint32_t frame_count;
    int loop_count;        /* NETSCAPE2.0 loops: 0 = forever, -1 = no extension (play once) */
} cimg_gif_info;

/** Walks every block without decompressing pixels: screen size, frames, loop count. */
int cimg_gif_read_info(const uint8_t *data, size_t size, uint32_t max_frames,
                       cimg_gif_info *info, cimg_error *error);

/**
 * Decodes the first frame_count frames, each fully composited on the logical
 * screen (disposal, transparency, interlace; frames clipped to the screen),
 * into frames: frame_count consecutive RGBA8 images of width*height*4 bytes.
 * delays_cs receives each frame's delay in centiseconds.
 */
int cimg_gif_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                    uint32_t frame_count, uint8_t *frames, uint16_t *delays_cs,
                    cimg_error *error);

typedef struct cimg_gif_writer cimg_gif_writer;

/** Starts a GIF89a of width x height; loop_count: 0 forever, N repeats, -1 no loop extension;
 *  comment: text for a comment extension before the first frame, or NULL. */
int cimg_gif_writer_open(uint32_t width, uint32_t height, int loop_count, const char *comment,
                         cimg_gif_writer **out, cimg_error *error);
/** Adds a frame: palette indices for the rectangle, its own colour table (RGB),
 *  a transparent index or -1, the delay in centiseconds and the disposal (0-3). */
int cimg_gif_writer_add(cimg_gif_writer *writer, const uint8_t *indices, size_t stride, uint32_t left, uint32_t top,
                        uint32_t width, uint32_t height, const uint8_t *palette_rgb, int palette_count,
                        int transparent_index, int delay_cs, int disposal, cimg_error *error);
/** Ends the file and hands over its bytes; the writer is freed either way. */
int cimg_gif_writer_finish(cimg_gif_writer *writer, cimg_buffer *output, cimg_error *error);
/** Frees a writer that will not be finished. */
void cimg_gif_writer_discard(cimg_gif_writer *writer);

/* ---- Palettes (libimagequant) ------------------------------------------ */

typedef struct cimg_quantizer cimg_quantizer;  /* a palette and the settings that made it */

/** One palette for `count` RGBA images of width x height (one histogram over all). */
int cimg_quantize(const uint8_t *const *images, size_t count, uint32_t width, uint32_t height, int max_colors,
                  int quality_min, int quality_max, int speed, cimg_quantizer **out, cimg_error *error);
/** A quantizer that remaps to exactly this palette (RGBA entries): one per
 *  thread lets several threads remap frames to one shared palette. */
int cimg_quantizer_from_palette(const uint8_t *rgba, int count, cimg_quantizer **out, cimg_error *error);
/** Copies the palette as RGBA entries; returns how many. */
int cimg_quantizer_palette(cimg_quantizer *quantizer, uint8_t *rgba, int capacity);
/** libimagequant's quality (0-100) of the palette. */
int cimg_quantizer_quality(cimg_quantizer *quantizer);
/** Maps an RGBA image to palette indices, dithered by `dither` (0-1). */
int cimg_quantizer_remap(cimg_quantizer *quantizer, const uint8_t *rgba, uint32_t width, uint32_t height, float dither,
                         uint8_t *indices, cimg_error *error);
void cimg_quantizer_free(cimg_quantizer *quantizer);

/* ---- EXIF (libexif) ---------------------------------------------------- */

#define CIMG_EXIF_TEXT_CAPACITY 64

/** What Filmroll reads from EXIF. Empty strings mean absent. */
typedef struct cimg_exif {
    int orientation;                 /* IFD0 Orientation, 1...8; 0 when absent or invalid */
    char date_time_original[CIMG_EXIF_TEXT_CAPACITY];   /* "YYYY:MM:DD HH:MM:SS" */
    char offset_time_original[CIMG_EXIF_TEXT_CAPACITY]; /* "+09:00" */
    char subsec_time_original[CIMG_EXIF_TEXT_CAPACITY]; /* "250" */
    char make[CIMG_EXIF_TEXT_CAPACITY];
    char model[CIMG_EXIF_TEXT_CAPACITY];
    int has_gps;
    double latitude;                 /* degrees, south negative */
    double longitude;                /* degrees, west negative */
    uint32_t pixel_width;            /* PixelXDimension; 0 when absent */
    uint32_t pixel_height;
} cimg_exif;

/**
 * Parses an EXIF payload: a JPEG APP1 payload ("Exif\0\0" + TIFF) or a PNG
 * eXIf chunk (TIFF alone). Damaged EXIF yields what could be read.
 */
int cimg_exif_parse(const uint8_t *data, size_t size, cimg_exif *exif, cimg_error *error);

/**
 * Rewrites an APP1 EXIF payload for an upright copy of width x height
 * pixels: Orientation 1, PixelX/YDimension updated, the IFD1 thumbnail
 * (which shows the old orientation) dropped. The result, "Exif\0\0" + TIFF,
 * is returned in *output.
 */
int cimg_exif_rewrite_upright(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              cimg_buffer *output, cimg_error *error);

/* ---- SQLite (the catalog) --------------------------------------------- */

/* Result codes and column types are SQLite's own values (checked in the shim). */
enum {
    CIMG_SQL_OK = 0,
    CIMG_SQL_BUSY = 5,
    CIMG_SQL_ROW = 100,
    CIMG_SQL_DONE = 101,
};
enum {
    CIMG_SQL_INTEGER = 1,
    CIMG_SQL_FLOAT = 2,
    CIMG_SQL_TEXT = 3,
    CIMG_SQL_BLOB = 4,
    CIMG_SQL_NULL = 5,
};

typedef struct cimg_db cimg_db;      /* an sqlite3 connection */
typedef struct cimg_stmt cimg_stmt;  /* an sqlite3 prepared statement */

/* cimg_db_open flags. */
enum {
    CIMG_DB_CREATE = 1,     /* create the file when missing (read-write only) */
    CIMG_DB_READ_ONLY = 2,  /* open read-only; never writes, never creates */
    CIMG_DB_URI = 4,        /* path is a "file:" URI (for ?mode=ro&immutable=1) */
};

/** Opens a database (read-write unless CIMG_DB_READ_ONLY); extended result
 *  codes on. On failure, *system_errno (when not NULL) is the errno of the
 *  failed system call, or 0. */
int cimg_db_open(const char *path, int flags, int busy_timeout_ms, cimg_db **out, int *system_errno,
                 cimg_error *error);
void cimg_db_close(cimg_db *db);
/** The errno of the system call behind the last I/O or cannot-open error, or 0. */
int cimg_db_system_errno(cimg_db *db);
/** 1 when the connection can only read (opened read-only, or the file could not be opened for writing). */
int cimg_db_readonly(cimg_db *db);
/** Runs one or more statements that return no rows. */
int cimg_db_exec(cimg_db *db, const char *sql, cimg_error *error);
/** Prepares one statement; persistent for statements kept in a cache. */
int cimg_db_prepare(cimg_db *db, const char *sql, int persistent, cimg_stmt **out, cimg_error *error);
const char *cimg_db_message(cimg_db *db);
int64_t cimg_db_last_insert_rowid(cimg_db *db);
int cimg_db_changes(cimg_db *db);

void cimg_stmt_finalize(cimg_stmt *stmt);
/** Resets the statement and clears its bindings. */
int cimg_stmt_reset(cimg_stmt *stmt);
/** CIMG_SQL_ROW, CIMG_SQL_DONE or an error code. */
int cimg_stmt_step(cimg_stmt *stmt);
int cimg_stmt_bind_null(cimg_stmt *stmt, int index);
int cimg_stmt_bind_int64(cimg_stmt *stmt, int index, int64_t value);
int cimg_stmt_bind_double(cimg_stmt *stmt, int index, double value);
int cimg_stmt_bind_text(cimg_stmt *stmt, int index, const char *text, int length);
int cimg_stmt_bind_blob(cimg_stmt *stmt, int index, const void *bytes, int length);
int cimg_stmt_column_count(cimg_stmt *stmt);
int cimg_stmt_column_type(cimg_stmt *stmt, int index);
int64_t cimg_stmt_column_int64(cimg_stmt *stmt, int index);
double cimg_stmt_column_double(cimg_stmt *stmt, int index);
const uint8_t *cimg_stmt_column_text(cimg_stmt *stmt, int index, int *length);
const char *cimg_stmt_column_name(cimg_stmt *stmt, int index);
const char *cimg_stmt_sql(cimg_stmt *stmt);

/* ---- Text (FreeType, fontconfig) --------------------------------------- */

typedef struct cimg_font cimg_font;  /* a FreeType face at one pixel size */

/** Finds the font file for a fontconfig name ("DejaVu Sans", "NanumGothic:bold").
 *  A name whose family is not installed is an error (fontconfig would substitute). */
int cimg_font_locate(const char *name, char *path, size_t capacity, char *family, size_t family_capacity,
                     cimg_error *error);
int cimg_font_open(const char *path, uint32_t pixel_size, cimg_font **out, cimg_error *error);
void cimg_font_close(cimg_font *font);
int cimg_font_has_glyph(cimg_font *font, uint32_t codepoint);
/** Ascent and descent in pixels (both positive). */
void cimg_font_metrics(cimg_font *font, int32_t *ascent, int32_t *descent);
/** Advance width in pixels of a line, kerning included. */
int cimg_text_measure(cimg_font *font, const uint32_t *codepoints, size_t count, int32_t *width, cimg_error *error);
/** Adds the line's antialiased coverage (0-255) into a width x height buffer,
 *  the pen starting at origin_x on baseline_y; glyphs are clipped to it. */
int cimg_text_draw(cimg_font *font, const uint32_t *codepoints, size_t count, uint8_t *coverage, size_t stride,
                   uint32_t width, uint32_t height, int32_t origin_x, int32_t baseline_y, cimg_error *error);

/* ---- Content hash (libxxhash) ------------------------------------------ */

/** XXH3-128 of the bytes, as two 64-bit halves. */
void cimg_hash128(const uint8_t *data, size_t size, uint64_t *low, uint64_t *high);

#ifdef __cplusplus
}
#endif

#endif
