/*
 * LibRaw shim: camera RAW files (DNG, CR2, CR3, NEF, ARW, RAF, RW2, ORF,
 * PEF, SRW and the rest LibRaw knows) read from memory.
 *
 * LibRaw is C++ behind a C API: its C functions catch the library's own
 * exceptions and return error codes, which are turned into a cimg_error
 * here. Its default error callbacks print to stderr; they are replaced by
 * ones that only note what happened (a data error, the end of the file,
 * memory). Each call opens the file afresh: opening parses metadata only.
 *
 * Related documentation: LibRaw's API overview and libraw.h, libraw_types.h.
 */
#include "cimg_internal.h"
#include "include/cimaging_raw.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libraw/libraw.h>

#include "cimg_lazy_raw.h"

CIMG_LAZY_DEFINE(raw);

/* What LibRaw's callbacks reported during one open. */
typedef struct cimg_raw_state {
    int data_error;
    /* Where LibRaw's reader stood at the first data error that was not the end of the file. */
    long data_error_offset;
    int end_of_file;
    int memory_error;
} cimg_raw_state;

/* LibRaw's derror(): called once per file, with the reader's position, or
 * -1 at the end of the file. Past the end LibRaw stops unpacking; a data
 * error elsewhere (data that decodes to nothing sensible, or raw data that
 * is not there) it only reports, and goes on making a picture of it. */
static void cimg_raw_on_data_error(void *context, const char *file, const int offset) {
    (void)file;
    cimg_raw_state *state = context;
    if (!state->data_error && offset >= 0) state->data_error_offset = offset;
    state->data_error = 1;
    if (offset < 0) state->end_of_file = 1;
}

static void cimg_raw_on_memory_error(void *context, const char *file, const char *where) {
    (void)file;
    (void)where;
    ((cimg_raw_state *)context)->memory_error = 1;
}

/* A LibRaw error code (or an errno from the few calls that return one) as a cimg_error. */
static int cimg_raw_fail(cimg_error *error, int code, const cimg_raw_state *state, const char *doing) {
    if (state != NULL && state->memory_error) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory %s", doing);
    if (state != NULL && state->end_of_file && code != LIBRAW_FILE_UNSUPPORTED)
        return cimg_fail(error, CIMG_ERR_TRUNCATED, "the file ends inside the image data (%s)", doing);
    switch (code) {
    case LIBRAW_FILE_UNSUPPORTED:
        return cimg_fail(error, CIMG_ERR_CORRUPT, "not a RAW file LibRaw knows (%s)", doing);
    case LIBRAW_UNSUFFICIENT_MEMORY:
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory %s", doing);
    case LIBRAW_TOO_BIG:
    case LIBRAW_MEMPOOL_OVERFLOW:
        return cimg_fail(error, CIMG_ERR_LIMIT, "the image is larger than LibRaw's memory limit (%s)", doing);
    case LIBRAW_NO_THUMBNAIL:
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "the file has no embedded preview");
    case LIBRAW_UNSUPPORTED_THUMBNAIL:
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the embedded preview is in a form LibRaw cannot hand out");
    case LIBRAW_IO_ERROR:
        return cimg_fail(error, CIMG_ERR_TRUNCATED, "the file ends early or cannot be read (%s)", doing);
    default:
        if (code > 0) return cimg_fail(error, CIMG_ERR_MEMORY, "%s failed: %s", doing, strerror(code));
        return cimg_fail(error, CIMG_ERR_CORRUPT, "%s failed: %s", doing, libraw_strerror(code));
    }
}

/*
 * Rows of the unpacked raw data that hold nothing but zeros: raw data the
 * file does not hold, which LibRaw's readers leave zero without a word (a
 * real sensor's rows carry its black level or its noise, dark frames too).
 */
static size_t cimg_raw_empty_rows(const libraw_data_t *raw) {
    const libraw_rawdata_t *data = &raw->rawdata;
    size_t rows = raw->sizes.raw_height, width = raw->sizes.raw_width, pitch = raw->sizes.raw_pitch;
    const uint8_t *base = NULL;
    size_t row_bytes = 0;
    if (data->raw_image != NULL) base = (const uint8_t *)data->raw_image, row_bytes = width * 2;
    else if (data->color4_image != NULL) base = (const uint8_t *)data->color4_image, row_bytes = width * 8;
    else if (data->color3_image != NULL) base = (const uint8_t *)data->color3_image, row_bytes = width * 6;
    else if (data->float_image != NULL) base = (const uint8_t *)data->float_image, row_bytes = width * 4;
    else if (data->float3_image != NULL) base = (const uint8_t *)data->float3_image, row_bytes = width * 12;
    else if (data->float4_image != NULL) base = (const uint8_t *)data->float4_image, row_bytes = width * 16;
    if (base == NULL || row_bytes == 0) return 0;
    if (pitch < row_bytes) pitch = row_bytes;
    size_t empty = 0;
    for (size_t y = 0; y < rows; y++) {
        const uint8_t *row = base + y * pitch;
        size_t x = 0;
        while (x < row_bytes && row[x] == 0) x++;
        if (x == row_bytes) empty++;
    }
    return empty;
}

/* Four bytes at `at` in Phase One's order (0x4949 little-endian, else big), or all ones past the end (LibRaw's get4). */
static uint32_t cimg_raw_p1_get4(const uint8_t *data, size_t size, size_t at, int little) {
    if (at > size || size - at < 4) return 0xFFFFFFFFu;
    const uint8_t *p = data + at;
    return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
                  : (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}

/*
 * Whether LibRaw 0.20 can parse a Phase One file in bounded time. When its
 * directory names neither the body (0x0410) nor its serial (0x0102),
 * parse_phase_one reads a second directory from the metadata block
 * (0x0110, else the file's start) and loops over as many entries as that
 * directory's count says: 4 billion when the count lies past the end of
 * the file, minutes of work for a file of a few bytes. Files that are no
 * Phase One files pass.
 */
static int cimg_raw_phase_one_is_bounded(const uint8_t *data, size_t size) {
    size_t base = SIZE_MAX;
    for (size_t at = 0; at < 29 && at + 8 <= size; at++) {
        if (memcmp(data + at, "IIII", 4) == 0 || memcmp(data + at, "MMMM", 4) == 0) {
            base = at;
            break;
        }
    }
    if (base == SIZE_MAX) return 1;
    int little = data[base] == 'I';
    if ((cimg_raw_p1_get4(data, size, base + 4, little) >> 8) != 0x526177) return 1;   /* no "Raw": LibRaw stops */
    uint32_t offset = cimg_raw_p1_get4(data, size, base + 8, little);
    if (offset == 0xbad0bad) return 1;
    size_t directory = base + offset;
    uint32_t entries = cimg_raw_p1_get4(data, size, directory, little);
    if (entries > 8192) return 1;   /* LibRaw gives up */
    size_t meta_offset = 0;
    for (uint32_t i = 0; i < entries; i++) {
        size_t entry = directory + 8 + (size_t)i * 16;
        uint32_t tag = cimg_raw_p1_get4(data, size, entry, little);
        if (tag == 0x0102 || tag == 0x0410) return 1;   /* a body or serial: no second directory */
        if (tag == 0x0110) meta_offset = base + cimg_raw_p1_get4(data, size, entry + 12, little);
    }
    if (meta_offset > size || size - meta_offset < 12) return 0;
    int meta_little = data[meta_offset] == 0x49 && data[meta_offset + 1] == 0x49;
    uint32_t meta_directory = cimg_raw_p1_get4(data, size, meta_offset + 8, meta_little);
    uint32_t meta_entries = cimg_raw_p1_get4(data, size, meta_offset + (size_t)meta_directory, meta_little);
    /* Each entry is 12 bytes: a count the file cannot hold is the endless loop. */
    return (size_t)meta_entries <= size / 12;
}

/*
 * A LibRaw handle over `data`, parsed, with quiet callbacks and the
 * processing settings Filmroll uses. user_flip: LibRaw's flip to use when
 * processing (-1 = the file's; 0 = none). Returns CIMG_OK or a status.
 */
static int cimg_raw_open(const uint8_t *data, size_t size, uint32_t max_raw_megabytes, int half_size, int user_flip,
                         cimg_raw_state *state, libraw_data_t **out, cimg_error *error) {
    *out = NULL;
    memset(state, 0, sizeof *state);
    int loaded = cimg_lazy_require(&cimg_lazy_raw, error);
    if (loaded != CIMG_OK) return loaded;
    if (data == NULL || size < 16) return cimg_fail(error, CIMG_ERR_TRUNCATED, "the file is too short for a RAW file");
    if (!cimg_raw_phase_one_is_bounded(data, size))
        return cimg_fail(error, CIMG_ERR_CORRUPT, "a Phase One file whose metadata directory lies outside the file");
    libraw_data_t *raw = libraw_init(LIBRAW_OPIONS_NO_MEMERR_CALLBACK | LIBRAW_OPIONS_NO_DATAERR_CALLBACK);
    if (raw == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory starting LibRaw");
    libraw_set_memerror_handler(raw, cimg_raw_on_memory_error, state);
    libraw_set_dataerror_handler(raw, cimg_raw_on_data_error, state);
    raw->params.use_camera_wb = 1;      /* the white balance the camera chose */
    raw->params.use_camera_matrix = 1;  /* the camera's (DNG's) colour matrix */
    raw->params.output_color = 1;       /* sRGB primaries */
    raw->params.output_bps = 8;         /* sRGB curve (gamm defaults to BT.709's 0.45/4.5, as dcraw) */
    raw->params.half_size = half_size ? 1 : 0;
    raw->params.user_flip = user_flip;
    if (max_raw_megabytes > 0) raw->params.max_raw_memory_mb = max_raw_megabytes;
    /* libraw_open_buffer takes a non-const pointer but only reads. */
    int code = libraw_open_buffer(raw, (void *)data, size);
    if (code != LIBRAW_SUCCESS) {
        int status = cimg_raw_fail(error, code, state, "reading the header");
        libraw_close(raw);
        return status;
    }
    if (raw->sizes.width == 0 || raw->sizes.height == 0 || raw->sizes.raw_width == 0 || raw->sizes.raw_height == 0) {
        libraw_close(raw);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the header gives no image size");
    }
    *out = raw;
    return CIMG_OK;
}

static void cimg_raw_copy_text(char *out, size_t capacity, const char *text, size_t text_capacity) {
    size_t length = strnlen(text, text_capacity);
    if (length >= capacity) length = capacity - 1;
    memcpy(out, text, length);
    out[length] = 0;
    while (length > 0 && (out[length - 1] == ' ')) out[--length] = 0;
}

static uint32_t cimg_raw_be16(const uint8_t *p) { return ((uint32_t)p[0] << 8) | p[1]; }

/* The frame size of a JPEG stream from its SOF marker; 0 when there is none. */
static int cimg_raw_jpeg_size(const uint8_t *jpeg, size_t length, uint32_t *width, uint32_t *height) {
    if (length < 4 || jpeg[0] != 0xFF || jpeg[1] != 0xD8) return 0;
    size_t at = 2;
    while (at + 4 <= length) {
        if (jpeg[at] != 0xFF) return 0;
        uint8_t marker = jpeg[at + 1];
        if (marker == 0xFF) { at++; continue; }
        if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { at += 2; continue; }
        if (marker == 0xD9 || marker == 0xDA) return 0;
        size_t segment = cimg_raw_be16(jpeg + at + 2);
        if (segment < 2 || at + 2 + segment > length) return 0;
        int is_frame = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
        if (is_frame) {
            if (segment < 7) return 0;
            *height = cimg_raw_be16(jpeg + at + 5);
            *width = cimg_raw_be16(jpeg + at + 7);
            return *width > 0 && *height > 0;
        }
        at += 2 + segment;
    }
    return 0;
}

/* LibRaw's flip (dcraw's: 1 mirror, 2 flip, 4 transpose) as an EXIF Orientation. */
static int cimg_raw_orientation(int flip) {
    static const char table[] = "12435867";
    return (flip >= 0 && flip < 8) ? table[flip] - '0' : 1;
}

static void cimg_raw_read_facts(const libraw_data_t *raw, cimg_raw_info *info) {
    cimg_raw_copy_text(info->make, sizeof info->make, raw->idata.make, sizeof raw->idata.make);
    cimg_raw_copy_text(info->model, sizeof info->model, raw->idata.model, sizeof raw->idata.model);
    const char *lens = raw->lens.Lens[0] ? raw->lens.Lens : raw->lens.makernotes.Lens;
    cimg_raw_copy_text(info->lens, sizeof info->lens, lens, sizeof raw->lens.Lens);
    if (raw->other.timestamp > 0) {
        /* LibRaw turned the camera's wall-clock text into time_t with
         * mktime; localtime_r gives the same fields back. */
        struct tm fields;
        time_t stamp = raw->other.timestamp;
        if (localtime_r(&stamp, &fields) != NULL && fields.tm_year + 1900 >= 1 && fields.tm_year + 1900 <= 9999) {
            char text[80];
            snprintf(text, sizeof text, "%04d:%02d:%02d %02d:%02d:%02d", fields.tm_year + 1900, fields.tm_mon + 1,
                     fields.tm_mday, fields.tm_hour, fields.tm_min, fields.tm_sec);
            cimg_raw_copy_text(info->date_time, sizeof info->date_time, text, sizeof text);
        }
    }
    info->iso = raw->other.iso_speed;
    info->shutter_seconds = raw->other.shutter;
    info->aperture = raw->other.aperture;
    info->focal_length = raw->other.focal_len;
    const libraw_gps_info_t *gps = &raw->other.parsed_gps;
    if (gps->gpsparsed) {
        double latitude = gps->latitude[0] + gps->latitude[1] / 60.0 + gps->latitude[2] / 3600.0;
        double longitude = gps->longitude[0] + gps->longitude[1] / 60.0 + gps->longitude[2] / 3600.0;
        if (latitude >= 0 && latitude <= 90 && longitude >= 0 && longitude <= 180 && (latitude != 0 || longitude != 0)) {
            info->has_gps = 1;
            info->latitude = (gps->latref == 'S' || gps->latref == 's') ? -latitude : latitude;
            info->longitude = (gps->longref == 'W' || gps->longref == 'w') ? -longitude : longitude;
        }
    }
    info->raw_width = raw->sizes.raw_width;
    info->raw_height = raw->sizes.raw_height;
    info->orientation = cimg_raw_orientation(raw->sizes.flip);
    info->colors = raw->idata.colors;
    info->has_filter = raw->idata.filters != 0;
    info->dng_version = raw->idata.dng_version;
}

/* The output size of a decode as LibRaw will make it (pixel aspect and
 * Fuji's rotated sensors included), for a freshly opened handle. */
static int cimg_raw_output_size(libraw_data_t *raw, uint32_t *width, uint32_t *height, cimg_raw_state *state,
                                cimg_error *error) {
    int code = libraw_adjust_sizes_info_only(raw);
    if (code != LIBRAW_SUCCESS) return cimg_raw_fail(error, code, state, "sizing the image");
    *width = raw->sizes.iwidth;
    *height = raw->sizes.iheight;
    if (*width == 0 || *height == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "the header gives no image size");
    return CIMG_OK;
}

/* Reads the preview LibRaw picks into raw->thumbnail; CIMG_OK, or a status. */
static int cimg_raw_unpack_preview(libraw_data_t *raw, cimg_raw_state *state, cimg_error *error) {
    int code = libraw_unpack_thumb(raw);
    if (code != LIBRAW_SUCCESS) return cimg_raw_fail(error, code, state, "reading the embedded preview");
    const libraw_thumbnail_t *thumbnail = &raw->thumbnail;
    if (thumbnail->thumb == NULL || thumbnail->tlength == 0)
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the embedded preview is empty");
    if (thumbnail->tformat == LIBRAW_THUMBNAIL_BITMAP) {
        size_t needed = (size_t)thumbnail->twidth * thumbnail->theight * 3;
        if (thumbnail->twidth == 0 || thumbnail->theight == 0 || thumbnail->tlength < needed)
            return cimg_fail(error, CIMG_ERR_CORRUPT, "the embedded bitmap preview is shorter than its size");
    } else if (thumbnail->tformat != LIBRAW_THUMBNAIL_JPEG) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the embedded preview is in a form LibRaw cannot hand out");
    }
    return CIMG_OK;
}

int cimg_raw_read_info(const uint8_t *data, size_t size, uint32_t max_raw_megabytes, cimg_raw_info *info,
                       cimg_error *error) {
    memset(info, 0, sizeof *info);
    cimg_raw_state state;
    libraw_data_t *raw = NULL;
    int status = cimg_raw_open(data, size, max_raw_megabytes, 0, -1, &state, &raw, error);
    if (status != CIMG_OK) return status;
    cimg_raw_read_facts(raw, info);

    /* Sizes as processing will make them, with no flip: the file's own
     * flip was read above, before user_flip replaces it. */
    raw->params.user_flip = 0;
    status = cimg_raw_output_size(raw, &info->width, &info->height, &state, error);
    if (status != CIMG_OK) {
        libraw_close(raw);
        return status;
    }

    /* The preview, last: LibRaw recycles the handle after a read error.
     * A damaged or missing preview is no error, the raw data may be fine. */
    cimg_error ignored;
    if (cimg_raw_unpack_preview(raw, &state, &ignored) == CIMG_OK) {
        const libraw_thumbnail_t *thumbnail = &raw->thumbnail;
        uint32_t width = thumbnail->twidth, height = thumbnail->theight;
        int usable = thumbnail->tformat == LIBRAW_THUMBNAIL_BITMAP ||
                     cimg_raw_jpeg_size((const uint8_t *)thumbnail->thumb, thumbnail->tlength, &width, &height);
        if (usable) {
            info->preview_format = thumbnail->tformat == LIBRAW_THUMBNAIL_JPEG ? CIMG_RAW_PREVIEW_JPEG
                                                                               : CIMG_RAW_PREVIEW_BITMAP;
            info->preview_width = width;
            info->preview_height = height;
            info->preview_length = thumbnail->tlength;
        }
    }
    libraw_close(raw);

    info->half_width = info->width;
    info->half_height = info->height;
    if (info->has_filter) {
        /* adjust_sizes_info_only changes the handle for good: a second open for half size. */
        status = cimg_raw_open(data, size, max_raw_megabytes, 1, 0, &state, &raw, error);
        if (status != CIMG_OK) return status;
        status = cimg_raw_output_size(raw, &info->half_width, &info->half_height, &state, error);
        libraw_close(raw);
        if (status != CIMG_OK) return status;
    }
    return CIMG_OK;
}

int cimg_raw_copy_preview(const uint8_t *data, size_t size, size_t max_bytes, cimg_buffer *output, int *format,
                          uint32_t *width, uint32_t *height, cimg_error *error) {
    memset(output, 0, sizeof *output);
    *format = CIMG_RAW_PREVIEW_NONE;
    *width = 0;
    *height = 0;
    cimg_raw_state state;
    libraw_data_t *raw = NULL;
    int status = cimg_raw_open(data, size, 0, 0, -1, &state, &raw, error);
    if (status != CIMG_OK) return status;
    status = cimg_raw_unpack_preview(raw, &state, error);
    if (status != CIMG_OK) {
        libraw_close(raw);
        return status;
    }
    const libraw_thumbnail_t *thumbnail = &raw->thumbnail;
    size_t length = thumbnail->tlength;
    if (thumbnail->tformat == LIBRAW_THUMBNAIL_BITMAP) length = (size_t)thumbnail->twidth * thumbnail->theight * 3;
    if (length > max_bytes) {
        libraw_close(raw);
        return cimg_fail(error, CIMG_ERR_LIMIT, "the embedded preview has %zu bytes, more than %zu", length, max_bytes);
    }
    uint8_t *bytes = malloc(length);
    if (bytes == NULL) {
        libraw_close(raw);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory copying the embedded preview");
    }
    /* The JPEG as stored: not libraw_dcraw_make_mem_thumb's copy, which
     * adds an EXIF block of its own when the stream has none. */
    memcpy(bytes, thumbnail->thumb, length);
    *format = thumbnail->tformat == LIBRAW_THUMBNAIL_JPEG ? CIMG_RAW_PREVIEW_JPEG : CIMG_RAW_PREVIEW_BITMAP;
    *width = thumbnail->twidth;
    *height = thumbnail->theight;
    if (*format == CIMG_RAW_PREVIEW_JPEG) cimg_raw_jpeg_size(bytes, length, width, height);
    libraw_close(raw);
    output->data = bytes;
    output->size = length;
    return CIMG_OK;
}

int cimg_raw_decode(const uint8_t *data, size_t size, int half_size, uint32_t max_raw_megabytes, uint8_t *pixels,
                    size_t bytes_per_row, uint32_t width, uint32_t height, cimg_error *error) {
    if (pixels == NULL || bytes_per_row < (size_t)width * 3)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "the pixel buffer is too small");
    cimg_raw_state state;
    libraw_data_t *raw = NULL;
    int status = cimg_raw_open(data, size, max_raw_megabytes, half_size, 0, &state, &raw, error);
    if (status != CIMG_OK) return status;
    /* The raw data's errors only: what parsing the header met was no loss of pixels. */
    state.data_error = 0;
    state.data_error_offset = 0;
    int code = libraw_unpack(raw);
    if (code != LIBRAW_SUCCESS || state.end_of_file || state.memory_error) {
        status = cimg_raw_fail(error, code, &state, "unpacking the raw data");
        libraw_close(raw);
        return status;
    }
    /* What LibRaw would make a black or white picture of, and call a success. */
    if (state.data_error) {
        libraw_close(raw);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the raw data is damaged or missing (LibRaw's data error at byte %ld)",
                         state.data_error_offset);
    }
    /* Half the rows empty or more: a picture of the few bytes there are (a stub, a file cut short). */
    size_t rows = raw->sizes.raw_height, empty = cimg_raw_empty_rows(raw);
    if (rows > 0 && empty * 2 >= rows) {
        libraw_close(raw);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the raw data is missing (%zu of its %zu rows hold nothing)", empty,
                         rows);
    }
    code = libraw_dcraw_process(raw);
    if (code != LIBRAW_SUCCESS || state.memory_error) {
        status = cimg_raw_fail(error, code, &state, "processing the raw data");
        libraw_close(raw);
        return status;
    }
    libraw_processed_image_t *image = libraw_dcraw_make_mem_image(raw, &code);
    if (image == NULL) {
        status = cimg_raw_fail(error, code != 0 ? code : LIBRAW_UNSUFFICIENT_MEMORY, &state, "making the image");
        libraw_close(raw);
        return status;
    }
    if (image->type != LIBRAW_IMAGE_BITMAP || image->bits != 8 || (image->colors != 1 && image->colors != 3)) {
        status = cimg_fail(error, CIMG_ERR_CORRUPT, "LibRaw made an image of %d colours at %d bits", image->colors,
                           image->bits);
    } else if (image->width != width || image->height != height) {
        status = cimg_fail(error, CIMG_ERR_CORRUPT, "decoded %ux%u where the header says %ux%u",
                           (unsigned)image->width, (unsigned)image->height, width, height);
    } else {
        size_t source_row = (size_t)width * image->colors;
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *source = image->data + (size_t)y * source_row;
            uint8_t *row = pixels + (size_t)y * bytes_per_row;
            if (image->colors == 3) {
                memcpy(row, source, (size_t)width * 3);
            } else {
                for (uint32_t x = 0; x < width; x++) row[x * 3] = row[x * 3 + 1] = row[x * 3 + 2] = source[x];
            }
        }
        status = CIMG_OK;
    }
    libraw_dcraw_clear_mem(image);
    libraw_close(raw);
    return status;
}

/* The header's: LibRaw is loaded on first use, and --version loads none. */
const char *cimg_raw_version(void) { return LIBRAW_VERSION_STR; }
