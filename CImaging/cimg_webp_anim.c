/*
 * libwebpmux shim: animated WebP through WebPAnimEncoder, which takes
 * frames one at a time, finds the rectangle each changes against the
 * previous canvas (blending or disposing, lossy or lossless per frame),
 * keeps only the compressed frames, and assembles the file at the end.
 * The XMP packet that carries Filmroll's mark is added through WebPMux.
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
};

void cimg_webp_anim_encoder_free(cimg_webp_anim_encoder *encoder) {
    if (encoder == NULL) return;
    if (encoder->encoder) WebPAnimEncoderDelete(encoder->encoder);
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

/* The assembled animation with the XMP chunk added (VP8X's flag set by the muxer). */
static int cimg_webp_add_xmp(const WebPData *animation, const char *xmp, size_t xmp_length, WebPData *output,
                             cimg_error *error) {
    WebPMux *mux = WebPMuxCreate(animation, 0);
    if (mux == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "cannot reopen the animation to add its metadata");
    WebPData chunk = {(const uint8_t *)xmp, xmp_length};
    WebPMuxError code = WebPMuxSetChunk(mux, "XMP ", &chunk, 1);
    if (code == WEBP_MUX_OK) code = WebPMuxAssemble(mux, output);
    WebPMuxDelete(mux);
    if (code != WEBP_MUX_OK) {
        return cimg_fail(error, code == WEBP_MUX_MEMORY_ERROR ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT,
                         "cannot add the metadata (WebPMux error %d)", (int)code);
    }
    return CIMG_OK;
}

int cimg_webp_anim_encoder_finish(cimg_webp_anim_encoder *encoder, int end_timestamp_ms, const char *xmp,
                                  size_t xmp_length, cimg_buffer *output, cimg_error *error) {
    output->data = NULL;
    output->size = 0;
    WebPData assembled;
    WebPDataInit(&assembled);
    if (!WebPAnimEncoderAdd(encoder->encoder, NULL, end_timestamp_ms, NULL) ||
        !WebPAnimEncoderAssemble(encoder->encoder, &assembled)) {
        const char *reason = WebPAnimEncoderGetError(encoder->encoder);
        WebPDataClear(&assembled);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "cannot assemble the animation: %s",
                         reason && reason[0] ? reason : "WebPAnimEncoder failed");
    }
    /* The encoder's compressed frames are no longer needed: free them before copying. */
    WebPAnimEncoderDelete(encoder->encoder);
    encoder->encoder = NULL;
    WebPData marked;
    WebPDataInit(&marked);
    if (xmp != NULL && xmp_length > 0) {
        int status = cimg_webp_add_xmp(&assembled, xmp, xmp_length, &marked, error);
        WebPDataClear(&assembled);
        if (status != CIMG_OK) return status;
    } else {
        marked = assembled;
    }
    /* Into malloc's memory, which cimg_buffer_free releases. */
    output->data = malloc(marked.size ? marked.size : 1);
    if (output->data == NULL) {
        WebPDataClear(&marked);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    memcpy(output->data, marked.bytes, marked.size);
    output->size = marked.size;
    WebPDataClear(&marked);
    return CIMG_OK;
}

int cimg_webp_mux_version(void) { return WebPGetMuxVersion(); }
