/*
 * libwebpmux shim: animated WebP through WebPAnimEncoder, which takes
 * frames one at a time, finds the rectangle each changes against the
 * previous canvas (blending or disposing, lossy or lossless per frame),
 * keeps only the compressed frames, and assembles the file at the end.
 * The XMP packet that carries Filmroll's mark is appended as a chunk after
 * the frames, where the container specification puts it (VP8X's XMP flag
 * set and the RIFF size grown to match), so that the assembled file is
 * never copied: a long animation's compressed frames are in memory once.
 * (An animation whose frames are all alike is written by libwebp as a
 * still image; its XMP goes through WebPMux, which adds the VP8X header.)
 * libwebp returns false or an error code and never aborts; each is turned
 * into a cimg_error here.
 * Related documentation: libwebp's mux.h ("WebPAnimEncoder API") and the
 * WebP container specification ("Animation", "Metadata").
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#include <webp/encode.h>
#include <webp/mux.h>

struct cimg_webp_anim_encoder {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width;
    uint32_t height;
    WebPData assembled;
    uint8_t *xmp_chunk;
};

void cimg_webp_anim_encoder_free(cimg_webp_anim_encoder *encoder) {
    if (encoder == NULL) return;
    if (encoder->encoder) WebPAnimEncoderDelete(encoder->encoder);
    WebPDataClear(&encoder->assembled);
    free(encoder->xmp_chunk);
    free(encoder);
}

static const char *cimg_webp_picture_message(WebPEncodingError code) {
    switch (code) {
    case VP8_ENC_ERROR_OUT_OF_MEMORY:
    case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory";
    case VP8_ENC_ERROR_BAD_DIMENSION: return "the frame's size is out of range";
    case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
    case VP8_ENC_ERROR_PARTITION_OVERFLOW: return "a frame's compressed data is too large";
    case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would be larger than 4 GB";
    default: return "the frame could not be encoded";
    }
}

int cimg_webp_anim_encoder_new(uint32_t width, uint32_t height, const cimg_webp_anim_options *options,
                               cimg_webp_anim_encoder **out, cimg_error *error) {
    *out = NULL;
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "a WebP cannot be %ux%u", width, height);
    }
    cimg_webp_anim_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    encoder->width = width;
    encoder->height = height;
    if (!WebPConfigInit(&encoder->config)) {
        free(encoder);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "libwebp version mismatch");
    }
    encoder->config.lossless = options->lossless ? 1 : 0;
    encoder->config.quality = options->quality;
    encoder->config.method = options->method;
    encoder->config.use_sharp_yuv = options->sharp_yuv ? 1 : 0;
    if (!WebPValidateConfig(&encoder->config)) {
        free(encoder);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "WebP settings out of range (quality %.0f, method %d)",
                         (double)options->quality, options->method);
    }
    WebPAnimEncoderOptions animation;
    if (!WebPAnimEncoderOptionsInit(&animation)) {
        free(encoder);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "libwebpmux version mismatch");
    }
    animation.anim_params.loop_count = options->loop_count;
    animation.anim_params.bgcolor = 0xFFFFFFFF;
    animation.allow_mixed = options->allow_mixed ? 1 : 0;
    animation.kmin = options->kmin;
    animation.kmax = options->kmax;
    animation.minimize_size = 0;
    animation.verbose = 0;
    encoder->encoder = WebPAnimEncoderNew((int)width, (int)height, &animation);
    if (encoder->encoder == NULL) {
        free(encoder);
        return cimg_fail(error, CIMG_ERR_MEMORY, "cannot start a WebP animation");
    }
    *out = encoder;
    return CIMG_OK;
}

int cimg_webp_anim_encoder_add(cimg_webp_anim_encoder *encoder, const uint8_t *rgba, size_t stride, int timestamp_ms,
                               cimg_error *error) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return cimg_fail(error, CIMG_ERR_ARGUMENT, "libwebp version mismatch");
    picture.width = (int)encoder->width;
    picture.height = (int)encoder->height;
    picture.use_argb = 1;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)stride)) {
        WebPPictureFree(&picture);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    int status = CIMG_OK;
    if (!WebPAnimEncoderAdd(encoder->encoder, &picture, timestamp_ms, &encoder->config)) {
        const char *reason = WebPAnimEncoderGetError(encoder->encoder);
        status = cimg_fail(error, picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT,
                           "%s", reason && reason[0] ? reason : cimg_webp_picture_message(picture.error_code));
    }
    WebPPictureFree(&picture);
    return status;
}

static uint32_t cimg_read_le32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static void cimg_write_le32(uint8_t *bytes, uint32_t value) {
    for (int i = 0; i < 4; i++) bytes[i] = (uint8_t)(value >> (8 * i));
}

/* A file of one frame, which libwebp writes as a still image (no VP8X
 * header): the XMP chunk is added through WebPMux, which makes one. */
static int cimg_webp_mux_xmp(cimg_webp_anim_encoder *encoder, const char *xmp, size_t xmp_length, cimg_error *error) {
    WebPMux *mux = WebPMuxCreate(&encoder->assembled, 1);
    if (mux == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "cannot reopen the image to add its metadata");
    WebPData chunk = {(const uint8_t *)xmp, xmp_length};
    WebPData marked;
    WebPDataInit(&marked);
    WebPMuxError code = WebPMuxSetChunk(mux, "XMP ", &chunk, 1);
    if (code == WEBP_MUX_OK) code = WebPMuxAssemble(mux, &marked);
    WebPMuxDelete(mux);
    if (code != WEBP_MUX_OK) {
        WebPDataClear(&marked);
        return cimg_fail(error, code == WEBP_MUX_MEMORY_ERROR ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT,
                         "cannot add the metadata (WebPMux error %d)", (int)code);
    }
    WebPDataClear(&encoder->assembled);
    encoder->assembled = marked;
    return CIMG_OK;
}

/* The XMP chunk ("XMP ", size, packet, a pad byte to an even size) for the
 * end of `animation`, whose VP8X flags and RIFF size are updated for it. */
static int cimg_webp_append_xmp(cimg_webp_anim_encoder *encoder, const char *xmp, size_t xmp_length, size_t *chunk_size,
                                cimg_error *error) {
    uint8_t *file = (uint8_t *)encoder->assembled.bytes;
    size_t size = encoder->assembled.size;
    *chunk_size = 0;
    if (size >= 16 && memcmp(file, "RIFF", 4) == 0 && memcmp(file + 8, "WEBPVP8", 7) == 0 && file[15] != 'X') {
        return cimg_webp_mux_xmp(encoder, xmp, xmp_length, error);
    }
    if (size < 30 || memcmp(file, "RIFF", 4) != 0 || memcmp(file + 8, "WEBPVP8X", 8) != 0 ||
        cimg_read_le32(file + 4) != size - 8 || xmp_length > 0x7FFFFFF0u - size) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the assembled animation has no extended header for its metadata");
    }
    size_t padded = xmp_length + (xmp_length & 1);
    encoder->xmp_chunk = calloc(1, 8 + padded);
    if (encoder->xmp_chunk == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    memcpy(encoder->xmp_chunk, "XMP ", 4);
    cimg_write_le32(encoder->xmp_chunk + 4, (uint32_t)xmp_length);
    memcpy(encoder->xmp_chunk + 8, xmp, xmp_length);
    file[20] |= 0x04;   /* VP8X flags: XMP metadata */
    cimg_write_le32(file + 4, (uint32_t)(size - 8 + 8 + padded));
    *chunk_size = 8 + padded;
    return CIMG_OK;
}

int cimg_webp_anim_encoder_finish(cimg_webp_anim_encoder *encoder, int end_timestamp_ms, const char *xmp,
                                  size_t xmp_length, cimg_webp_file *file, cimg_error *error) {
    memset(file, 0, sizeof *file);
    if (encoder->encoder == NULL) return cimg_fail(error, CIMG_ERR_ARGUMENT, "the animation was already finished");
    WebPDataInit(&encoder->assembled);
    if (!WebPAnimEncoderAdd(encoder->encoder, NULL, end_timestamp_ms, NULL) ||
        !WebPAnimEncoderAssemble(encoder->encoder, &encoder->assembled)) {
        const char *reason = WebPAnimEncoderGetError(encoder->encoder);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "cannot assemble the animation: %s",
                         reason && reason[0] ? reason : "WebPAnimEncoder failed");
    }
    /* The encoder's compressed frames are in the assembled file now. */
    WebPAnimEncoderDelete(encoder->encoder);
    encoder->encoder = NULL;
    size_t chunk_size = 0;
    if (xmp != NULL && xmp_length > 0) {
        int status = cimg_webp_append_xmp(encoder, xmp, xmp_length, &chunk_size, error);
        if (status != CIMG_OK) return status;
    }
    file->head = encoder->assembled.bytes;
    file->head_size = encoder->assembled.size;
    file->tail = encoder->xmp_chunk;
    file->tail_size = chunk_size;
    return CIMG_OK;
}
