/*
 * CImaging: the narrow C fence between Filmroll's Swift code and the
 * libraries it uses: libjpeg-turbo, libpng, giflib, libheif, libwebp,
 * lcms2, libexif, libexpat, libimagequant, FreeType with fontconfig,
 * SQLite, xxHash and FFmpeg (libavformat, libavcodec with libx264,
 * libswscale).
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
 * This header includes no library header, so no library's type or macro
 * leaks into Swift.
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
    /** A library loaded on first use (libheif, FFmpeg, ...) cannot be loaded. */
    CIMG_ERR_LIBRARY = 6,
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
    size_t xmp_offset;    /* offset of the XMP packet in the input, after the APP1
                             "http://ns.adobe.com/xap/1.0/\0" header */
    size_t xmp_length;    /* 0 when the file has no XMP (extended XMP is not read) */
    size_t photoshop_offset;  /* offset of the first APP13 Photoshop image resources (IPTC
                                 among them), after the "Photoshop 3.0\0" header */
    size_t photoshop_length;  /* 0 when the file has none */
} cimg_jpeg_info;

/**
 * Reads the JPEG header (markers up to the first scan); decodes no pixels.
 * libjpeg's warnings about the header (extraneous bytes before a marker,
 * …) go to `warnings` (optional: NULL); a header cut short is
 * CIMG_ERR_TRUNCATED.
 */
int cimg_jpeg_read_info(const uint8_t *data, size_t size, cimg_jpeg_info *info,
                        cimg_warnings *warnings, cimg_error *error);

typedef struct cimg_jpeg_decode_options {
    int scale_num;        /* DCT scaling: the output is scale_num/8 of the stored size (1...8) */
    int pixel_format;     /* CIMG_PIXEL_GRAY8, _RGB8 or _RGBA8 */
    int max_scans;        /* refuse files with more scans than this; 0 = no limit */
    int raw_cmyk;         /* 1: CMYK/YCCK files give their 4 inks as stored (Adobe: inverted), for a CMYK profile */
} cimg_jpeg_decode_options;

/** Size of the image decoded at scale_num/8, as libjpeg computes it. */
void cimg_jpeg_scaled_size(uint32_t width, uint32_t height, int scale_num,
                           uint32_t *scaled_width, uint32_t *scaled_height);

/**
 * What a JPEG decode went past: libjpeg's warnings, and where the scan
 * data ended when it ended before the picture did (libjpeg then fills the
 * rows below with grey). The caller decides what is too much damage.
 */
typedef struct cimg_jpeg_damage {
    cimg_warnings warnings;   /* libjpeg's warnings, each once, one a line */
    int data_ended;           /* 1: the data ran out (JWRN_JPEG_EOF) or a marker cut the scan (JWRN_HIT_MARKER) */
    uint32_t rows_with_data;  /* when data_ended: the stored rows decoded before it ended */
} cimg_jpeg_damage;

/**
 * Decodes into the caller's buffer, which must hold height rows of
 * bytes_per_row bytes for the scaled size. CMYK and YCCK (Adobe-inverted or
 * not) are converted to RGB. With `damage`, a scan that ends early is
 * decoded (the rest grey) and told there; without it (NULL), a file that
 * ends early is CIMG_ERR_TRUNCATED.
 */
int cimg_jpeg_decode(const uint8_t *data, size_t size, const cimg_jpeg_decode_options *options,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                     cimg_jpeg_damage *damage, cimg_error *error);

typedef struct cimg_jpeg_encode_options {
    int quality;            /* 1...100 */
    int chroma_444;         /* 1: no chroma subsampling; 0: 4:2:0 */
    int progressive;        /* 1: progressive scans */
    int optimize_huffman;   /* 1: optimised Huffman tables */
    int dpi;                /* > 0: JFIF density in dots per inch */
    const uint8_t *exif;    /* optional APP1 payload, starting with "Exif\0\0" */
    size_t exif_length;
    const char *comment;    /* optional COM marker text (NUL-terminated) */
    const uint8_t *icc;     /* optional ICC profile, written as APP2 ICC_PROFILE markers */
    size_t icc_length;
} cimg_jpeg_encode_options;

/** Copies the ICC profile of the APP2 ICC_PROFILE markers, joined in their
 *  sequence order, into *output; empty when there is none or it is incomplete. */
int cimg_jpeg_read_icc(const uint8_t *data, size_t size, cimg_buffer *output, cimg_error *error);

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
    /* Copies the caller releases with cimg_png_info_free; only text chunks
     * before the image data are read (libpng inflates zTXt and iTXt within
     * the limits below). */
    cimg_buffer xmp;        /* iTXt "XML:com.adobe.xmp", else the "Raw profile type xmp" text */
    cimg_buffer raw_exif;   /* ImageMagick's "Raw profile type exif" text, hex-decoded */
} cimg_png_info;

typedef struct cimg_png_limits {
    uint32_t max_chunk_bytes;      /* largest ancillary chunk kept in memory; 0 = libpng default */
    uint32_t max_text_bytes;       /* largest decompressed text chunk; 0 = libpng default */
    uint32_t max_ancillary_chunks; /* chunks cached before giving up; 0 = libpng default */
} cimg_png_limits;

/**
 * Reads the signature and chunks up to the image data; decodes no pixels.
 * An ancillary chunk with a bad CRC is skipped with a warning ("tEXt: CRC
 * error"), as libpng's defaults and browsers do. On success the caller
 * releases the info's copies with cimg_png_info_free; on failure there are none.
 */
int cimg_png_read_info(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                       cimg_png_info *info, cimg_warnings *warnings, cimg_error *error);
void cimg_png_info_free(cimg_png_info *info);

/**
 * Decodes any colour type, bit depth and interlace to RGBA8 (`channels`
 * 4) or, for a PNG without alpha or tRNS (`has_alpha` 0), to RGB8
 * (`channels` 3): palette and tRNS become alpha, 16-bit samples are
 * rounded to 8 bits, no gamma is applied. A CRC error in a critical chunk
 * (IHDR, PLTE, IDAT, IEND) is an error; an ancillary chunk with a bad CRC
 * is skipped with a warning.
 */
int cimg_png_decode(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                    uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                    int channels, cimg_warnings *warnings, cimg_error *error);

/** How a PNG describes its colours, in the PNG specification's order of precedence. */
typedef struct cimg_png_color {
    int is_srgb;               /* an sRGB chunk */
    int has_chromaticities;    /* a cHRM chunk (and no sRGB or iCCP) */
    double white[2], red[2], green[2], blue[2];   /* CIE xy */
    double gamma;              /* the gAMA value (0.45455 for a 2.2 display); 0 when absent */
} cimg_png_color;

/** Reads the colour chunks before the image data; an iCCP profile is copied
 *  (inflated) into *icc, which is empty when the file has none. */
int cimg_png_read_color(const uint8_t *data, size_t size, const cimg_png_limits *limits, cimg_png_color *color,
                        cimg_buffer *icc, cimg_error *error);

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
    const uint8_t *icc;        /* optional ICC profile, written as an iCCP chunk */
    size_t icc_length;
    int srgb_intent;           /* >= 0: an sRGB chunk of this rendering intent (with gAMA and cHRM), no iCCP */
} cimg_png_encode_options;

/** Whether libpng writes `icc` as the iCCP chunk of a PNG of `pixel_format`
 *  pixels: CIMG_OK, or the reason it refuses it in *error ("known incorrect
 *  sRGB profile", "PCS illuminant is not D50", a grey profile for colour). */
int cimg_png_check_icc(const uint8_t *icc, size_t icc_length, int pixel_format, cimg_error *error);

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

/** cimg_gif_read_info over an open file, read from its current offset with
 *  pread (the offset is left alone); nothing but one block is held in memory. */
int cimg_gif_read_info_fd(int fd, uint32_t max_frames, cimg_gif_info *info, cimg_error *error);

/**
 * A GIF composited one frame at a time, for animations too long to hold
 * decoded: the reader keeps the screen (and the copy disposal 3 restores).
 * Open it over bytes that stay valid while it is used, or over a file
 * descriptor (read from its current offset with pread; the caller closes it).
 */
typedef struct cimg_gif_reader cimg_gif_reader;
int cimg_gif_reader_open(const uint8_t *data, size_t size, cimg_gif_reader **out, cimg_error *error);
int cimg_gif_reader_open_fd(int fd, cimg_gif_reader **out, cimg_error *error);
/** The logical screen's size. */
void cimg_gif_reader_size(const cimg_gif_reader *reader, uint32_t *width, uint32_t *height);
/** Composites the next frame into frame (width*height*4 bytes of RGBA8) and
 *  its delay in centiseconds; an error past the last frame (ask for as many
 *  frames as cimg_gif_read_info counted). */
int cimg_gif_reader_next(cimg_gif_reader *reader, uint8_t *frame, uint16_t *delay_cs, cimg_error *error);
void cimg_gif_reader_free(cimg_gif_reader *reader);

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
/** Hands over the bytes written so far (the caller frees them with
 *  cimg_buffer_free), so that a long animation goes to its file frame by
 *  frame instead of piling up in memory. */
void cimg_gif_writer_take(cimg_gif_writer *writer, cimg_buffer *output);
/** Ends the file and hands over its remaining bytes; the writer is freed either way. */
int cimg_gif_writer_finish(cimg_gif_writer *writer, cimg_buffer *output, cimg_error *error);
/** Frees a writer that will not be finished. */
void cimg_gif_writer_discard(cimg_gif_writer *writer);

/* ---- HEIF and AVIF (libheif) ------------------------------------------- */

/* Where a decoded image's colours are described. */
enum {
    CIMG_COLOR_NONE = 0,   /* no colour information: sRGB is assumed */
    CIMG_COLOR_ICC = 1,    /* an ICC profile */
    CIMG_COLOR_CICP = 2,   /* H.273 code points (HEIF nclx) */
};

typedef struct cimg_heif_info {
    uint32_t width;            /* the primary image, upright (irot, imir, clap applied) */
    uint32_t height;
    uint32_t stored_width;     /* as coded (ispe), before transformations */
    uint32_t stored_height;
    int has_alpha;
    int bit_depth;             /* luma bits per sample: 8, 10, 12 */
    int image_count;           /* top-level images; only the primary is decoded */
    uint32_t thumbnail_width;  /* the largest embedded thumbnail, upright; 0 when none */
    uint32_t thumbnail_height;
    int color_profile;         /* CIMG_COLOR_NONE, _ICC or _CICP */
    int cicp_primaries;        /* H.273 code points, when CIMG_COLOR_CICP */
    int cicp_transfer;
    int cicp_matrix;
    int cicp_full_range;
    size_t icc_length;         /* bytes of each metadata block; 0 when absent */
    size_t exif_length;
    size_t xmp_length;
} cimg_heif_info;

/** The largest image size the file's ispe boxes declare (0 x 0 for none),
 *  from the boxes alone: checked against the limits before libheif parses. */
void cimg_heif_declared_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height);

/** Parses the boxes and describes the primary image; decodes no pixels. */
int cimg_heif_read_info(const uint8_t *data, size_t size, cimg_heif_info *info, cimg_error *error);

enum { CIMG_HEIF_EXIF = 1, CIMG_HEIF_XMP = 2, CIMG_HEIF_ICC = 3 };

/** Copies the primary image's EXIF (the TIFF, its offset prefix skipped), XMP
 *  packet or ICC profile into *output; empty when the file has none. */
int cimg_heif_copy_metadata(const uint8_t *data, size_t size, int kind, cimg_buffer *output, cimg_error *error);

/**
 * Decodes the primary image (or, with use_thumbnail, its largest thumbnail)
 * upright into RGB8 or RGBA8 rows of width x height, which must be the size
 * cimg_heif_read_info reported. Samples of more than 8 bits are rounded to
 * 8. threads: libheif's decoding threads (tiles of a grid image in parallel).
 */
int cimg_heif_decode(const uint8_t *data, size_t size, int use_thumbnail, int threads, int pixel_format,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height, cimg_error *error);

const char *cimg_heif_version(void);

/* ---- WebP (libwebp) ----------------------------------------------------- */

typedef struct cimg_webp_info {
    uint32_t width;            /* the canvas */
    uint32_t height;
    int has_alpha;
    int is_animated;
    int is_lossless;           /* stills only */
    uint32_t frame_count;
    int loop_count;            /* animations: 0 = forever, N = plays; -1 for stills */
    size_t icc_length;         /* bytes of the ICCP, EXIF and XMP chunks; 0 when absent */
    size_t exif_length;
    size_t xmp_length;
} cimg_webp_info;

/** Parses the container and the first frame's header; decodes no pixels. */
int cimg_webp_read_info(const uint8_t *data, size_t size, uint32_t max_frames, cimg_webp_info *info,
                        cimg_error *error);

/** Copies the chunk named fourcc ("ICCP", "EXIF", "XMP ") into *output; empty when absent. */
int cimg_webp_copy_chunk(const uint8_t *data, size_t size, const char fourcc[4], cimg_buffer *output,
                         cimg_error *error);

/** Decodes a still into RGB8 or RGBA8 rows of width x height, scaling
 *  while decoding when that differs from the stored size. */
int cimg_webp_decode(const uint8_t *data, size_t size, int pixel_format, uint8_t *pixels, size_t bytes_per_row,
                     uint32_t width, uint32_t height, cimg_error *error);

/** Decodes the first frame_count frames of an animation, each composited on
 *  the width x height canvas, into consecutive RGBA8 images; delays_ms
 *  receives each frame's duration in milliseconds (WebP's own unit). */
int cimg_webp_decode_frames(const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint32_t frame_count,
                            uint8_t *frames, uint32_t *delays_ms, cimg_error *error);

/** An animation decoded one frame at a time (WebPAnimDecoder), over a copy
 *  of the bytes; width x height must be the canvas cimg_webp_read_info read. */
typedef struct cimg_webp_frames cimg_webp_frames;
int cimg_webp_frames_open(const uint8_t *data, size_t size, uint32_t width, uint32_t height, cimg_webp_frames **out,
                          cimg_error *error);
/** Composites the next frame into frame (RGBA8 canvas) and gives its duration in milliseconds. */
int cimg_webp_frames_next(cimg_webp_frames *frames, uint8_t *frame, uint32_t *delay_ms, cimg_error *error);
void cimg_webp_frames_free(cimg_webp_frames *frames);

/* ---- Animated WebP encoding (libwebpmux's WebPAnimEncoder) --------------- */

typedef struct cimg_webp_anim_options {
    int loop_count;        /* 0 = forever, N = plays N times */
    int lossless;          /* 1: VP8L frames; 0: lossy VP8 */
    float quality;         /* 0-100: lossy quality, or lossless effort */
    int method;            /* 0 (fast) - 6 (slowest, smallest) */
    int allow_mixed;       /* lossy or lossless chosen per frame */
    int kmin;              /* key frame spacing; kmax <= 0 disables key frames */
    int kmax;
    int sharp_yuv;         /* sharper RGB to YUV conversion (lossy) */
} cimg_webp_anim_options;

typedef struct cimg_webp_anim_encoder cimg_webp_anim_encoder;

/** Starts an animation of width x height. */
int cimg_webp_anim_encoder_new(uint32_t width, uint32_t height, const cimg_webp_anim_options *options,
                               cimg_webp_anim_encoder **out, cimg_error *error);
/** Encodes an RGBA8 frame (rows of stride bytes) that starts at timestamp_ms;
 *  timestamps never decrease. Frame differencing and blending are libwebp's. */
int cimg_webp_anim_encoder_add(cimg_webp_anim_encoder *encoder, const uint8_t *rgba, size_t stride, int timestamp_ms,
                               cimg_error *error);
/** A finished animated WebP: the file is head followed by tail (its XMP
 *  chunk, when any); both belong to the encoder until it is freed. */
typedef struct cimg_webp_file {
    const uint8_t *head;
    size_t head_size;
    const uint8_t *tail;
    size_t tail_size;
} cimg_webp_file;

/** Ends the animation at end_timestamp_ms (the last frame's end) and
 *  assembles the file, with an XMP packet when xmp_length > 0. */
int cimg_webp_anim_encoder_finish(cimg_webp_anim_encoder *encoder, int end_timestamp_ms, const char *xmp,
                                  size_t xmp_length, cimg_webp_file *file, cimg_error *error);
void cimg_webp_anim_encoder_free(cimg_webp_anim_encoder *encoder);

/** libwebp's decoder version, as 0xMMmmpp. */
int cimg_webp_version(void);

/* ---- Colour management (lcms2) ------------------------------------------ */

/* The pixels a transform reads; it writes the same layout, or RGB8 from CMYK. */
enum {
    CIMG_COLOR_INPUT_GRAY8 = 1,
    CIMG_COLOR_INPUT_RGB8 = 3,
    CIMG_COLOR_INPUT_RGBA8 = 4,          /* alpha copied unchanged */
    CIMG_COLOR_INPUT_CMYK8 = 10,
    CIMG_COLOR_INPUT_CMYK8_INVERTED = 11, /* Adobe CMYK/YCCK JPEGs store 255 - ink */
};

typedef struct cimg_color_transform cimg_color_transform;

/** A transform from the ICC profile's colours to sRGB (gray: to sRGB's curve).
 *  *is_identity is 1 when it changes no sample by more than 1 (an sRGB
 *  profile), so the caller may skip it. A profile whose colour space does not
 *  match the pixels is CIMG_ERR_ARGUMENT. */
int cimg_color_transform_create(const uint8_t *icc, size_t size, int input_format, cimg_color_transform **out,
                                int *is_identity, cimg_error *error);
/** Transforms width x height pixels; input and output may be the same rows
 *  when the layouts are the same. Safe to call from several threads. */
void cimg_color_transform_apply(cimg_color_transform *transform, const uint8_t *input, size_t input_stride,
                                uint8_t *output, size_t output_stride, uint32_t width, uint32_t height);
void cimg_color_transform_free(cimg_color_transform *transform);

enum {
    CIMG_COLOR_SPACE_OTHER = 0,
    CIMG_COLOR_SPACE_RGB = 1,
    CIMG_COLOR_SPACE_GRAY = 2,
    CIMG_COLOR_SPACE_CMYK = 3,
};

#define CIMG_COLOR_DESCRIPTION_CAPACITY 128

typedef struct cimg_color_profile_facts {
    int color_space;      /* CIMG_COLOR_SPACE_* */
    double version;       /* ICC version, e.g. 2.1 or 4.3 */
    char description[CIMG_COLOR_DESCRIPTION_CAPACITY];  /* UTF-8, "Display P3" */
} cimg_color_profile_facts;

/** The colour space and description of an ICC profile. */
int cimg_color_profile_describe(const uint8_t *icc, size_t size, cimg_color_profile_facts *facts, cimg_error *error);

/** An RGB matrix/TRC profile from CIE xy chromaticities and a transfer
 *  curve: exponent > 0 is a pure power curve (2.2), 0 is sRGB's curve. */
int cimg_color_profile_from_chromaticities(const double white[2], const double red[2], const double green[2],
                                           const double blue[2], double exponent, const char *description,
                                           cimg_buffer *output, cimg_error *error);

/** Transfer codes of HDR video and HEIF (ITU-T H.273). */
enum { CIMG_TRANSFER_PQ = 16, CIMG_TRANSFER_HLG = 18 };

/** An RGB profile for HDR pixels (`transfer` a CIMG_TRANSFER_ code) shown
 *  as SDR: its curve takes each signal value to light relative to SDR
 *  white (HDR reference white, 203 cd/m2, at 1), rolling highlights off
 *  smoothly into the range above a knee instead of clipping them. */
int cimg_color_profile_hdr(const double white[2], const double red[2], const double green[2], const double blue[2],
                           int transfer, const char *description, cimg_buffer *output, cimg_error *error);

/** lcms2's version, "2.14". */
const char *cimg_color_lcms_version(void);

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

/* ---- Nearest palette entry (cimg_nearest.c) --------------------------- */

typedef struct cimg_nearest cimg_nearest;  /* a palette's cell lists, made as pixels need them; one thread */
/** A mapper to `count` (1-256) RGB entries; NULL when out of memory or `count` is out of range. */
cimg_nearest *cimg_nearest_new(const uint8_t *rgb, int count);
/** For each of `pixels` RGBA pixels (alpha ignored), the index of the
 *  nearest entry (least squared RGB distance, lowest index on a tie) into
 *  `out`. 0, or -1 when out of memory. */
int cimg_nearest_map(cimg_nearest *nearest, const uint8_t *rgba, size_t pixels, uint8_t *out);
void cimg_nearest_free(cimg_nearest *nearest);

/* ---- Lanczos passes in fixed point (cimg_resample.c) ------------------- */

/** Weights are fractions of 1 << CIMG_RESAMPLE_BITS (16-bit, signed). */
#define CIMG_RESAMPLE_BITS 14
/** Bits of fraction the vertical pass's words keep. */
#define CIMG_RESAMPLE_FRACTION 6

/** out[i] = the sum of weights[t] * rows[t][i] for t < count, for each
 *  i < length, in units of 2^-CIMG_RESAMPLE_FRACTION, rounded. */
void cimg_resample_vertical(const uint8_t *const *rows, const int16_t *weights, int count, size_t length,
                            int16_t *out);
/** Output pixel x (< width) of `channels` (1, 3 or 4) bytes, stored at
 *  out + x * step: counts[x] taps of the vertical pass's `row` from pixel
 *  starts[x], weighted by weights[x * stride ...], rounded and clamped.
 *  With a `stride` that is a multiple of 4 and zero weights past each
 *  count, `row` must be readable for 3 pixels and 32 bytes past the last
 *  pixel any output reads. */
void cimg_resample_horizontal(const int16_t *row, int channels, const int32_t *starts, const int32_t *counts,
                              const int16_t *weights, int stride, int width, uint8_t *out, ptrdiff_t step);
/** The same without SIMD: the values every other path must give (for tests). */
void cimg_resample_vertical_portable(const uint8_t *const *rows, const int16_t *weights, int count, size_t length,
                                     int16_t *out);
void cimg_resample_horizontal_portable(const int16_t *row, int channels, const int32_t *starts,
                                       const int32_t *counts, const int16_t *weights, int stride, int width,
                                       uint8_t *out, ptrdiff_t step);

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
    /* Lower-ranked capture dates, for files without DateTimeOriginal. */
    char date_time_digitized[CIMG_EXIF_TEXT_CAPACITY];  /* CreateDate, "YYYY:MM:DD HH:MM:SS" */
    char offset_time_digitized[CIMG_EXIF_TEXT_CAPACITY];
    char subsec_time_digitized[CIMG_EXIF_TEXT_CAPACITY];
    char date_time[CIMG_EXIF_TEXT_CAPACITY];            /* IFD0 DateTime (the file's last change) */
    char offset_time[CIMG_EXIF_TEXT_CAPACITY];
    char gps_date_stamp[CIMG_EXIF_TEXT_CAPACITY];       /* "YYYY:MM:DD", UTC */
    int has_gps_time;
    double gps_seconds;              /* GPSTimeStamp as seconds since midnight, UTC */
    /* How it was taken; 0 or "" when absent. */
    double exposure_time;            /* seconds */
    double f_number;
    uint32_t iso;                    /* PhotographicSensitivity (ISOSpeedRatings) */
    double focal_length;             /* millimetres */
    char lens_model[CIMG_EXIF_TEXT_CAPACITY];
} cimg_exif;

/**
 * Parses an EXIF payload: a JPEG APP1 payload ("Exif\0\0" + TIFF) or a PNG
 * eXIf chunk (TIFF alone). Damaged EXIF yields what could be read.
 */
int cimg_exif_parse(const uint8_t *data, size_t size, cimg_exif *exif, cimg_error *error);

/**
 * cimg_exif_parse, and a copy of the Exif IFD's MakerNote (tag 0x927C) as
 * stored in *maker_note (empty when there is none; release with
 * cimg_buffer_free): Swift reads the vendor formats it knows (Apple's).
 */
int cimg_exif_parse_with_maker_note(const uint8_t *data, size_t size, cimg_exif *exif, cimg_buffer *maker_note,
                                    cimg_error *error);

/**
 * Rewrites an APP1 EXIF payload for an upright copy of width x height
 * pixels: Orientation 1, PixelX/YDimension updated, the IFD1 thumbnail
 * (which shows the old orientation) dropped. The result, "Exif\0\0" + TIFF,
 * is returned in *output.
 */
int cimg_exif_rewrite_upright(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              cimg_buffer *output, cimg_error *error);

/* ---- XMP (libexpat) --------------------------------------------------- */

#define CIMG_XMP_TEXT_CAPACITY 64
/** Larger packets are read up to this size only (CIMG_ERR_LIMIT). */
#define CIMG_XMP_MAX_BYTES (1u << 20)

/** Container:Directory items kept; a longer directory is counted, not kept. */
#define CIMG_XMP_MAX_ITEMS 8

/** One item of a Google motion photo's Container:Directory (an rdf:li), as written. */
typedef struct cimg_xmp_item {
    char semantic[CIMG_XMP_TEXT_CAPACITY];  /* Item:Semantic: "Primary", "MotionPhoto", "GainMap" */
    char mime[CIMG_XMP_TEXT_CAPACITY];      /* Item:Mime */
    char length[CIMG_XMP_TEXT_CAPACITY];    /* Item:Length, in bytes */
    char padding[CIMG_XMP_TEXT_CAPACITY];   /* Item:Padding, in bytes */
} cimg_xmp_item;

/** What Filmroll reads from XMP, as written. Empty strings mean absent. */
typedef struct cimg_xmp {
    int orientation;                              /* tiff:Orientation, 1...8; 0 when absent or invalid */
    char date_time_original[CIMG_XMP_TEXT_CAPACITY]; /* exif:DateTimeOriginal, ISO 8601 */
    char create_date[CIMG_XMP_TEXT_CAPACITY];        /* xmp:CreateDate */
    char date_created[CIMG_XMP_TEXT_CAPACITY];       /* photoshop:DateCreated */
    char make[CIMG_XMP_TEXT_CAPACITY];               /* tiff:Make */
    char model[CIMG_XMP_TEXT_CAPACITY];              /* tiff:Model */
    /* Google's motion photos (namespace http://ns.google.com/photos/1.0/camera/). */
    char motion_photo[CIMG_XMP_TEXT_CAPACITY];       /* Camera:MotionPhoto, "1" for a motion photo */
    char micro_video[CIMG_XMP_TEXT_CAPACITY];        /* Camera:MicroVideo, "1" (the older format) */
    char micro_video_offset[CIMG_XMP_TEXT_CAPACITY]; /* Camera:MicroVideoOffset: the video's length from the end */
    cimg_xmp_item items[CIMG_XMP_MAX_ITEMS];         /* Container:Directory's items, in order */
    size_t item_count;                               /* items listed; more than CIMG_XMP_MAX_ITEMS when some were not kept */
} cimg_xmp;

/**
 * Parses an XMP packet (RDF/XML) with expat, namespace-aware: only the
 * top-level properties of rdf:Description count, as attributes or as
 * plain-text elements, matched by namespace URI, and the items of a
 * top-level Container:Directory. A packet with a DOCTYPE
 * is refused. Malformed XML fails, but what was read before the fault is
 * kept in *xmp.
 */
int cimg_xmp_parse(const uint8_t *data, size_t size, cimg_xmp *xmp, cimg_error *error);

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
/** XXH3-128 of the whole file open at fd, from its start (read in 1 MB pieces, never whole):
 *  0, or the errno of the failed read. The caller opens and closes fd. */
int cimg_hash128_fd(int fd, uint64_t *size, uint64_t *low, uint64_t *high);

/* ---- Video: H.264 in MP4 (FFmpeg's libavformat, libavcodec, libswscale) -- */

/** H.273 code point of BT.709 (primaries, transfer and matrix alike). */
#define CIMG_VIDEO_BT709 1

typedef struct cimg_video_writer cimg_video_writer;

typedef struct cimg_video_writer_options {
    uint32_t width;          /* even, at most 16384 */
    uint32_t height;
    int time_base_num;       /* the clock of every duration: 1/10 s, 1001/30000 s, 1/1000 s */
    int time_base_den;
    int frame_rate_num;      /* the nominal frame rate (libx264's rate control, the stream's average) */
    int frame_rate_den;
    double crf;              /* libx264's constant rate factor, 0...51 */
    const char *preset;      /* libx264's preset: "ultrafast" ... "placebo"; NULL = "medium" */
    const char *tune;        /* libx264's tune ("film", "stillimage"), or NULL */
    int threads;             /* libx264's threads; 0 = its own choice for the machine */
    int lookahead;           /* libx264's rc-lookahead in frames (its memory grows with it); 0 = the preset's */
    const char *comment;     /* the file's comment metadata (©cmt), or NULL */
    /* A reader whose AAC sound is copied as it is (its times from its first
     * video frame decoded on), or NULL for none; the reader must outlive the writer. */
    struct cimg_video_reader *audio_source;
} cimg_video_writer_options;

/**
 * Starts an MP4 with one H.264 stream (yuv420p, BT.709 matrix, limited
 * range, tagged so) written through fd, an empty file the caller opened for
 * writing at path. path is opened again read-only by the +faststart pass
 * (moov before mdat) in cimg_video_writer_finish; nothing is ever deleted.
 */
int cimg_video_writer_open(int fd, const char *path, const cimg_video_writer_options *options,
                           cimg_video_writer **out, cimg_error *error);
/** Converts one GRAY8, RGB8 or RGBA8 (alpha ignored) frame of the writer's
 *  size to yuv420p and encodes it; it lasts duration ticks of the time base. */
int cimg_video_writer_add(cimg_video_writer *writer, const uint8_t *pixels, size_t bytes_per_row, int pixel_format,
                          int64_t duration, cimg_error *error);
/** The sound a writer copies from its reader after each frame: the packets
 *  queued before `mark` (a frame's sound_mark), so that what goes with each
 *  frame does not depend on how far another thread has read ahead;
 *  UINT64_MAX (the default): all that is queued. */
void cimg_video_writer_limit_sound(cimg_video_writer *writer, uint64_t mark);
/** Flushes the encoder and writes the index (moov first). The caller closes fd. */
int cimg_video_writer_finish(cimg_video_writer *writer, cimg_error *error);
/** Frees a writer, finished or not; the caller closes fd and keeps or removes the file. */
void cimg_video_writer_free(cimg_video_writer *writer);

typedef struct cimg_video_reader cimg_video_reader;

typedef struct cimg_video_info {
    uint32_t width;
    uint32_t height;
    int64_t frame_count;     /* as the container counts them; 0 when it does not say */
    int time_base_num;       /* the stream's clock */
    int time_base_den;
    int64_t duration;        /* in time base ticks; 0 when unknown */
    int frame_rate_num;      /* average; 0/0 when unknown */
    int frame_rate_den;
    int color_primaries;     /* H.273 code points; 2 = unspecified */
    int color_transfer;
    int color_matrix;
    int full_range;          /* 1: full (JPEG) range, 0: limited or unspecified */
    int chroma_420;          /* 1: 8-bit 4:2:0 */
    char codec[32];          /* the decoder's name, "h264" */
    int rotation;            /* degrees clockwise that turn a frame upright (display matrix): 0, 90, 180, 270 */
    int has_audio;           /* 1: the file has an audio stream */
    int audio_plays_in_browsers; /* 1: that sound is AAC, MP3, Opus or FLAC, which browsers play in an MP4 */
    int h264_profile;        /* an H.264 stream's profile_idc from its avcC (100 High, 110 High 10,
                                122 High 4:2:2, 244 High 4:4:4); 0 for other codecs or when unknown */
    double container_seconds; /* the container's length in seconds; 0 when it does not say */
} cimg_video_info;

typedef struct cimg_video_frame_info {
    int decoded;             /* 0 when the video has no more frames */
    int64_t pts;             /* presentation time, in time base ticks */
    int64_t duration;        /* in time base ticks; 0 when unknown */
    uint64_t sound_mark;     /* sound packets the reader had queued for a writer when it returned this frame */
} cimg_video_frame_info;

/** cimg_video_reader_next's output: the Y, Cb and Cr planes as coded,
 *  packed (width x height, then twice ceil(width/2) x ceil(height/2)). */
#define CIMG_VIDEO_PLANES_YUV420 420
/** cimg_video_reader_next_scaled's output: the planes scaled (bicubic) to
 *  the size asked and converted to 8-bit 4:2:0 in limited range, of the
 *  stream's own matrix, packed as CIMG_VIDEO_PLANES_YUV420. As the input of
 *  cimg_video_writer_add: planes at the video's size, encoded as they are. */
#define CIMG_VIDEO_PLANES_YUV420_SCALED 421

/** Opens an MP4 (or MOV) file and its video stream; decodes no frame but
 *  the few the probe needs. Frames above max_pixels (0: no limit) are
 *  CIMG_ERR_LIMIT, with info's size filled in. */
int cimg_video_reader_open(const char *path, int threads, int64_t max_pixels, cimg_video_reader **out,
                           cimg_video_info *info, cimg_error *error);
/**
 * Decodes the next frame, in presentation order, into RGB8 or RGBA8 rows
 * (through the matrix and range the stream declares; BT.601 when it
 * declares none) or CIMG_VIDEO_PLANES_YUV420. At the end, CIMG_OK with
 * frame->decoded = 0.
 */
int cimg_video_reader_next(cimg_video_reader *reader, int output, uint8_t *pixels, size_t bytes_per_row,
                           cimg_video_frame_info *frame, cimg_error *error);
void cimg_video_reader_free(cimg_video_reader *reader);
/** cimg_video_reader_open for the video that fills bytes [start, end) of
 *  the file (a motion photo's); the whole file when end <= start. With
 *  `quick`, no frame is decoded to probe a stream whose codec and size the
 *  container gives (its pixel format is then unknown: chroma_420 is 0), and
 *  threads decode slices, not frames, so the first frame comes at once. */
int cimg_video_reader_open_part(const char *path, int64_t start, int64_t end, int quick, int threads, int64_t max_pixels,
                                cimg_video_reader **out, cimg_video_info *info, cimg_error *error);
/** cimg_video_reader_next, each frame scaled to width x height (area
 *  averaging when smaller) as it is converted to RGB8 or RGBA8. */
int cimg_video_reader_next_scaled(cimg_video_reader *reader, int output, uint32_t width, uint32_t height,
                                  uint8_t *pixels, size_t bytes_per_row, cimg_video_frame_info *frame,
                                  cimg_error *error);
/** Moves to the key frame at or before `ticks` (the stream's time base),
 *  or with `forward` the one at or after it (an error when there is none);
 *  the next frame decoded is that key frame. */
int cimg_video_reader_seek(cimg_video_reader *reader, int64_t ticks, int forward, cimg_error *error);
/** With `on`, the decoder decodes key frames only and drops the others
 *  unread (a poster search); with 0, every frame. */
void cimg_video_reader_key_frames_only(cimg_video_reader *reader, int on);
/** The container's metadata, then the video stream's: "key\0value\0"
 *  pairs, at most `limit` bytes (the rest is dropped). Release with cimg_buffer_free. */
int cimg_video_reader_tags(cimg_video_reader *reader, size_t limit, cimg_buffer *output, cimg_error *error);

/** FFmpeg's version, "5.1.9-0+deb12u1". */
const char *cimg_video_version(void);

/** Loads FFmpeg, once (it is loaded on first use): CIMG_OK, or
 *  CIMG_ERR_LIBRARY naming the library that cannot be loaded. */
int cimg_video_require(cimg_error *error);

/* ---- Library versions (for --version) --------------------------------- */

/** libjpeg-turbo's version, "2.1.5" (JPEG_LIB_VERSION, "62", when not turbo). */
const char *cimg_version_libjpeg(void);
/** libpng's run-time version, "1.6.39". */
const char *cimg_version_libpng(void);
/** zlib's version, asked of the library. */
const char *cimg_version_zlib(void);
/** libdeflate's version, from its header (it has no function for it). */
const char *cimg_version_libdeflate(void);
/** giflib's version from its header, "5.2.1" (giflib has no function). */
const char *cimg_version_giflib(void);
/** expat's run-time version, "expat_2.5.0". */
const char *cimg_version_expat(void);
/** SQLite's run-time version, "3.40.1". */
const char *cimg_version_sqlite(void);
/** libimagequant's version, "2.17.0" (liq_version(), or the header's
 *  string when the library is the one it describes). */
const char *cimg_version_imagequant(void);
/** FreeType's run-time version as MMmmpp in decimal, 21201 for 2.12.1. */
int cimg_version_freetype(void);

/* ---- Places (GeoNames' cities1000, CC BY 4.0, built in) ---------------- */

/** One city. The strings are UTF-8 and never NULL ("" when the data has
 *  none); they live in the cimg_places that holds the city. */
typedef struct cimg_place {
    const char *name;        /* "Seoul" */
    const char *state;       /* first-level division, "Seoul"; may be "" */
    const char *country;     /* as the data names it, "Republic of Korea" */
    const char *district;    /* second-level division, "Cook County"; may be "" */
    char country_code[4];    /* ISO 3166-1 alpha-2, "KR"; "" when absent */
    double latitude;         /* degrees, north positive */
    double longitude;        /* degrees, east positive */
} cimg_place;

/** Every city of the built-in gazetteer, loaded by cimg_places_load_builtin. */
typedef struct cimg_places {
    cimg_place *places;
    size_t count;
    char *text;              /* the strings' storage */
    size_t text_size;
} cimg_places;

/** Decodes the gazetteer built into the library (CImaging/data/places.bin,
 *  GeoNames' cities1000, embedded with #embed; Scripts/make-place-data.py)
 *  into `places` (zeroed first): CIMG_OK, CIMG_ERR_CORRUPT when the data does
 *  not decode, CIMG_ERR_MEMORY. Release with cimg_places_free. */
int cimg_places_load_builtin(cimg_places *places, cimg_error *error);
/** Frees what cimg_places_load_builtin allocated and zeroes `places`; NULL is ignored. */
void cimg_places_free(cimg_places *places);

/* ---- Inflating (libdeflate) -------------------------------------------- */

/** How a stream passed to cimg_inflate is wrapped. */
typedef enum cimg_inflate_format {
    CIMG_INFLATE_GZIP = 0,
    CIMG_INFLATE_ZLIB = 1,
    CIMG_INFLATE_RAW = 2,
} cimg_inflate_format;

/**
 * Inflates `data` (gzip, zlib or raw deflate) into `output` (allocated here;
 * release with cimg_buffer_free). The output buffer starts small and doubles
 * up to `limit` bytes: a stream that inflates to more is CIMG_ERR_LIMIT, never
 * an allocation past `limit`. Corrupt data is CIMG_ERR_CORRUPT, data that ends
 * early CIMG_ERR_TRUNCATED.
 */
int cimg_inflate(const uint8_t *data, size_t size, int format, size_t limit, cimg_buffer *output,
                 cimg_error *error);

/* ---- Shorelines, lakes and rivers: GSHHG's binned files (GMT's format, read with libnetcdf) */

/** One piece of an outline or a river inside one bin. For shorelines, `level`
 *  is what lies inside it (1 land, 2 lake, 3 island in a lake, 4 pond), and
 *  `entry`/`exit` the bin side it comes in by and leaves by (0 south, 1 east,
 *  2 north, 3 west; 4: closed inside the bin). For rivers, `level` is GSHHG's
 *  river class (1 double-lined, 2 major permanent, ...) and the sides are 4. */
typedef struct cimg_shore_segment {
    int level;
    int entry;
    int exit;
    size_t first_point;      /* index into cimg_shore.points (pairs) */
    size_t point_count;
} cimg_shore_segment;

/** One bin of the file: its south-west corner and size (degrees), the level
 *  at each corner (south-west, south-east, north-east, north-west), its segments. */
typedef struct cimg_shore_bin {
    double west, south, size;
    int corner_levels[4];
    size_t first_segment;
    size_t segment_count;
} cimg_shore_bin;

/** The bins cimg_shore_read_bins read. */
typedef struct cimg_shore {
    cimg_shore_bin *bins;
    size_t bin_count;
    cimg_shore_segment *segments;
    size_t segment_count;
    double *points;          /* longitude, latitude pairs; longitudes in the bin's own 0..360 */
    size_t point_count;
} cimg_shore;

/** A GSHHG binned file opened by cimg_shore_open (binned_GSHHS_f.nc, or
 *  with `rivers` binned_river_f.nc): its bin index is read once; not for
 *  two threads at once. */
typedef struct cimg_shore_file cimg_shore_file;

/** Opens a GSHHG binned file and reads its bin index: CIMG_OK;
 *  CIMG_ERR_LIBRARY when libnetcdf cannot be loaded; CIMG_ERR_CORRUPT for a
 *  file that is not one; CIMG_ERR_MEMORY. Close with cimg_shore_close. */
int cimg_shore_open(const char *path, int rivers, cimg_shore_file **file, cimg_error *error);
/** The file's grid: bins in 360° of longitude, in 180° of latitude, a bin's size (degrees).
 *  Bin numbers run row-major from the north-west: row 0 at 90° N, column 0 at 0° E. */
void cimg_shore_grid(const cimg_shore_file *file, int *columns, int *rows, double *size);
/** Reads the bins numbered `bins` (each only its own segments and points):
 *  CIMG_OK; CIMG_ERR_ARGUMENT for a number outside the grid; CIMG_ERR_CORRUPT;
 *  CIMG_ERR_LIMIT past `max_points` points; CIMG_ERR_MEMORY. Release with cimg_shore_free. */
int cimg_shore_read_bins(cimg_shore_file *file, const int *bins, size_t bin_count, size_t max_points, cimg_shore *shore,
                         cimg_error *error);
/** Closes a file cimg_shore_open opened; NULL is ignored. */
void cimg_shore_close(cimg_shore_file *file);
/** Frees what cimg_shore_read_bins allocated and zeroes `shore`; NULL is ignored. */
void cimg_shore_free(cimg_shore *shore);

#ifdef __cplusplus
}
#endif

#endif
