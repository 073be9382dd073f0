/*
 * libpng shim: header, decode to RGBA8 or RGB8, encode. The commonest
 * PNGs decode without libpng, in cimg_png_plain.c.
 *
 * libpng reports errors through a callback that must not return; it
 * longjmps to the png_jmpbuf set in the one function that called libpng.
 * Warnings never print: they are collected for the caller (a skipped
 * ancillary chunk with a bad CRC is one). Related documentation:
 * libpng-manual.txt, "Setup", "Input transformations" and
 * png_set_crc_action.
 *
 * libpng sizes a chunk's buffer from its declared length, and its release
 * builds only warn at png_set_chunk_malloc_max: a 100-byte file declaring
 * a 2 GB tEXt chunk costs 2 GB. So the read callback looks at every chunk
 * header before libpng does: a chunk that declares more bytes than the
 * file has left fails as truncated, and an ancillary chunk over the limit
 * is passed over unread, as if it were not there (the picture decodes).
 */
#include "cimg_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct cimg_png_source {
    const uint8_t *data;
    size_t size;
    size_t position;
    size_t next_chunk;         /* where the next chunk header starts */
    uint32_t max_chunk_bytes;  /* larger ancillary chunks are skipped; 0 = none */
} cimg_png_source;

typedef struct cimg_png_context {
    cimg_png_source source;
    cimg_error *error;
    cimg_warnings *warnings;
    int status;
    int image_read;    /* every row was decoded: what fails after it is the file's end */
} cimg_png_context;

static void cimg_png_error(png_structp png, png_const_charp message) {
    cimg_png_context *context = png_get_error_ptr(png);
    int status = CIMG_ERR_CORRUPT;
    if (strstr(message, "Read Error") != NULL || strstr(message, "Not enough image data") != NULL) {
        status = CIMG_ERR_TRUNCATED;
    } else if (strstr(message, "exceeds") != NULL || strstr(message, "too large") != NULL ||
               strstr(message, "chunk data is too large") != NULL) {
        status = CIMG_ERR_LIMIT;
    } else if (strstr(message, "Out of memory") != NULL || strstr(message, "out of memory") != NULL) {
        status = CIMG_ERR_MEMORY;
    }
    context->status = cimg_fail(context->error, status, "%s", message);
    png_longjmp(png, 1);
}

/* Appends the warning as one line to the caller's list, when there is one. */
static void cimg_png_note(cimg_png_context *context, const char *message) {
    if (context == NULL || context->warnings == NULL) return;
    char *text = context->warnings->text;
    size_t used = strnlen(text, sizeof context->warnings->text);
    size_t length = strlen(message);
    if (used + length + 2 > sizeof context->warnings->text) return;
    memcpy(text + used, message, length);
    text[used + length] = '\n';
    text[used + length + 1] = '\0';
}

static void cimg_png_warning(png_structp png, png_const_charp message) {
    cimg_png_note(png_get_error_ptr(png), message);
}

static uint32_t cimg_png_be32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/* At a chunk header: fails for a chunk that declares more than the file
 * holds (image data excepted: libpng reads it in pieces and says how it
 * ends), passes over ancillary chunks larger than the limit, and notes
 * where the next header starts. libpng reads a header in one piece and
 * never reads across a chunk's end. */
static void cimg_png_guard_chunk(png_structp png, cimg_png_context *context) {
    cimg_png_source *source = &context->source;
    while (source->position == source->next_chunk && source->size - source->position >= 8) {
        const uint8_t *header = source->data + source->position;
        uint32_t length = cimg_png_be32(header);
        const uint8_t *type = header + 4;
        size_t left = source->size - source->position - 8;
        int is_image_data = memcmp(type, "IDAT", 4) == 0;
        if (length > 0x7FFFFFFFu) break;    /* libpng's own error */
        if (!is_image_data && (size_t)length + 4 > left) {
            context->status = cimg_fail(context->error, CIMG_ERR_TRUNCATED,
                                        "chunk %.4s declares %u bytes, more than the %zu left in the file", type,
                                        (unsigned)length, left < 4 ? 0 : left - 4);
            png_longjmp(png, 1);
        }
        int ancillary = (type[0] & 0x20) != 0;
        if (ancillary && source->max_chunk_bytes > 0 && length > source->max_chunk_bytes) {
            source->position += 12 + (size_t)length;    /* skipped unread */
            source->next_chunk = source->position;
            continue;
        }
        source->next_chunk = source->position + 12 + (size_t)length;
    }
}

static void cimg_png_read(png_structp png, png_bytep out, size_t count) {
    cimg_png_context *context = png_get_io_ptr(png);
    cimg_png_source *source = &context->source;
    cimg_png_guard_chunk(png, context);
    if (count > source->size - source->position) {
        png_error(png, "Read Error: file is truncated");
    }
    memcpy(out, source->data + source->position, count);
    source->position += count;
}

static void cimg_png_apply_limits(png_structp png, const cimg_png_limits *limits) {
    /* Dimensions are checked in Swift before any pixel buffer exists; here
     * libpng's own cap only needs to stay out of the way. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    if (limits == NULL) return;
    cimg_png_context *context = png_get_io_ptr(png);
    context->source.max_chunk_bytes = limits->max_chunk_bytes;
    if (limits->max_chunk_bytes > 0) png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    if (limits->max_ancillary_chunks > 0) png_set_chunk_cache_max(png, limits->max_ancillary_chunks);
    (void)limits->max_text_bytes; /* zTXt/iTXt inflate within chunk_malloc_max */
}

/* Finds the eXIf chunk by walking chunk headers; no chunk data is read. */
static void cimg_png_find_exif(const uint8_t *data, size_t size, size_t *offset, size_t *length) {
    *offset = 0;
    *length = 0;
    size_t position = 8;
    while (position + 12 <= size) {
        uint32_t chunk = ((uint32_t)data[position] << 24) | ((uint32_t)data[position + 1] << 16) |
                         ((uint32_t)data[position + 2] << 8) | data[position + 3];
        const uint8_t *type = data + position + 4;
        if ((size_t)chunk > size - position - 12) return;
        if (memcmp(type, "eXIf", 4) == 0) {
            *offset = position + 8;
            *length = chunk;
            return;
        }
        if (memcmp(type, "IEND", 4) == 0) return;
        position += 12 + (size_t)chunk;
    }
}

/* A copy of length bytes into *out; left empty when memory runs out. */
static void cimg_png_copy(const uint8_t *bytes, size_t length, cimg_buffer *out) {
    if (length == 0 || out->data != NULL) return;
    out->data = malloc(length);
    if (out->data == NULL) return;
    memcpy(out->data, bytes, length);
    out->size = length;
}

static int cimg_png_hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int cimg_png_is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Decodes ImageMagick's "Raw profile type NAME" text: "\nNAME\n  LENGTH\n"
 * then LENGTH bytes as hex digits in lines. Stops at the first character
 * that is neither hex nor space; *out stays empty when nothing decodes. */
static void cimg_png_raw_profile(const char *text, cimg_buffer *out) {
    size_t length = strlen(text), at = 0;
    while (at < length && cimg_png_is_space(text[at])) at++;
    while (at < length && !cimg_png_is_space(text[at])) at++;          /* the profile's name */
    while (at < length && cimg_png_is_space(text[at])) at++;
    size_t declared = 0;
    while (at < length && text[at] >= '0' && text[at] <= '9') {
        if (declared <= length) declared = declared * 10 + (size_t)(text[at] - '0');
        at++;
    }
    if (declared > (length - at) / 2) declared = (length - at) / 2;
    if (declared == 0) return;
    uint8_t *bytes = malloc(declared);
    if (bytes == NULL) return;
    size_t count = 0;
    int high = -1;
    for (; at < length && count < declared; at++) {
        if (cimg_png_is_space(text[at])) continue;
        int digit = cimg_png_hex_digit(text[at]);
        if (digit < 0) break;
        if (high < 0) {
            high = digit;
        } else {
            bytes[count++] = (uint8_t)(high << 4 | digit);
            high = -1;
        }
    }
    if (count == 0) {
        free(bytes);
        return;
    }
    out->data = bytes;
    out->size = count;
}

/* Keeps the XMP and EXIF that PNG text chunks carry: Adobe's iTXt
 * "XML:com.adobe.xmp", and ImageMagick's hex "Raw profile type" texts
 * (exif, xmp, or APP1 holding either). libpng has inflated them already. */
static void cimg_png_read_texts(png_structp png, png_infop png_info, cimg_png_info *info) {
    static const char xmp_header[] = "http://ns.adobe.com/xap/1.0/";   /* and its NUL */
    png_textp texts = NULL;
    int count = png_get_text(png, png_info, &texts, NULL);
    cimg_buffer raw_xmp = {0};
    for (int i = 0; i < count; i++) {
        const char *key = texts[i].key, *text = texts[i].text;
        if (key == NULL || text == NULL) continue;
        if (strcmp(key, "XML:com.adobe.xmp") == 0) {
            cimg_png_copy((const uint8_t *)text, strlen(text), &info->xmp);
        } else if (strcmp(key, "Raw profile type exif") == 0 && info->raw_exif.data == NULL) {
            cimg_png_raw_profile(text, &info->raw_exif);
        } else if (strcmp(key, "Raw profile type xmp") == 0 && raw_xmp.data == NULL) {
            cimg_png_raw_profile(text, &raw_xmp);
        } else if (strcmp(key, "Raw profile type APP1") == 0) {
            cimg_buffer app1 = {0};
            cimg_png_raw_profile(text, &app1);
            if (app1.size > 6 && memcmp(app1.data, "Exif\0\0", 6) == 0 && info->raw_exif.data == NULL) {
                info->raw_exif = app1;
                continue;
            }
            if (app1.size > sizeof xmp_header && memcmp(app1.data, xmp_header, sizeof xmp_header) == 0) {
                cimg_png_copy(app1.data + sizeof xmp_header, app1.size - sizeof xmp_header, &raw_xmp);
            }
            cimg_buffer_free(&app1);
        }
    }
    if (info->xmp.data == NULL) {
        info->xmp = raw_xmp;
    } else {
        cimg_buffer_free(&raw_xmp);
    }
}

void cimg_png_info_free(cimg_png_info *info) {
    if (info == NULL) return;
    cimg_buffer_free(&info->xmp);
    cimg_buffer_free(&info->raw_exif);
}

static int cimg_png_check_signature(const uint8_t *data, size_t size, cimg_error *error) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "not a PNG file (bad signature)");
    }
    return CIMG_OK;
}

static png_structp cimg_png_create(cimg_png_context *context, const uint8_t *data, size_t size,
                                   cimg_warnings *warnings, cimg_error *error) {
    context->source.data = data;
    context->source.size = size;
    context->source.position = 0;
    context->source.next_chunk = 8;    /* after the signature */
    context->source.max_chunk_bytes = 0;
    context->error = error;
    context->warnings = warnings;
    if (warnings != NULL) warnings->text[0] = '\0';
    context->status = CIMG_OK;
    context->image_read = 0;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, context, cimg_png_error,
                                             cimg_png_warning);
    if (png == NULL) return NULL;
    png_set_read_fn(png, context, cimg_png_read);
    /* A bad CRC in a critical chunk is an error; an ancillary chunk (text,
     * time, ...) with a bad CRC is dropped with a warning: libpng's default,
     * and what browsers do. */
    png_set_crc_action(png, PNG_CRC_ERROR_QUIT, PNG_CRC_WARN_DISCARD);
    return png;
}

int cimg_png_read_info(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                       cimg_png_info *info, cimg_warnings *warnings, cimg_error *error) {
    memset(info, 0, sizeof *info);
    int signature = cimg_png_check_signature(data, size, error);
    if (signature != CIMG_OK) return signature;

    cimg_png_context context;
    png_structp png = cimg_png_create(&context, data, size, warnings, error);
    if (png == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    png_infop volatile png_info = png_create_info_struct(png);
    if (png_info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_infop doomed = png_info;
        png_destroy_read_struct(&png, &doomed, NULL);
        return context.status;
    }
    cimg_png_apply_limits(png, limits);
    png_read_info(png, png_info);

    info->width = png_get_image_width(png, png_info);
    info->height = png_get_image_height(png, png_info);
    info->bit_depth = png_get_bit_depth(png, png_info);
    info->color_type = png_get_color_type(png, png_info);
    info->interlaced = png_get_interlace_type(png, png_info) == PNG_INTERLACE_ADAM7;
    info->has_alpha = (info->color_type & PNG_COLOR_MASK_ALPHA) != 0 ||
                      png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;
    cimg_png_find_exif(data, size, &info->exif_offset, &info->exif_length);
    cimg_png_read_texts(png, png_info, info);

    png_infop doomed = png_info;
    png_destroy_read_struct(&png, &doomed, NULL);
    return CIMG_OK;
}

int cimg_png_decode(const uint8_t *data, size_t size, const cimg_png_limits *limits,
                    uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                    int channels, cimg_warnings *warnings, cimg_error *error) {
    int signature = cimg_png_check_signature(data, size, error);
    if (signature != CIMG_OK) return signature;
    if (channels != 3 && channels != 4) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "a PNG decodes to 3 or 4 channels");
    }
    if (bytes_per_row < (size_t)width * (size_t)channels) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "row stride too small for the pixels");
    }
    if (warnings != NULL) warnings->text[0] = '\0';
    int plain = cimg_png_decode_plain(data, size, pixels, bytes_per_row, width, height, channels);
    if (plain == CIMG_PNG_PLAIN_CUT_END && warnings != NULL) {
        snprintf(warnings->text, sizeof warnings->text, "%s\n", CIMG_PNG_CUT_END_WARNING);
    }
    if (plain == CIMG_OK || plain == CIMG_PNG_PLAIN_CUT_END) return CIMG_OK;

    cimg_png_context context;
    png_bytep *volatile rows = NULL;
    png_structp png = cimg_png_create(&context, data, size, warnings, error);
    if (png == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    png_infop volatile png_info = png_create_info_struct(png);
    if (png_info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_infop doomed = png_info;
        free(rows);
        png_destroy_read_struct(&png, &doomed, NULL);
        /* Every row is there and the file ends early (no IEND, or a cut
         * one): the picture, with a warning, as libpng's own readers and
         * Pillow give it. */
        if (context.image_read && context.status == CIMG_ERR_TRUNCATED) {
            cimg_png_note(&context, CIMG_PNG_CUT_END_WARNING);
            return CIMG_OK;
        }
        return context.status;
    }
    cimg_png_apply_limits(png, limits);
    png_read_info(png, png_info);
    if (png_get_image_width(png, png_info) != width || png_get_image_height(png, png_info) != height) {
        png_error(png, "image size differs from the header read before");
    }

    /* Every colour type, depth and interlace becomes RGB8 or RGBA8; no gamma. */
    png_set_expand(png);            /* palette -> RGB, grey < 8 -> 8, tRNS -> alpha */
    png_set_scale_16(png);          /* 16 -> 8 bits, rounded */
    png_set_gray_to_rgb(png);
    if (channels == 4) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, png_info);
    if (png_get_rowbytes(png, png_info) != (size_t)width * (size_t)channels) {
        png_error(png, "unexpected row size after transformations");
    }

    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "Out of memory for row pointers");
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + (size_t)y * bytes_per_row;
    png_read_image(png, rows);
    context.image_read = 1;
    png_read_end(png, NULL);   /* checks the CRCs of the chunks after the image data */

    free(rows);
    png_infop doomed = png_info;
    png_destroy_read_struct(&png, &doomed, NULL);
    return CIMG_OK;
}

static void cimg_png_write(png_structp png, png_bytep bytes, size_t count) {
    cimg_growable *buffer = png_get_io_ptr(png);
    cimg_growable_append(buffer, bytes, count);
    if (buffer->failed) png_error(png, "Out of memory for the encoded PNG");
}

static void cimg_png_flush(png_structp png) {}

/* A libpng writer reporting to `context`, and its info in *info; NULL when out of memory. */
static png_structp cimg_png_create_writer(cimg_png_context *context, png_infop *info) {
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, context, cimg_png_error, cimg_png_warning);
    if (png == NULL) return NULL;
    *info = png_create_info_struct(png);
    if (*info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return NULL;
    }
    return png;
}

int cimg_png_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                    int pixel_format, const cimg_png_encode_options *options,
                    cimg_buffer *output, cimg_error *error) {
    output->data = NULL;
    output->size = 0;
    int color_type;
    switch (pixel_format) {
    case CIMG_PIXEL_GRAY8: color_type = PNG_COLOR_TYPE_GRAY; break;
    case CIMG_PIXEL_RGB8: color_type = PNG_COLOR_TYPE_RGB; break;
    case CIMG_PIXEL_RGBA8: color_type = PNG_COLOR_TYPE_RGBA; break;
    default: return cimg_fail(error, CIMG_ERR_ARGUMENT, "unsupported pixel format for PNG");
    }
    if (width == 0 || height == 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "empty image");

    cimg_png_context context;
    context.error = error;
    context.warnings = NULL;
    context.status = CIMG_OK;
    cimg_growable buffer = {0};
    png_text *volatile texts = NULL;
    png_infop volatile png_info = NULL;
    png_structp png = cimg_png_create_writer(&context, (png_infop *)&png_info);
    if (png == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    if (setjmp(png_jmpbuf(png))) {
        png_infop doomed = png_info;
        png_destroy_write_struct(&png, &doomed);
        free(texts);
        free(buffer.data);
        return context.status;
    }
    png_set_write_fn(png, &buffer, cimg_png_write, cimg_png_flush);
    if (options->compression_level >= 0 && options->compression_level <= 9) {
        png_set_compression_level(png, options->compression_level);
    }
    png_set_IHDR(png, png_info, width, height, 8, color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options->dpi > 0) {
        png_uint_32 per_metre = (png_uint_32)((double)options->dpi / 0.0254 + 0.5);
        png_set_pHYs(png, png_info, per_metre, per_metre, PNG_RESOLUTION_METER);
    }
    if (options->text_count > 0 && options->texts != NULL) {
        texts = calloc((size_t)options->text_count, sizeof(png_text));
        if (texts == NULL) png_error(png, "Out of memory for text chunks");
        for (int i = 0; i < options->text_count; i++) {
            texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
            texts[i].key = (png_charp)options->texts[i].key;
            texts[i].text = (png_charp)options->texts[i].value;
        }
        png_set_text(png, png_info, texts, options->text_count);
    }
    if (options->exif != NULL && options->exif_length > 0) {
        png_set_eXIf_1(png, png_info, (png_uint_32)options->exif_length, (png_bytep)options->exif);
    }
    if (options->srgb_intent >= 0) {
        png_set_sRGB_gAMA_and_cHRM(png, png_info, options->srgb_intent);
    } else if (options->icc != NULL && options->icc_length > 0) {
        png_set_iCCP(png, png_info, "icc", PNG_COMPRESSION_TYPE_BASE, options->icc, (png_uint_32)options->icc_length);
    }
    png_write_info(png, png_info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * bytes_per_row));
    }
    png_write_end(png, png_info);

    png_infop doomed = png_info;
    png_destroy_write_struct(&png, &doomed);
    free(texts);
    output->data = buffer.data;
    output->size = buffer.size;
    return CIMG_OK;
}

int cimg_png_check_icc(const uint8_t *icc, size_t icc_length, int pixel_format, cimg_error *error) {
    int color_type = pixel_format == CIMG_PIXEL_GRAY8 ? PNG_COLOR_TYPE_GRAY
                   : pixel_format == CIMG_PIXEL_RGBA8 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB;
    if (icc == NULL || icc_length == 0 || icc_length > UINT32_MAX) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "no ICC profile");
    }
    cimg_warnings warnings;
    warnings.text[0] = '\0';
    cimg_png_context context;
    context.error = error;
    context.warnings = &warnings;   /* a refusal libpng only warns of gives its reason there */
    context.status = CIMG_OK;
    png_infop volatile png_info = NULL;
    png_structp png = cimg_png_create_writer(&context, (png_infop *)&png_info);
    if (png == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    if (setjmp(png_jmpbuf(png))) {
        png_infop doomed = png_info;
        png_destroy_write_struct(&png, &doomed);
        return context.status;
    }
    png_set_IHDR(png, png_info, 1, 1, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_set_iCCP(png, png_info, "icc", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_length);
    int taken = png_get_valid(png, png_info, PNG_INFO_iCCP) != 0;
    png_infop doomed = png_info;
    png_destroy_write_struct(&png, &doomed);
    if (taken) return CIMG_OK;
    size_t line = strcspn(warnings.text, "\n");
    if (line == 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "libpng does not take the profile");
    return cimg_fail(error, CIMG_ERR_ARGUMENT, "%.*s", (int)line, warnings.text);
}

int cimg_png_read_color(const uint8_t *data, size_t size, const cimg_png_limits *limits, cimg_png_color *color,
                        cimg_buffer *icc, cimg_error *error) {
    memset(color, 0, sizeof *color);
    memset(icc, 0, sizeof *icc);
    int signature = cimg_png_check_signature(data, size, error);
    if (signature != CIMG_OK) return signature;
    cimg_png_context context;
    png_structp png = cimg_png_create(&context, data, size, NULL, error);
    if (png == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    png_infop volatile png_info = png_create_info_struct(png);
    if (png_info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_infop doomed = png_info;
        png_destroy_read_struct(&png, &doomed, NULL);
        cimg_buffer_free(icc);
        return context.status;
    }
    cimg_png_apply_limits(png, limits);
    png_read_info(png, png_info);
    int intent = 0;
    png_charp name = NULL;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    int compression = 0;
    if (png_get_sRGB(png, png_info, &intent)) {
        color->is_srgb = 1;
    } else if (png_get_iCCP(png, png_info, &name, &compression, &profile, &profile_length) && profile_length > 0) {
        icc->data = malloc(profile_length);
        if (icc->data != NULL) {
            memcpy(icc->data, profile, profile_length);
            icc->size = profile_length;
        }
    } else {
        double gamma = 0;
        if (png_get_gAMA(png, png_info, &gamma)) color->gamma = gamma;
        color->has_chromaticities = png_get_cHRM(png, png_info, &color->white[0], &color->white[1], &color->red[0],
                                                 &color->red[1], &color->green[0], &color->green[1],
                                                 &color->blue[0], &color->blue[1]) != 0;
    }
    png_infop doomed = png_info;
    png_destroy_read_struct(&png, &doomed, NULL);
    return CIMG_OK;
}
