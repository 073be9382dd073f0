/*
 * libheif shim: HEIC and AVIF stills. The primary image only; its
 * transformations (irot, imir, clap) are applied by libheif, as the HEIF
 * rule says, and the EXIF Orientation stored inside is never applied on top.
 *
 * libheif reports errors as struct heif_error values (it does not abort);
 * each is turned into a cimg_error here. libheif's security limits (image
 * size, item counts) stay at their defaults. Each call parses the file
 * afresh: parsing reads boxes only, no compressed data.
 */
#include "cimg_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

#include "cimg_lazy_heif.h"

CIMG_LAZY_DEFINE(heif);

static pthread_once_t cimg_heif_once = PTHREAD_ONCE_INIT;

static void cimg_heif_initialize(void) { heif_init(NULL); }

static int cimg_heif_fail(cimg_error *error, struct heif_error failure) {
    int status = CIMG_ERR_CORRUPT;
    /* libheif reports its size and count limits as allocation errors. */
    if (failure.subcode == heif_suberror_Security_limit_exceeded) status = CIMG_ERR_LIMIT;
    else if (failure.code == heif_error_Memory_allocation_error) status = CIMG_ERR_MEMORY;
    else if (failure.subcode == heif_suberror_End_of_data) status = CIMG_ERR_TRUNCATED;
    else if (failure.code == heif_error_Unsupported_feature || failure.code == heif_error_Unsupported_filetype)
        status = CIMG_ERR_CORRUPT;
    const char *message = failure.message != NULL && failure.message[0] != 0 ? failure.message : "unreadable file";
    cimg_fail(error, status, "%s", message);
    /* libheif's messages may span lines; the caller prints one. */
    if (error != NULL) {
        size_t length = strlen(error->message);
        while (length > 0 && (error->message[length - 1] == '\n' || error->message[length - 1] == ' '))
            error->message[--length] = 0;
        for (char *c = error->message; *c; c++) if (*c == '\n' || *c == '\r') *c = ' ';
    }
    return status;
}

/* A parsed file and its primary image; both released by cimg_heif_close. */
typedef struct cimg_heif_file {
    struct heif_context *context;
    struct heif_image_handle *primary;
} cimg_heif_file;

static void cimg_heif_close(cimg_heif_file *file) {
    if (file->primary != NULL) heif_image_handle_release(file->primary);
    if (file->context != NULL) heif_context_free(file->context);
    file->primary = NULL;
    file->context = NULL;
}


/* ---- A check libheif 1.15 lacks: derived images (grids, overlays) whose
 * tiles are themselves derived images. A grid that lists itself as a tile
 * sends libheif into endless recursion (a crash, or a thread per level).
 * Real files never nest derivations, so a nested one is refused. */

#define CIMG_HEIF_MAX_REFERENCES 4096   /* tiles of all grids together; an iPhone 48 MP photo has 192 */

static uint32_t cimg_be(const uint8_t *p, int bytes) {
    uint32_t value = 0;
    for (int i = 0; i < bytes; i++) value = (value << 8) | p[i];
    return value;
}

/* The next box in [*at, end): its type and payload; 0 at the end or on damage. */
static int cimg_next_box(const uint8_t *data, size_t *at, size_t end, uint32_t *type, size_t *start, size_t *stop) {
    if (*at + 8 > end) return 0;
    uint64_t size = cimg_be(data + *at, 4);
    size_t header = 8;
    if (size == 1) {
        if (*at + 16 > end) return 0;
        size = ((uint64_t)cimg_be(data + *at + 8, 4) << 32) | cimg_be(data + *at + 12, 4);
        header = 16;
    } else if (size == 0) {
        size = end - *at;
    }
    if (size < header || size > end - *at) return 0;
    *type = cimg_be(data + *at + 4, 4);
    *start = *at + header;
    *stop = *at + (size_t)size;
    *at = *stop;
    return 1;
}

#define CIMG_FOURCC(a, b, c, d) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | ((uint32_t)(c) << 8) | (uint32_t)(d))

static int cimg_heif_check_derivations(const uint8_t *data, size_t size, cimg_error *error) {
    uint32_t type;
    size_t at = 0, start, stop, meta_start = 0, meta_stop = 0;
    while (cimg_next_box(data, &at, size, &type, &start, &stop)) {
        if (type == CIMG_FOURCC('m', 'e', 't', 'a')) { meta_start = start + 4; meta_stop = stop; break; }
    }
    if (meta_stop <= meta_start) return CIMG_OK;   /* libheif reports what is missing */
    at = meta_start;
    while (cimg_next_box(data, &at, meta_stop, &type, &start, &stop)) {
        if (type != CIMG_FOURCC('i', 'r', 'e', 'f') || stop <= start + 4) continue;
        int id_bytes = data[start] == 0 ? 2 : 4;
        size_t derived_count = 0, tile_count = 0, reference = start + 4, child_start, child_stop;
        uint32_t *derived_ids = malloc(CIMG_HEIF_MAX_REFERENCES * sizeof(uint32_t));
        uint32_t *tile_ids = malloc(CIMG_HEIF_MAX_REFERENCES * sizeof(uint32_t));
        if (derived_ids == NULL || tile_ids == NULL) {
            free(derived_ids);
            free(tile_ids);
            return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        }
        int status = CIMG_OK;
        while (status == CIMG_OK && cimg_next_box(data, &reference, stop, &type, &child_start, &child_stop)) {
            if (type != CIMG_FOURCC('d', 'i', 'm', 'g')) continue;
            if (child_start + (size_t)id_bytes + 2 > child_stop) continue;
            uint32_t from = cimg_be(data + child_start, id_bytes);
            size_t count = cimg_be(data + child_start + id_bytes, 2);
            const uint8_t *ids = data + child_start + id_bytes + 2;
            if (count * (size_t)id_bytes > child_stop - (child_start + id_bytes + 2)) continue;
            if (derived_count == CIMG_HEIF_MAX_REFERENCES || tile_count + count > CIMG_HEIF_MAX_REFERENCES) {
                status = cimg_fail(error, CIMG_ERR_LIMIT, "more than %d tiles", CIMG_HEIF_MAX_REFERENCES);
                break;
            }
            derived_ids[derived_count++] = from;
            for (size_t i = 0; i < count; i++) tile_ids[tile_count++] = cimg_be(ids + i * (size_t)id_bytes, id_bytes);
        }
        for (size_t t = 0; status == CIMG_OK && t < tile_count; t++) {
            for (size_t d = 0; d < derived_count; d++) {
                if (tile_ids[t] == derived_ids[d]) {
                    status = cimg_fail(error, CIMG_ERR_CORRUPT,
                                       "image item %u is built from derived images (a loop, or nested grids)",
                                       (unsigned)tile_ids[t]);
                    break;
                }
            }
        }
        free(derived_ids);
        free(tile_ids);
        return status;
    }
    return CIMG_OK;
}

/* The largest size an ispe box of the file declares (meta > iprp > ipco
 * > ispe), read from the boxes alone, before libheif allocates anything
 * sized from them. 0 x 0 when there is none. */
void cimg_heif_declared_size(const uint8_t *data, size_t size, uint32_t *width, uint32_t *height) {
    *width = 0;
    *height = 0;
    uint32_t type;
    size_t at = 0, start, stop;
    static const uint32_t path[] = {CIMG_FOURCC('m', 'e', 't', 'a'), CIMG_FOURCC('i', 'p', 'r', 'p'),
                                    CIMG_FOURCC('i', 'p', 'c', 'o')};
    size_t end = size;
    for (size_t level = 0; level < 3; level++) {
        int found = 0;
        while (cimg_next_box(data, &at, end, &type, &start, &stop)) {
            if (type != path[level]) continue;
            at = level == 0 ? start + 4 : start;    /* meta is a full box */
            end = stop;
            found = at <= end;
            break;
        }
        if (!found) return;
    }
    uint64_t largest = 0;
    while (cimg_next_box(data, &at, end, &type, &start, &stop)) {
        if (type != CIMG_FOURCC('i', 's', 'p', 'e') || stop - start < 12) continue;
        uint32_t w = cimg_be(data + start + 4, 4), h = cimg_be(data + start + 8, 4);
        if ((uint64_t)w * h > largest) {
            largest = (uint64_t)w * h;
            *width = w;
            *height = h;
        }
    }
}

static int cimg_heif_open(const uint8_t *data, size_t size, cimg_heif_file *file, cimg_error *error) {
    memset(file, 0, sizeof *file);
    int loaded = cimg_lazy_require(&cimg_lazy_heif, error);
    if (loaded != CIMG_OK) return loaded;
    pthread_once(&cimg_heif_once, cimg_heif_initialize);
    if (size < 12) return cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends inside the ftyp box");
    int checked = cimg_heif_check_derivations(data, size, error);
    if (checked != CIMG_OK) return checked;
    file->context = heif_context_alloc();
    if (file->context == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    struct heif_error result = heif_context_read_from_memory_without_copy(file->context, data, size, NULL);
    if (result.code == heif_error_Ok) result = heif_context_get_primary_image_handle(file->context, &file->primary);
    if (result.code != heif_error_Ok) {
        /* The message lives in the context: copy it before freeing. */
        int status = cimg_heif_fail(error, result);
        cimg_heif_close(file);
        return status;
    }
    return CIMG_OK;
}

/* The first metadata block of `type` (and content type, when given), or 0. */
static heif_item_id cimg_heif_metadata_id(const struct heif_image_handle *handle, const char *type,
                                          const char *content_type) {
    int count = heif_image_handle_get_number_of_metadata_blocks(handle, type);
    if (count <= 0) return 0;
    heif_item_id *ids = calloc((size_t)count, sizeof *ids);
    if (ids == NULL) return 0;
    count = heif_image_handle_get_list_of_metadata_block_IDs(handle, type, ids, count);
    heif_item_id found = 0;
    for (int index = 0; index < count && found == 0; index++) {
        const char *kind = heif_image_handle_get_metadata_content_type(handle, ids[index]);
        if (content_type == NULL || (kind != NULL && strcmp(kind, content_type) == 0)) found = ids[index];
    }
    free(ids);
    return found;
}

static heif_item_id cimg_heif_xmp_id(const struct heif_image_handle *handle) {
    return cimg_heif_metadata_id(handle, "mime", "application/rdf+xml");
}

/* The largest thumbnail of the primary image, or NULL. */
static struct heif_image_handle *cimg_heif_largest_thumbnail(const struct heif_image_handle *primary) {
    int count = heif_image_handle_get_number_of_thumbnails(primary);
    if (count <= 0 || count > 64) return NULL;
    heif_item_id ids[64];
    count = heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, count);
    struct heif_image_handle *largest = NULL;
    long largest_pixels = 0;
    for (int index = 0; index < count; index++) {
        struct heif_image_handle *thumbnail = NULL;
        if (heif_image_handle_get_thumbnail(primary, ids[index], &thumbnail).code != heif_error_Ok) continue;
        long pixels = (long)heif_image_handle_get_width(thumbnail) * heif_image_handle_get_height(thumbnail);
        if (pixels > largest_pixels) {
            if (largest != NULL) heif_image_handle_release(largest);
            largest = thumbnail;
            largest_pixels = pixels;
        } else {
            heif_image_handle_release(thumbnail);
        }
    }
    return largest;
}

int cimg_heif_read_info(const uint8_t *data, size_t size, cimg_heif_info *info, cimg_error *error) {
    memset(info, 0, sizeof *info);
    cimg_heif_file file;
    int status = cimg_heif_open(data, size, &file, error);
    if (status != CIMG_OK) return status;
    struct heif_image_handle *primary = file.primary;
    int width = heif_image_handle_get_width(primary), height = heif_image_handle_get_height(primary);
    if (width <= 0 || height <= 0) {
        cimg_heif_close(&file);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the primary image has no size");
    }
    info->width = (uint32_t)width;
    info->height = (uint32_t)height;
    int ispe_width = heif_image_handle_get_ispe_width(primary), ispe_height = heif_image_handle_get_ispe_height(primary);
    info->stored_width = ispe_width > 0 ? (uint32_t)ispe_width : info->width;
    info->stored_height = ispe_height > 0 ? (uint32_t)ispe_height : info->height;
    info->has_alpha = heif_image_handle_has_alpha_channel(primary);
    info->bit_depth = heif_image_handle_get_luma_bits_per_pixel(primary);
    info->image_count = heif_context_get_number_of_top_level_images(file.context);
    struct heif_image_handle *thumbnail = cimg_heif_largest_thumbnail(primary);
    if (thumbnail != NULL) {
        info->thumbnail_width = (uint32_t)heif_image_handle_get_width(thumbnail);
        info->thumbnail_height = (uint32_t)heif_image_handle_get_height(thumbnail);
        heif_image_handle_release(thumbnail);
    }
    switch (heif_image_handle_get_color_profile_type(primary)) {
    case heif_color_profile_type_prof:
    case heif_color_profile_type_rICC:
        info->color_profile = CIMG_COLOR_ICC;
        info->icc_length = heif_image_handle_get_raw_color_profile_size(primary);
        break;
    case heif_color_profile_type_nclx: {
        struct heif_color_profile_nclx *nclx = NULL;
        if (heif_image_handle_get_nclx_color_profile(primary, &nclx).code == heif_error_Ok && nclx != NULL) {
            info->color_profile = CIMG_COLOR_CICP;
            info->cicp_primaries = (int)nclx->color_primaries;
            info->cicp_transfer = (int)nclx->transfer_characteristics;
            info->cicp_matrix = (int)nclx->matrix_coefficients;
            info->cicp_full_range = nclx->full_range_flag;
        }
        /* Allocated even when the call reports an error (an invalid box). */
        if (nclx != NULL) heif_nclx_color_profile_free(nclx);
        break;
    }
    default:
        break;
    }
    heif_item_id exif = cimg_heif_metadata_id(primary, "Exif", NULL);
    if (exif != 0) info->exif_length = heif_image_handle_get_metadata_size(primary, exif);
    heif_item_id xmp = cimg_heif_xmp_id(primary);
    if (xmp != 0) info->xmp_length = heif_image_handle_get_metadata_size(primary, xmp);
    cimg_heif_close(&file);
    return CIMG_OK;
}

int cimg_heif_copy_metadata(const uint8_t *data, size_t size, int kind, cimg_buffer *output, cimg_error *error) {
    memset(output, 0, sizeof *output);
    cimg_heif_file file;
    int status = cimg_heif_open(data, size, &file, error);
    if (status != CIMG_OK) return status;
    struct heif_image_handle *primary = file.primary;
    struct heif_error result = {heif_error_Ok, heif_suberror_Unspecified, ""};
    uint8_t *bytes = NULL;
    size_t length = 0;
    if (kind == CIMG_HEIF_ICC) {
        length = heif_image_handle_get_raw_color_profile_size(primary);
        if (length > 0 && (bytes = malloc(length)) != NULL) result = heif_image_handle_get_raw_color_profile(primary, bytes);
    } else {
        heif_item_id id = kind == CIMG_HEIF_EXIF ? cimg_heif_metadata_id(primary, "Exif", NULL) : cimg_heif_xmp_id(primary);
        length = id != 0 ? heif_image_handle_get_metadata_size(primary, id) : 0;
        if (length > 0 && (bytes = malloc(length)) != NULL) result = heif_image_handle_get_metadata(primary, id, bytes);
    }
    if (length > 0 && bytes != NULL && result.code != heif_error_Ok) {
        status = cimg_heif_fail(error, result);
        cimg_heif_close(&file);
        free(bytes);
        return status;
    }
    cimg_heif_close(&file);
    if (length == 0) return CIMG_OK;
    if (bytes == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    if (kind == CIMG_HEIF_EXIF) {
        /* The Exif item starts with a 4-byte offset to the TIFF header. */
        if (length < 4) {
            free(bytes);
            return CIMG_OK;
        }
        size_t skip = 4 + (((size_t)bytes[0] << 24) | ((size_t)bytes[1] << 16) | ((size_t)bytes[2] << 8) | bytes[3]);
        if (skip >= length) {
            free(bytes);
            return CIMG_OK;
        }
        memmove(bytes, bytes + skip, length - skip);
        length -= skip;
    }
    output->data = bytes;
    output->size = length;
    return CIMG_OK;
}

/* Copies libheif's interleaved RGB(A), 8 or more bits, into the caller's
 * RGB8 or RGBA8 rows; more than 8 bits are rounded to the nearest 8-bit value. */
static void cimg_heif_copy_pixels(const uint8_t *plane, int stride, int bits, int source_channels,
                                  uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                                  int channels) {
    uint32_t maximum = (1u << bits) - 1;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = plane + (size_t)y * (size_t)stride;
        uint8_t *out = pixels + (size_t)y * bytes_per_row;
        for (uint32_t x = 0; x < width; x++) {
            for (int c = 0; c < channels; c++) {
                uint32_t value;
                if (c >= source_channels) {
                    value = 255;
                } else if (bits <= 8) {
                    value = row[(size_t)x * source_channels + c];
                } else {
                    const uint8_t *sample = row + ((size_t)x * source_channels + c) * 2;
                    uint32_t raw = (uint32_t)sample[0] | ((uint32_t)sample[1] << 8);
                    if (raw > maximum) raw = maximum;
                    value = (raw * 255 + maximum / 2) / maximum;
                }
                out[(size_t)x * channels + c] = (uint8_t)value;
            }
        }
    }
}

int cimg_heif_decode(const uint8_t *data, size_t size, int use_thumbnail, int threads, int pixel_format,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height, cimg_error *error) {
    if (pixel_format != CIMG_PIXEL_RGB8 && pixel_format != CIMG_PIXEL_RGBA8)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "HEIF decodes to RGB8 or RGBA8");
    cimg_heif_file file;
    int status = cimg_heif_open(data, size, &file, error);
    if (status != CIMG_OK) return status;
    if (threads > 0) heif_context_set_max_decoding_threads(file.context, threads);
    struct heif_image_handle *handle = file.primary, *thumbnail = NULL;
    if (use_thumbnail) {
        thumbnail = cimg_heif_largest_thumbnail(file.primary);
        if (thumbnail == NULL) {
            cimg_heif_close(&file);
            return cimg_fail(error, CIMG_ERR_ARGUMENT, "the file has no thumbnail");
        }
        handle = thumbnail;
    }
    int alpha = heif_image_handle_has_alpha_channel(handle);
    int high = heif_image_handle_get_luma_bits_per_pixel(handle) > 8;
    enum heif_chroma chroma = high ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                   : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) {
        if (thumbnail != NULL) heif_image_handle_release(thumbnail);
        cimg_heif_close(&file);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    options->convert_hdr_to_8bit = 0;
    struct heif_image *image = NULL;
    struct heif_error result = heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, options);
    heif_decoding_options_free(options);
    if (result.code != heif_error_Ok) {
        status = cimg_heif_fail(error, result);
    } else {
        int stride = 0;
        const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
        int decoded_width = heif_image_get_width(image, heif_channel_interleaved);
        int decoded_height = heif_image_get_height(image, heif_channel_interleaved);
        int bits = heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved);
        if (plane == NULL || bits < 1 || bits > 16) {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "the decoder returned no pixels");
        } else if ((uint32_t)decoded_width != width || (uint32_t)decoded_height != height) {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "decoded %dx%d where the header says %ux%u",
                               decoded_width, decoded_height, width, height);
        } else {
            cimg_heif_copy_pixels(plane, stride, bits, alpha ? 4 : 3, pixels, bytes_per_row, width, height,
                                  pixel_format);
        }
        heif_image_release(image);
    }
    if (thumbnail != NULL) heif_image_handle_release(thumbnail);
    cimg_heif_close(&file);
    return status;
}

/* The header's: libheif is loaded on first use, and --version loads none. */
const char *cimg_heif_version(void) { return LIBHEIF_VERSION; }
