/*
 * libjpeg-turbo shim: header, scaled decode (DCT scaling), encode.
 *
 * libjpeg reports fatal errors through error_exit, which must not return.
 * Each public function here owns a jmp_buf: error_exit formats the message
 * and longjmps back into that same function, which cleans up and returns a
 * status. Related documentation: libjpeg-turbo's libjpeg.txt, "Error
 * handling" and "Decompression parameter selection".
 */
#include "cimg_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct cimg_jpeg_errors {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    cimg_error *error;
    int status;
    cimg_warnings *warnings;   /* the header's warnings, or NULL */
    cimg_jpeg_damage *damage;  /* a decode's warnings and where its data ended, or NULL */
} cimg_jpeg_errors;

typedef struct cimg_jpeg_progress {
    struct jpeg_progress_mgr manager;
    int max_scans;
} cimg_jpeg_progress;

static void cimg_jpeg_fail(j_common_ptr cinfo, int status) {
    cimg_jpeg_errors *errors = (cimg_jpeg_errors *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    errors->status = cimg_fail(errors->error, status, "%s", message);
    longjmp(errors->jump, 1);
}

static void cimg_jpeg_error_exit(j_common_ptr cinfo) {
    int code = cinfo->err->msg_code;
    int status = (code == JERR_OUT_OF_MEMORY) ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT;
    cimg_jpeg_fail(cinfo, status);
}

/* The stored rows a scan had decoded when its data ended: the iMCU rows
 * before the one being read. Once a later scan is reached (a progressive
 * or multi-scan file), the first covered every row. */
static uint32_t cimg_jpeg_rows_with_data(j_decompress_ptr cinfo) {
    if (cinfo->input_scan_number > 1) return cinfo->image_height;
    if (cinfo->input_scan_number < 1 || cinfo->total_iMCU_rows == 0) return 0;
    return (uint32_t)((uint64_t)cinfo->input_iMCU_row * cinfo->image_height / cinfo->total_iMCU_rows);
}

/* Warnings (level -1) are collected, each once; trace messages dropped.
 * The data running out (JWRN_JPEG_EOF, from the source manager) or a
 * marker cutting a scan short (JWRN_HIT_MARKER, when a file's frame
 * claims more rows than its scan holds) make libjpeg fill the rest with
 * grey: a decode records the row where that began, for the caller to
 * judge; without a damage record the end of data is an error. */
static void cimg_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cimg_jpeg_errors *errors = (cimg_jpeg_errors *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (errors->damage == NULL && code == JWRN_JPEG_EOF) cimg_jpeg_fail(cinfo, CIMG_ERR_TRUNCATED);
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    if (errors->damage == NULL) {
        cimg_warnings_add(errors->warnings, message);
        return;
    }
    if ((code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER) && !errors->damage->data_ended && cinfo->is_decompressor) {
        errors->damage->data_ended = 1;
        errors->damage->rows_with_data = cimg_jpeg_rows_with_data((j_decompress_ptr)cinfo);
    }
    cimg_warnings_add(&errors->damage->warnings, message);
}

static void cimg_jpeg_output_message(j_common_ptr cinfo) {}

static struct jpeg_error_mgr *cimg_jpeg_errors_init(cimg_jpeg_errors *errors, cimg_error *error) {
    jpeg_std_error(&errors->manager);
    errors->manager.error_exit = cimg_jpeg_error_exit;
    errors->manager.emit_message = cimg_jpeg_emit_message;
    errors->manager.output_message = cimg_jpeg_output_message;
    errors->error = error;
    errors->status = CIMG_OK;
    errors->warnings = NULL;
    errors->damage = NULL;
    return &errors->manager;
}

/* Called by libjpeg while it reads a progressive file: refuses files whose
 * scan count would make decoding take minutes (a known denial of service). */
static void cimg_jpeg_count_scans(j_common_ptr cinfo) {
    cimg_jpeg_progress *progress = (cimg_jpeg_progress *)cinfo->progress;
    if (!cinfo->is_decompressor || progress->max_scans <= 0) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > progress->max_scans) {
        cimg_jpeg_errors *errors = (cimg_jpeg_errors *)cinfo->err;
        errors->status = cimg_fail(errors->error, CIMG_ERR_LIMIT,
                                   "too many progressive scans (more than %d)", progress->max_scans);
        longjmp(errors->jump, 1);
    }
}

static int cimg_color_space(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return CIMG_JPEG_GRAY;
    case JCS_RGB: return CIMG_JPEG_RGB;
    case JCS_YCbCr: return CIMG_JPEG_YCBCR;
    case JCS_CMYK: return CIMG_JPEG_CMYK;
    case JCS_YCCK: return CIMG_JPEG_YCCK;
    default: return CIMG_JPEG_UNKNOWN;
    }
}

/* Finds the APP1 "Exif" and XMP segments, and the APP13 Photoshop image
 * resources (where IPTC lives), among the markers before the first scan (the
 * first of each). A bounded walk over segment lengths; nothing is copied. */
static void cimg_jpeg_find_app1(const uint8_t *data, size_t size, cimg_jpeg_info *info) {
    static const uint8_t exif_header[6] = {'E', 'x', 'i', 'f', 0, 0};
    static const char xmp_header[] = "http://ns.adobe.com/xap/1.0/";   /* and its NUL */
    static const char photoshop_header[] = "Photoshop 3.0";             /* and its NUL */
    size_t position = 2;
    while (position + 4 <= size) {
        if (data[position] != 0xFF) return;
        uint8_t marker = data[position + 1];
        if (marker == 0xFF) { position += 1; continue; }
        if (marker == 0xDA || marker == 0xD9) return;
        if ((marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) { position += 2; continue; }
        size_t segment = ((size_t)data[position + 2] << 8) | data[position + 3];
        if (segment < 2) return;
        size_t payload = position + 4;
        size_t payload_length = segment - 2;
        if (payload_length > size - payload) payload_length = size - payload;
        if (marker == 0xE1 && info->exif_length == 0 && payload_length >= sizeof exif_header &&
            memcmp(data + payload, exif_header, sizeof exif_header) == 0) {
            info->exif_offset = payload;
            info->exif_length = payload_length;
        } else if (marker == 0xE1 && info->xmp_length == 0 && payload_length > sizeof xmp_header &&
                   memcmp(data + payload, xmp_header, sizeof xmp_header) == 0) {
            info->xmp_offset = payload + sizeof xmp_header;
            info->xmp_length = payload_length - sizeof xmp_header;
        } else if (marker == 0xED && info->photoshop_length == 0 && payload_length > sizeof photoshop_header &&
                   memcmp(data + payload, photoshop_header, sizeof photoshop_header) == 0) {
            info->photoshop_offset = payload + sizeof photoshop_header;
            info->photoshop_length = payload_length - sizeof photoshop_header;
        }
        position += 2 + segment;
    }
}

int cimg_jpeg_read_info(const uint8_t *data, size_t size, cimg_jpeg_info *info,
                        cimg_warnings *warnings, cimg_error *error) {
    struct jpeg_decompress_struct cinfo;
    cimg_jpeg_errors errors;
    memset(info, 0, sizeof *info);
    if (warnings != NULL) warnings->text[0] = '\0';
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "not a JPEG file (no SOI marker)");
    }
    cinfo.err = cimg_jpeg_errors_init(&errors, error);
    errors.warnings = warnings;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return errors.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    info->width = cinfo.image_width;
    info->height = cinfo.image_height;
    info->components = cinfo.num_components;
    info->color_space = cimg_color_space(cinfo.jpeg_color_space);
    info->progressive = cinfo.progressive_mode ? 1 : 0;
    info->adobe_marker = cinfo.saw_Adobe_marker ? 1 : 0;
    cimg_jpeg_find_app1(data, size, info);
    jpeg_destroy_decompress(&cinfo);
    if (info->color_space == CIMG_JPEG_UNKNOWN) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "unsupported JPEG colour space with %d components",
                         info->components);
    }
    return CIMG_OK;
}

void cimg_jpeg_scaled_size(uint32_t width, uint32_t height, int scale_num,
                           uint32_t *scaled_width, uint32_t *scaled_height) {
    /* jdiv_round_up, as jpeg_calc_output_dimensions computes it. */
    *scaled_width = (uint32_t)(((uint64_t)width * (uint64_t)scale_num + 7) / 8);
    *scaled_height = (uint32_t)(((uint64_t)height * (uint64_t)scale_num + 7) / 8);
}

/* CMYK to RGB. Adobe files store inverted inks (255 = no ink), so the
 * product needs no inversion; plain CMYK files (0 = no ink) do. */
static void cimg_cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *out, uint32_t width,
                                 int inverted, int pixel_format) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        unsigned r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        cmyk += 4;
        switch (pixel_format) {
        case CIMG_PIXEL_GRAY8:
            *out++ = (uint8_t)((r * 77 + g * 150 + b * 29 + 128) >> 8);
            break;
        case CIMG_PIXEL_RGBA8:
            out[0] = (uint8_t)r; out[1] = (uint8_t)g; out[2] = (uint8_t)b; out[3] = 255;
            out += 4;
            break;
        default:
            out[0] = (uint8_t)r; out[1] = (uint8_t)g; out[2] = (uint8_t)b;
            out += 3;
            break;
        }
    }
}

int cimg_jpeg_decode(const uint8_t *data, size_t size, const cimg_jpeg_decode_options *options,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                     cimg_jpeg_damage *damage, cimg_error *error) {
    struct jpeg_decompress_struct cinfo;
    cimg_jpeg_errors errors;
    cimg_jpeg_progress progress;
    uint8_t *volatile cmyk_row = NULL;

    int format = options->pixel_format;
    if (options->scale_num < 1 || options->scale_num > 8 ||
        (format != CIMG_PIXEL_GRAY8 && format != CIMG_PIXEL_RGB8 && format != CIMG_PIXEL_RGBA8) ||
        bytes_per_row < (size_t)width * (size_t)format) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "invalid JPEG decode options");
    }

    if (damage != NULL) memset(damage, 0, sizeof *damage);
    cinfo.err = cimg_jpeg_errors_init(&errors, error);
    errors.damage = damage;
    if (setjmp(errors.jump)) {
        free(cmyk_row);
        jpeg_destroy_decompress(&cinfo);
        return errors.status;
    }
    jpeg_create_decompress(&cinfo);
    memset(&progress, 0, sizeof progress);
    progress.manager.progress_monitor = cimg_jpeg_count_scans;
    progress.max_scans = options->max_scans;
    cinfo.progress = &progress.manager;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    cinfo.scale_num = (unsigned int)options->scale_num;
    cinfo.scale_denom = 8;
    int is_cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    int raw_cmyk = is_cmyk && options->raw_cmyk;
    if (raw_cmyk && bytes_per_row < (size_t)width * 4) {
        jpeg_destroy_decompress(&cinfo);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "raw CMYK needs 4 bytes per pixel");
    }
    if (is_cmyk) {
        cinfo.out_color_space = JCS_CMYK;
    } else if (format == CIMG_PIXEL_GRAY8) {
        cinfo.out_color_space = JCS_GRAYSCALE;
    } else if (format == CIMG_PIXEL_RGBA8) {
        cinfo.out_color_space = JCS_EXT_RGBA;
    } else {
        cinfo.out_color_space = JCS_RGB;
    }
    jpeg_calc_output_dimensions(&cinfo);
    if (cinfo.output_width != width || cinfo.output_height != height) {
        int status = cimg_fail(error, CIMG_ERR_ARGUMENT, "scaled size is %ux%u, not the expected %ux%u",
                               cinfo.output_width, cinfo.output_height, width, height);
        jpeg_destroy_decompress(&cinfo);
        return status;
    }
    if (is_cmyk && !raw_cmyk) {
        cmyk_row = malloc((size_t)width * 4);
        if (cmyk_row == NULL) {
            jpeg_destroy_decompress(&cinfo);
            return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        }
    }

    jpeg_start_decompress(&cinfo);
    int inverted = cinfo.saw_Adobe_marker;
    while (cinfo.output_scanline < cinfo.output_height) {
        uint8_t *row = pixels + (size_t)cinfo.output_scanline * bytes_per_row;
        if (is_cmyk && !raw_cmyk) {
            JSAMPROW target = cmyk_row;
            jpeg_read_scanlines(&cinfo, &target, 1);
            cimg_cmyk_row_to_rgb(cmyk_row, row, width, inverted, format);
        } else {
            JSAMPROW rows[16];
            JDIMENSION count = cinfo.output_height - cinfo.output_scanline;
            if (count > 16) count = 16;
            for (JDIMENSION i = 0; i < count; i++) rows[i] = row + (size_t)i * bytes_per_row;
            jpeg_read_scanlines(&cinfo, rows, count);
        }
    }
    /* Not jpeg_finish_decompress: the pixels are complete, and whatever
     * follows the last scan is of no interest. */
    free(cmyk_row);
    jpeg_destroy_decompress(&cinfo);
    return CIMG_OK;
}

int cimg_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t bytes_per_row,
                     int pixel_format, const cimg_jpeg_encode_options *options,
                     cimg_buffer *output, cimg_error *error) {
    struct jpeg_compress_struct cinfo;
    cimg_jpeg_errors errors;
    unsigned char *volatile encoded = NULL;
    unsigned long encoded_size = 0;

    output->data = NULL;
    output->size = 0;
    if (pixel_format != CIMG_PIXEL_GRAY8 && pixel_format != CIMG_PIXEL_RGB8) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "JPEG encodes grey or RGB pixels only");
    }
    if (width == 0 || height == 0 || width > 65500 || height > 65500) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "JPEG cannot hold %ux%u pixels", width, height);
    }
    if (options->icc_length > 16 * 1024 * 1024) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "ICC profile too large");
    }
    if (options->exif_length > 65533) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "EXIF payload too large for one APP1 marker");
    }

    cinfo.err = cimg_jpeg_errors_init(&errors, error);
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(encoded);
        return errors.status;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&encoded, &encoded_size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = pixel_format;
    cinfo.in_color_space = pixel_format == CIMG_PIXEL_GRAY8 ? JCS_GRAYSCALE : JCS_RGB;
    jpeg_set_defaults(&cinfo);
    int quality = options->quality < 1 ? 1 : (options->quality > 100 ? 100 : options->quality);
    jpeg_set_quality(&cinfo, quality, TRUE);
    if (pixel_format == CIMG_PIXEL_RGB8) {
        int factor = options->chroma_444 ? 1 : 2;
        cinfo.comp_info[0].h_samp_factor = factor;
        cinfo.comp_info[0].v_samp_factor = factor;
    }
    cinfo.optimize_coding = options->optimize_huffman ? TRUE : FALSE;
    if (options->progressive) jpeg_simple_progression(&cinfo);
    if (options->dpi > 0) {
        cinfo.write_JFIF_header = TRUE;
        cinfo.density_unit = 1;
        cinfo.X_density = (UINT16)(options->dpi > 65535 ? 65535 : options->dpi);
        cinfo.Y_density = cinfo.X_density;
    }
    jpeg_start_compress(&cinfo, TRUE);
    if (options->icc != NULL && options->icc_length > 0) {
        jpeg_write_icc_profile(&cinfo, options->icc, (unsigned int)options->icc_length);
    }
    if (options->exif != NULL && options->exif_length > 0) {
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, options->exif, (unsigned int)options->exif_length);
    }
    if (options->comment != NULL && options->comment[0] != '\0') {
        size_t length = strlen(options->comment);
        jpeg_write_marker(&cinfo, JPEG_COM, (const JOCTET *)options->comment, (unsigned int)(length > 65533 ? 65533 : length));
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * bytes_per_row);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    output->data = encoded;
    output->size = encoded_size;
    return CIMG_OK;
}

int cimg_jpeg_read_icc(const uint8_t *data, size_t size, cimg_buffer *output, cimg_error *error) {
    struct jpeg_decompress_struct cinfo;
    cimg_jpeg_errors errors;
    memset(output, 0, sizeof *output);
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "not a JPEG file (no SOI marker)");
    }
    cinfo.err = cimg_jpeg_errors_init(&errors, error);
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return errors.status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);
    JOCTET *icc = NULL;
    unsigned int length = 0;
    /* A profile whose chunks are missing or out of order is ignored, as
     * libjpeg-turbo does: FALSE and no buffer. */
    if (jpeg_read_icc_profile(&cinfo, &icc, &length) && icc != NULL) {
        output->data = icc;
        output->size = length;
    }
    jpeg_destroy_decompress(&cinfo);
    return CIMG_OK;
}
