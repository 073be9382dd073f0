/*
 * libjxl shim: JPEG XL stills and animations, bare codestreams and the
 * ISO-BMFF container, with the Exif and XMP boxes (Brotli-compressed "brob"
 * boxes decompressed by libjxl).
 *
 * The pixels come out as stored: the codestream's orientation is reported,
 * never applied (JxlDecoderSetKeepOrientation), so the caller turns the
 * small resized result instead of the full decode, as it does for JPEG.
 * A thumbnail that needs no more than an eighth of the picture is made from
 * the DC pass alone: libjxl 0.7 has no 1:8 output buffer (the DC buffer of
 * its API is deprecated and inert), so the decode stops at the first
 * JXL_DEC_FRAME_PROGRESSION, flushes the upsampled DC picture into a
 * full-size scratch buffer and averages it down 8x8 here.
 *
 * libjxl returns status codes and never aborts, but it gives no message,
 * and Debian's build prints a trace of every failure on stderr; each call
 * that decodes runs with the C library's stderr pointed at /dev/null (see
 * cimg_jxl_quiet), so a damaged file costs one cimg_error and prints nothing.
 * The input is never closed before the codestream is complete, so a file
 * that ends early is told apart (JXL_DEC_NEED_MORE_INPUT) from a damaged one.
 */
#include "cimg_internal.h"
#include "include/cimaging_jxl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jxl/decode.h>
#include <jxl/encode.h>
#include <jxl/resizable_parallel_runner.h>
#include <jxl/version.h>

#include "cimg_lazy_jxl.h"

CIMG_LAZY_DEFINE(jxl);

/* ---- Quiet: libjxl's failure traces go to /dev/null ---------------------- */

/* glibc lets a program assign stderr (its manual says so). Nested and
 * concurrent decodes share one swap: the first in points stderr at
 * /dev/null, the last out puts the original back. Filmroll itself writes
 * to file descriptor 2 directly, so its own messages are never affected. */
static pthread_mutex_t cimg_jxl_quiet_lock = PTHREAD_MUTEX_INITIALIZER;
static int cimg_jxl_quiet_depth;
static FILE *cimg_jxl_saved_stderr;
static FILE *cimg_jxl_null;

static void cimg_jxl_quiet_begin(void) {
    pthread_mutex_lock(&cimg_jxl_quiet_lock);
    if (cimg_jxl_quiet_depth++ == 0) {
        if (cimg_jxl_null == NULL) cimg_jxl_null = fopen("/dev/null", "w");
        if (cimg_jxl_null != NULL) {
            cimg_jxl_saved_stderr = stderr;
            stderr = cimg_jxl_null;
        }
    }
    pthread_mutex_unlock(&cimg_jxl_quiet_lock);
}

static void cimg_jxl_quiet_end(void) {
    pthread_mutex_lock(&cimg_jxl_quiet_lock);
    if (--cimg_jxl_quiet_depth == 0 && cimg_jxl_saved_stderr != NULL) {
        stderr = cimg_jxl_saved_stderr;
        cimg_jxl_saved_stderr = NULL;
    }
    pthread_mutex_unlock(&cimg_jxl_quiet_lock);
}

static JxlDecoderStatus cimg_jxl_process(JxlDecoder *decoder) {
    cimg_jxl_quiet_begin();
    JxlDecoderStatus status = JxlDecoderProcessInput(decoder);
    cimg_jxl_quiet_end();
    return status;
}

/* ---- Shared ---------------------------------------------------------------- */

static int cimg_jxl_fail_status(JxlDecoderStatus status, const char *stage, cimg_error *error) {
    if (status == JXL_DEC_NEED_MORE_INPUT)
        return cimg_fail(error, CIMG_ERR_TRUNCATED, "the file ends inside the %s (or its data is damaged)", stage);
    return cimg_fail(error, CIMG_ERR_CORRUPT, "libjxl cannot decode the %s", stage);
}

static int cimg_jxl_is_srgb(const JxlColorEncoding *encoding) {
    if (encoding->white_point != JXL_WHITE_POINT_D65 || encoding->transfer_function != JXL_TRANSFER_FUNCTION_SRGB)
        return 0;
    if (encoding->color_space == JXL_COLOR_SPACE_GRAY) return 1;
    return encoding->color_space == JXL_COLOR_SPACE_RGB && encoding->primaries == JXL_PRIMARIES_SRGB;
}

/* The colours the pixels come out in. libjxl converts an XYB (lossy)
 * picture to the file's own colour encoding when that is one it can name;
 * when the file has an ICC profile it cannot name, libjxl would choose
 * linear sRGB, which 8 bits cannot hold without banding: sRGB is asked for
 * instead (what the caller converts to in the end). Read and decode make
 * the same choice, so the profile read describes the pixels decoded. */
static void cimg_jxl_choose_output_colors(JxlDecoder *decoder, const JxlBasicInfo *basic) {
    if (basic->uses_original_profile) return;
    JxlColorEncoding original;
    if (JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &original) ==
        JXL_DEC_SUCCESS)
        return;
    JxlColorEncoding srgb;
    JxlColorEncodingSetToSRGB(&srgb, basic->num_color_channels == 1);
    JxlDecoderSetPreferredColorProfile(decoder, &srgb);
}

/* The index of the picture's black extra channel (a CMYK picture's K), or -1. */
static int cimg_jxl_black_channel(JxlDecoder *decoder, const JxlBasicInfo *basic) {
    for (uint32_t index = 0; index < basic->num_extra_channels; index++) {
        JxlExtraChannelInfo extra;
        if (JxlDecoderGetExtraChannelInfo(decoder, index, &extra) == JXL_DEC_SUCCESS && extra.type == JXL_CHANNEL_BLACK)
            return (int)index;
    }
    return -1;
}

/* ---- Header, colour, frames and boxes -------------------------------------- */

enum { CIMG_JXL_BOX_NONE = 0, CIMG_JXL_BOX_EXIF = 1, CIMG_JXL_BOX_XMP = 2 };

/* The box being copied out of the decoder, grown as libjxl asks. */
typedef struct cimg_jxl_box {
    int kind;
    uint8_t *data;
    size_t capacity;
    size_t limit;
} cimg_jxl_box;

static void cimg_jxl_box_drop(cimg_jxl_box *box) {
    free(box->data);
    box->data = NULL;
    box->capacity = 0;
    box->kind = CIMG_JXL_BOX_NONE;
}

/* Ends the box being copied (the next box began, or the input ended) and
 * keeps it in `info` when it is whole. */
static void cimg_jxl_box_finish(JxlDecoder *decoder, cimg_jxl_box *box, cimg_jxl_info *info) {
    if (box->kind == CIMG_JXL_BOX_NONE) return;
    size_t length = box->capacity - JxlDecoderReleaseBoxBuffer(decoder);
    if (box->kind == CIMG_JXL_BOX_EXIF) {
        /* The Exif box starts with a big-endian offset to the TIFF header. */
        size_t skip = length >= 4 ? 4 + (((size_t)box->data[0] << 24) | ((size_t)box->data[1] << 16) |
                                         ((size_t)box->data[2] << 8) | box->data[3])
                                  : length;
        if (skip < length && info->exif.data == NULL) {
            memmove(box->data, box->data + skip, length - skip);
            info->exif.data = box->data;
            info->exif.size = length - skip;
            box->data = NULL;
        }
    } else if (box->kind == CIMG_JXL_BOX_XMP && length > 0 && info->xmp.data == NULL) {
        info->xmp.data = box->data;
        info->xmp.size = length;
        box->data = NULL;
    }
    cimg_jxl_box_drop(box);
}

static void cimg_jxl_box_start(JxlDecoder *decoder, cimg_jxl_box *box, const cimg_jxl_info *info, int decompresses) {
    JxlBoxType raw, type;
    if (JxlDecoderGetBoxType(decoder, raw, JXL_FALSE) != JXL_DEC_SUCCESS) return;
    if (JxlDecoderGetBoxType(decoder, type, JXL_TRUE) != JXL_DEC_SUCCESS) return;
    int compressed = memcmp(raw, "brob", 4) == 0;
    if (compressed && !decompresses) return;
    int kind = CIMG_JXL_BOX_NONE;
    if (memcmp(type, "Exif", 4) == 0 && info->exif.data == NULL) kind = CIMG_JXL_BOX_EXIF;
    if (memcmp(type, "xml ", 4) == 0 && info->xmp.data == NULL) kind = CIMG_JXL_BOX_XMP;
    if (kind == CIMG_JXL_BOX_NONE) return;
    uint64_t raw_size = 0;
    size_t capacity = 64 * 1024;
    /* A plain box's size is exact; a compressed one's is known only once inflated. */
    if (!compressed && JxlDecoderGetBoxSizeRaw(decoder, &raw_size) == JXL_DEC_SUCCESS && raw_size > 0 &&
        raw_size <= box->limit)
        capacity = (size_t)raw_size;
    if (!compressed && raw_size > box->limit) return;
    if (capacity > box->limit) capacity = box->limit;
    if (capacity == 0 || (box->data = malloc(capacity)) == NULL) return;
    if (JxlDecoderSetBoxBuffer(decoder, box->data, capacity) != JXL_DEC_SUCCESS) {
        cimg_jxl_box_drop(box);
        return;
    }
    box->kind = kind;
    box->capacity = capacity;
}

/* libjxl filled the box buffer: a larger one, up to the limit; past it the box is left out. */
static void cimg_jxl_box_grow(JxlDecoder *decoder, cimg_jxl_box *box) {
    size_t remaining = JxlDecoderReleaseBoxBuffer(decoder);
    if (box->kind == CIMG_JXL_BOX_NONE) return;
    size_t used = box->capacity - remaining;
    size_t capacity = box->capacity * 2 < box->limit ? box->capacity * 2 : box->limit;
    uint8_t *grown = capacity > box->capacity ? realloc(box->data, capacity) : NULL;
    if (grown == NULL) {
        cimg_jxl_box_drop(box);
        return;
    }
    box->data = grown;
    box->capacity = capacity;
    if (JxlDecoderSetBoxBuffer(decoder, box->data + used, capacity - used) != JXL_DEC_SUCCESS) cimg_jxl_box_drop(box);
}

void cimg_jxl_info_free(cimg_jxl_info *info) {
    if (info == NULL) return;
    cimg_buffer_free(&info->icc);
    cimg_buffer_free(&info->exif);
    cimg_buffer_free(&info->xmp);
}

static int cimg_jxl_read_colors(JxlDecoder *decoder, const JxlBasicInfo *basic, cimg_jxl_info *info,
                                cimg_error *error) {
    cimg_jxl_choose_output_colors(decoder, basic);
    JxlColorEncoding encoding;
    if (JxlDecoderGetColorAsEncodedProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &encoding) ==
            JXL_DEC_SUCCESS &&
        cimg_jxl_is_srgb(&encoding)) {
        info->is_srgb = 1;
        return CIMG_OK;
    }
    size_t length = 0;
    if (JxlDecoderGetICCProfileSize(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, &length) != JXL_DEC_SUCCESS ||
        length == 0)
        return CIMG_OK;   /* no profile libjxl can give: the pixels are taken as sRGB */
    if (length > 64u * 1024 * 1024) return cimg_fail(error, CIMG_ERR_LIMIT, "ICC profile of %zu bytes", length);
    uint8_t *icc = malloc(length);
    if (icc == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    if (JxlDecoderGetColorAsICCProfile(decoder, NULL, JXL_COLOR_PROFILE_TARGET_DATA, icc, length) != JXL_DEC_SUCCESS) {
        free(icc);
        return CIMG_OK;
    }
    info->icc.data = icc;
    info->icc.size = length;
    return CIMG_OK;
}

int cimg_jxl_read_info(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_frames,
                       size_t max_box_bytes, cimg_jxl_info *info, cimg_error *error) {
    memset(info, 0, sizeof *info);
    int loaded = cimg_lazy_require(&cimg_lazy_jxl, error);
    if (loaded != CIMG_OK) return loaded;
    JxlSignature signature = JxlSignatureCheck(data, size);
    if (signature == JXL_SIG_NOT_ENOUGH_BYTES) return cimg_fail(error, CIMG_ERR_TRUNCATED, "the file ends inside its signature");
    if (signature == JXL_SIG_INVALID) return cimg_fail(error, CIMG_ERR_CORRUPT, "no JPEG XL signature");
    info->has_container = signature == JXL_SIG_CONTAINER;
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    int events = JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FRAME | JXL_DEC_BOX;
    int decompresses = JxlDecoderSetDecompressBoxes(decoder, JXL_TRUE) == JXL_DEC_SUCCESS;
    if (JxlDecoderSubscribeEvents(decoder, events) != JXL_DEC_SUCCESS ||
        JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) != JXL_DEC_SUCCESS ||
        JxlDecoderSetInput(decoder, data, size) != JXL_DEC_SUCCESS) {
        JxlDecoderDestroy(decoder);
        return cimg_fail(error, CIMG_ERR_MEMORY, "libjxl refused its settings");
    }
    cimg_jxl_box box = {.limit = max_box_bytes};
    JxlBasicInfo basic;
    int status = CIMG_OK, have_basic = 0, have_colors = 0, last_frame = 0, closed = 0;
    for (;;) {
        JxlDecoderStatus event = cimg_jxl_process(decoder);
        if (event == JXL_DEC_BASIC_INFO) {
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS) {
                status = cimg_fail(error, CIMG_ERR_CORRUPT, "unreadable image header");
                break;
            }
            have_basic = 1;
            info->width = basic.xsize;
            info->height = basic.ysize;
            info->bits_per_sample = (int)basic.bits_per_sample;
            info->float_samples = basic.exponent_bits_per_sample > 0;
            info->color_channels = (int)basic.num_color_channels;
            info->has_alpha = basic.alpha_bits > 0;
            info->has_black = basic.num_color_channels == 3 && cimg_jxl_black_channel(decoder, &basic) >= 0;
            info->orientation = basic.orientation >= 1 && basic.orientation <= 8 ? (int)basic.orientation : 1;
            info->is_lossy = !basic.uses_original_profile;
            if (basic.have_preview) {
                info->preview_width = basic.preview.xsize;
                info->preview_height = basic.preview.ysize;
            }
            info->is_animated = basic.have_animation != 0;
            if (basic.have_animation) {
                info->ticks_numerator = basic.animation.tps_numerator;
                info->ticks_denominator = basic.animation.tps_denominator;
                info->loop_count = basic.animation.num_loops;
            }
            if (basic.xsize == 0 || basic.ysize == 0) {
                status = cimg_fail(error, CIMG_ERR_CORRUPT, "the picture has no size");
                break;
            }
            /* Nothing is sized from the header before the caller checks it. */
            if ((uint64_t)basic.xsize * basic.ysize > max_pixels) {
                info->header_only = 1;
                break;
            }
        } else if (event == JXL_DEC_COLOR_ENCODING) {
            status = cimg_jxl_read_colors(decoder, &basic, info, error);
            if (status != CIMG_OK) break;
            have_colors = 1;
        } else if (event == JXL_DEC_FRAME) {
            JxlFrameHeader frame;
            if (JxlDecoderGetFrameHeader(decoder, &frame) != JXL_DEC_SUCCESS) {
                status = cimg_fail(error, CIMG_ERR_CORRUPT, "unreadable frame header");
                break;
            }
            if (++info->frame_count > max_frames) {
                status = cimg_fail(error, CIMG_ERR_LIMIT, "more than %u frames", max_frames);
                break;
            }
            if (frame.is_last) last_frame = 1;
        } else if (event == JXL_DEC_BOX) {
            cimg_jxl_box_finish(decoder, &box, info);
            JxlBoxType type;
            if (JxlDecoderGetBoxType(decoder, type, JXL_FALSE) == JXL_DEC_SUCCESS && memcmp(type, "jbrd", 4) == 0)
                info->has_jpeg_reconstruction = 1;
            cimg_jxl_box_start(decoder, &box, info, decompresses);
        } else if (event == JXL_DEC_BOX_NEED_MORE_OUTPUT) {
            cimg_jxl_box_grow(decoder, &box);
        } else if (event == JXL_DEC_NEED_MORE_INPUT) {
            if (!last_frame || closed) {
                /* The header is whole: a picture cut short is the decode's to report. */
                if (have_basic && have_colors && info->frame_count > 0) info->truncated = !last_frame;
                else status = cimg_jxl_fail_status(event, "header", error);
                break;
            }
            /* Every frame header was read; boxes may follow, up to the end of the file. */
            JxlDecoderReleaseInput(decoder);
            JxlDecoderSetInput(decoder, data + size, 0);
            JxlDecoderCloseInput(decoder);
            closed = 1;
        } else if (event == JXL_DEC_SUCCESS) {
            cimg_jxl_box_finish(decoder, &box, info);
            break;
        } else {
            /* Damage past the last frame header only costs the boxes after it. */
            if (!(have_basic && have_colors && last_frame)) status = cimg_jxl_fail_status(event, "header", error);
            break;
        }
    }
    cimg_jxl_box_drop(&box);
    JxlDecoderDestroy(decoder);
    if (status == CIMG_OK && !info->header_only && (!have_basic || !have_colors || info->frame_count == 0))
        status = cimg_fail(error, CIMG_ERR_TRUNCATED, "the file ends inside the header");
    if (status != CIMG_OK) cimg_jxl_info_free(info);
    return status;
}

/* ---- Pixels ---------------------------------------------------------------- */

/* Averages each 8x8 block of `source` (full size, `channels` per pixel)
 * into one pixel of `target` (ceil(width / 8) x ceil(height / 8)); the
 * last row and column of blocks average what they have. */
static void cimg_jxl_average_8x8(const uint8_t *source, uint32_t width, uint32_t height, int channels,
                                 uint8_t *target, size_t target_stride, uint32_t *sums) {
    uint32_t target_width = (width + 7) / 8, target_height = (height + 7) / 8;
    size_t source_stride = (size_t)width * (size_t)channels;
    for (uint32_t ty = 0; ty < target_height; ty++) {
        uint32_t y0 = ty * 8, rows = height - y0 < 8 ? height - y0 : 8;
        memset(sums, 0, (size_t)target_width * (size_t)channels * sizeof *sums);
        for (uint32_t y = y0; y < y0 + rows; y++) {
            const uint8_t *row = source + (size_t)y * source_stride;
            for (uint32_t tx = 0; tx < target_width; tx++) {
                uint32_t x0 = tx * 8, columns = width - x0 < 8 ? width - x0 : 8;
                const uint8_t *pixel = row + (size_t)x0 * (size_t)channels;
                uint32_t *sum = sums + (size_t)tx * (size_t)channels;
                for (uint32_t x = 0; x < columns; x++, pixel += channels)
                    for (int c = 0; c < channels; c++) sum[c] += pixel[c];
            }
        }
        uint8_t *out = target + (size_t)ty * target_stride;
        for (uint32_t tx = 0; tx < target_width; tx++) {
            uint32_t x0 = tx * 8, columns = width - x0 < 8 ? width - x0 : 8, count = columns * rows;
            for (int c = 0; c < channels; c++) {
                size_t index = (size_t)tx * (size_t)channels + (size_t)c;
                out[index] = (uint8_t)((sums[index] + count / 2) / count);
            }
        }
    }
}

/* A CMYK picture's colour channels (C, M, Y) and black plane, each as
 * stored (1 - ink), into the caller's rows: the four as they are (raw), or
 * each colour sample times black, rounded (the inks without a profile). */
static void cimg_jxl_merge_black(const uint8_t *inks, const uint8_t *black, uint32_t width, uint32_t height, int raw,
                                 uint8_t *out, size_t stride) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *cmy = inks + (size_t)y * width * 3, *k = black + (size_t)y * width;
        uint8_t *pixel = out + (size_t)y * stride;
        for (uint32_t x = 0; x < width; x++, cmy += 3) {
            if (raw) {
                memcpy(pixel, cmy, 3);
                pixel[3] = k[x];
                pixel += 4;
            } else {
                for (int c = 0; c < 3; c++) pixel[c] = (uint8_t)((cmy[c] * k[x] + 127u) / 255u);
                pixel += 3;
            }
        }
    }
}

static uint32_t cimg_jxl_online_cores(void) {
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 ? (uint32_t)cores : 1;
}

int cimg_jxl_decode(const uint8_t *data, size_t size, const cimg_jxl_decode_options *options,
                    uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                    uint32_t *delays_ms, cimg_error *error) {
    int loaded = cimg_lazy_require(&cimg_lazy_jxl, error);
    if (loaded != CIMG_OK) return loaded;
    int channels = options->pixel_format;
    if (channels != CIMG_PIXEL_GRAY8 && channels != CIMG_PIXEL_RGB8 && channels != CIMG_PIXEL_RGBA8)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "JPEG XL decodes to GRAY8, RGB8 or RGBA8");
    if (options->shrink != 1 && options->shrink != 8)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "shrink is 1 or 8, not %d", options->shrink);
    if (options->raw_cmyk && channels != CIMG_PIXEL_RGBA8)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "a CMYK picture's inks decode to RGBA8");
    uint32_t frames = options->frame_count == 0 ? 1 : options->frame_count;
    if (options->shrink != 1 && frames != 1) return cimg_fail(error, CIMG_ERR_ARGUMENT, "a shrunk decode has one frame");
    if (width == 0 || height == 0 || bytes_per_row < (size_t)width * (size_t)channels)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "rows of %zu bytes for %u pixels", bytes_per_row, width);
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    void *runner = NULL;
    if (options->threads != 1) {
        runner = JxlResizableParallelRunnerCreate(NULL);
        if (runner == NULL || JxlDecoderSetParallelRunner(decoder, JxlResizableParallelRunner, runner) != JXL_DEC_SUCCESS) {
            if (runner != NULL) JxlResizableParallelRunnerDestroy(runner);
            JxlDecoderDestroy(decoder);
            return cimg_fail(error, CIMG_ERR_MEMORY, "libjxl's thread pool could not be made");
        }
    }
    int events = JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FRAME | JXL_DEC_FULL_IMAGE;
    if (options->shrink == 8) events |= JXL_DEC_FRAME_PROGRESSION;
    int settings_ok = JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS &&
                      JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS &&
                      JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS &&
                      (options->shrink != 8 || JxlDecoderSetProgressiveDetail(decoder, kDC) == JXL_DEC_SUCCESS) &&
                      JxlDecoderSetInput(decoder, data, size) == JXL_DEC_SUCCESS;
    if (!settings_ok) {
        if (runner != NULL) JxlResizableParallelRunnerDestroy(runner);
        JxlDecoderDestroy(decoder);
        return cimg_fail(error, CIMG_ERR_MEMORY, "libjxl refused its settings");
    }
    JxlPixelFormat format = {(uint32_t)channels, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, bytes_per_row};
    JxlPixelFormat scratch_format = {(uint32_t)channels, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    size_t frame_bytes = bytes_per_row * (size_t)height;
    JxlBasicInfo basic;
    uint8_t *scratch = NULL;      /* the full-size picture a shrink averages down */
    uint32_t *sums = NULL;
    int black = -1;               /* a CMYK picture's black channel */
    uint8_t *inks = NULL, *black_plane = NULL;
    uint32_t done = 0, started = 0;
    int status = CIMG_OK;
    for (;;) {
        JxlDecoderStatus event = cimg_jxl_process(decoder);
        if (event == JXL_DEC_BASIC_INFO) {
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS) {
                status = cimg_fail(error, CIMG_ERR_CORRUPT, "unreadable image header");
                break;
            }
            uint32_t expected_width = basic.xsize, expected_height = basic.ysize;
            if (options->shrink == 8) {
                expected_width = (basic.xsize + 7) / 8;
                expected_height = (basic.ysize + 7) / 8;
            }
            if (expected_width != width || expected_height != height) {
                status = cimg_fail(error, CIMG_ERR_ARGUMENT, "a buffer of %ux%u for a picture decoding to %ux%u",
                                   width, height, expected_width, expected_height);
                break;
            }
            if (channels == CIMG_PIXEL_GRAY8 && basic.num_color_channels != 1) {
                status = cimg_fail(error, CIMG_ERR_ARGUMENT, "a colour picture decoded to grey");
                break;
            }
            black = basic.num_color_channels == 3 ? cimg_jxl_black_channel(decoder, &basic) : -1;
            if (black >= 0 && (options->shrink != 1 || channels != (options->raw_cmyk ? CIMG_PIXEL_RGBA8 : CIMG_PIXEL_RGB8))) {
                status = cimg_fail(error, CIMG_ERR_ARGUMENT, "a CMYK picture decodes whole, to RGBA8 inks or RGB8");
                break;
            }
            if (black < 0 && options->raw_cmyk) {
                status = cimg_fail(error, CIMG_ERR_ARGUMENT, "not a CMYK picture");
                break;
            }
            if (runner != NULL) {
                uint32_t threads = options->threads > 0 ? (uint32_t)options->threads
                                                        : JxlResizableParallelRunnerSuggestThreads(basic.xsize, basic.ysize);
                uint32_t cores = cimg_jxl_online_cores();
                if (options->threads <= 0 && threads > cores) threads = cores;
                JxlResizableParallelRunnerSetThreads(runner, threads > 0 ? threads : 1);
            }
        } else if (event == JXL_DEC_COLOR_ENCODING) {
            cimg_jxl_choose_output_colors(decoder, &basic);
        } else if (event == JXL_DEC_FRAME) {
            JxlFrameHeader frame;
            if (delays_ms != NULL && started < frames && JxlDecoderGetFrameHeader(decoder, &frame) == JXL_DEC_SUCCESS) {
                uint64_t ms = basic.have_animation && basic.animation.tps_numerator > 0
                                  ? (uint64_t)frame.duration * 1000u * basic.animation.tps_denominator /
                                        basic.animation.tps_numerator
                                  : 0;
                delays_ms[started] = ms > UINT32_MAX ? UINT32_MAX : (uint32_t)ms;
            }
            started++;
        } else if (event == JXL_DEC_NEED_IMAGE_OUT_BUFFER) {
            JxlDecoderStatus set;
            if (black >= 0) {
                /* C, M, Y and the black plane apart, merged once the frame is whole. */
                size_t plane = (size_t)basic.xsize * basic.ysize;
                if (inks == NULL) inks = malloc(plane * 3);
                if (black_plane == NULL) black_plane = malloc(plane);
                if (inks == NULL || black_plane == NULL) {
                    status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory for a %ux%u picture", basic.xsize,
                                       basic.ysize);
                    break;
                }
                JxlPixelFormat ink_format = {3, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
                JxlPixelFormat black_format = {1, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
                set = JxlDecoderSetImageOutBuffer(decoder, &ink_format, inks, plane * 3);
                if (set == JXL_DEC_SUCCESS)
                    set = JxlDecoderSetExtraChannelBuffer(decoder, &black_format, black_plane, plane, (uint32_t)black);
            } else if (options->shrink == 8) {
                size_t needed = 0;
                if (JxlDecoderImageOutBufferSize(decoder, &scratch_format, &needed) != JXL_DEC_SUCCESS) {
                    status = cimg_fail(error, CIMG_ERR_CORRUPT, "libjxl gives no output size");
                    break;
                }
                /* calloc: a flush that leaves a pixel out leaves it black, never stale memory. */
                if (scratch == NULL) scratch = calloc(needed, 1);
                if (sums == NULL) sums = calloc((size_t)width * (size_t)channels, sizeof *sums);
                if (scratch == NULL || sums == NULL) {
                    status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory for a %ux%u picture",
                                       basic.xsize, basic.ysize);
                    break;
                }
                set = JxlDecoderSetImageOutBuffer(decoder, &scratch_format, scratch, needed);
            } else {
                set = JxlDecoderSetImageOutBuffer(decoder, &format, pixels + (size_t)done * frame_bytes, frame_bytes);
            }
            if (set != JXL_DEC_SUCCESS) {
                status = cimg_fail(error, CIMG_ERR_ARGUMENT, "the picture does not fit its buffer");
                break;
            }
        } else if (event == JXL_DEC_FRAME_PROGRESSION) {
            /* The DC pass is whole: its 1:8 picture is all a shrink needs. */
            if (scratch == NULL || JxlDecoderGetIntendedDownsamplingRatio(decoder) < 8) continue;
            cimg_jxl_quiet_begin();
            JxlDecoderStatus flushed = JxlDecoderFlushImage(decoder);
            cimg_jxl_quiet_end();
            if (flushed != JXL_DEC_SUCCESS) continue;
            cimg_jxl_average_8x8(scratch, basic.xsize, basic.ysize, channels, pixels, bytes_per_row, sums);
            done = 1;
            break;
        } else if (event == JXL_DEC_FULL_IMAGE) {
            if (options->shrink == 8) cimg_jxl_average_8x8(scratch, basic.xsize, basic.ysize, channels, pixels,
                                                           bytes_per_row, sums);
            if (black >= 0) cimg_jxl_merge_black(inks, black_plane, basic.xsize, basic.ysize, options->raw_cmyk,
                                                 pixels + (size_t)done * frame_bytes, bytes_per_row);
            if (++done == frames) break;
        } else if (event == JXL_DEC_SUCCESS) {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "the file has %u frames, not %u", done, frames);
            break;
        } else {
            status = cimg_jxl_fail_status(event, done > 0 || started > 0 ? "picture data" : "header", error);
            break;
        }
    }
    free(scratch);
    free(sums);
    free(inks);
    free(black_plane);
    if (runner != NULL) JxlResizableParallelRunnerDestroy(runner);
    JxlDecoderDestroy(decoder);
    if (status == CIMG_OK && done < frames) status = cimg_fail(error, CIMG_ERR_CORRUPT, "no picture decoded");
    return status;
}

/* The header's: libjxl is loaded on first use, and --version loads none. */
uint32_t cimg_jxl_version(void) {
    return JPEGXL_MAJOR_VERSION * 1000000 + JPEGXL_MINOR_VERSION * 1000 + JPEGXL_PATCH_VERSION;
}
