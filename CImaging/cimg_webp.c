/*
 * libwebp shim: WebP stills (lossy and lossless, scaled while decoding) and
 * animations (composited frames through WebPAnimDecoder), and the ICCP, EXIF
 * and XMP chunks through the demuxer. libwebp returns status codes and never
 * aborts; each is turned into a cimg_error here.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

static int cimg_webp_status(VP8StatusCode code, cimg_error *error) {
    switch (code) {
    case VP8_STATUS_OK: return CIMG_OK;
    case VP8_STATUS_OUT_OF_MEMORY: return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    case VP8_STATUS_NOT_ENOUGH_DATA: return cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends inside the image data");
    case VP8_STATUS_UNSUPPORTED_FEATURE: return cimg_fail(error, CIMG_ERR_CORRUPT, "unsupported WebP feature");
    case VP8_STATUS_INVALID_PARAM: return cimg_fail(error, CIMG_ERR_ARGUMENT, "invalid decoding parameters");
    default: return cimg_fail(error, CIMG_ERR_CORRUPT, "invalid image data");
    }
}

/* A demuxer over the whole file; a file that ends early is TRUNCATED. */
static WebPDemuxer *cimg_webp_demux(const uint8_t *data, size_t size, cimg_error *error, int *status) {
    WebPData bytes = {data, size};
    WebPDemuxState state;
    WebPDemuxer *demux = WebPDemuxPartial(&bytes, &state);
    if (demux != NULL && state == WEBP_DEMUX_DONE) {
        *status = CIMG_OK;
        return demux;
    }
    if (demux != NULL) WebPDemuxDelete(demux);
    if (state == WEBP_DEMUX_PARSING_HEADER || state == WEBP_DEMUX_PARSED_HEADER)
        *status = cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends inside the RIFF container");
    else
        *status = cimg_fail(error, CIMG_ERR_CORRUPT, "invalid RIFF container");
    return NULL;
}

static size_t cimg_webp_chunk_size(WebPDemuxer *demux, const char fourcc[4]) {
    WebPChunkIterator chunk;
    size_t size = 0;
    if (WebPDemuxGetChunk(demux, fourcc, 1, &chunk)) size = chunk.chunk.size;
    WebPDemuxReleaseChunkIterator(&chunk);
    return size;
}

int cimg_webp_read_info(const uint8_t *data, size_t size, uint32_t max_frames, cimg_webp_info *info,
                        cimg_error *error) {
    memset(info, 0, sizeof *info);
    int status;
    WebPDemuxer *demux = cimg_webp_demux(data, size, error, &status);
    if (demux == NULL) return status;
    uint32_t flags = WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS);
    info->width = WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH);
    info->height = WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT);
    info->frame_count = WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT);
    info->is_animated = (flags & ANIMATION_FLAG) != 0;
    info->loop_count = info->is_animated ? (int)WebPDemuxGetI(demux, WEBP_FF_LOOP_COUNT) : -1;
    info->icc_length = (flags & ICCP_FLAG) ? cimg_webp_chunk_size(demux, "ICCP") : 0;
    info->exif_length = (flags & EXIF_FLAG) ? cimg_webp_chunk_size(demux, "EXIF") : 0;
    info->xmp_length = (flags & XMP_FLAG) ? cimg_webp_chunk_size(demux, "XMP ") : 0;
    WebPIterator frame;
    if (WebPDemuxGetFrame(demux, 1, &frame)) {
        info->has_alpha = (flags & ALPHA_FLAG) != 0 || frame.has_alpha;
    }
    WebPDemuxReleaseIterator(&frame);
    WebPDemuxDelete(demux);
    if (info->width == 0 || info->height == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "the image has no size");
    if (info->frame_count == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "the file has no frames");
    if (max_frames > 0 && info->frame_count > max_frames)
        return cimg_fail(error, CIMG_ERR_LIMIT, "too many frames (%u, more than %u)", info->frame_count, max_frames);
    /* A still's bitstream header must agree with the container. */
    if (!info->is_animated) {
        WebPBitstreamFeatures features;
        status = cimg_webp_status(WebPGetFeatures(data, size, &features), error);
        if (status != CIMG_OK) return status;
        info->has_alpha = features.has_alpha;
        info->is_lossless = features.format == 2;
    }
    return CIMG_OK;
}

int cimg_webp_copy_chunk(const uint8_t *data, size_t size, const char fourcc[4], cimg_buffer *output,
                         cimg_error *error) {
    memset(output, 0, sizeof *output);
    int status;
    WebPDemuxer *demux = cimg_webp_demux(data, size, error, &status);
    if (demux == NULL) return status;
    WebPChunkIterator chunk;
    if (WebPDemuxGetChunk(demux, fourcc, 1, &chunk) && chunk.chunk.size > 0) {
        output->data = malloc(chunk.chunk.size);
        if (output->data == NULL) {
            status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        } else {
            memcpy(output->data, chunk.chunk.bytes, chunk.chunk.size);
            output->size = chunk.chunk.size;
        }
    }
    WebPDemuxReleaseChunkIterator(&chunk);
    WebPDemuxDelete(demux);
    return status;
}

int cimg_webp_decode(const uint8_t *data, size_t size, int pixel_format, uint8_t *pixels, size_t bytes_per_row,
                     uint32_t width, uint32_t height, cimg_error *error) {
    if (pixel_format != CIMG_PIXEL_RGB8 && pixel_format != CIMG_PIXEL_RGBA8)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "WebP decodes to RGB8 or RGBA8");
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return cimg_fail(error, CIMG_ERR_ARGUMENT, "libwebp version mismatch");
    int status = cimg_webp_status(WebPGetFeatures(data, size, &config.input), error);
    if (status != CIMG_OK) return status;
    if ((uint32_t)config.input.width != width || (uint32_t)config.input.height != height) {
        config.options.use_scaling = 1;
        config.options.scaled_width = (int)width;
        config.options.scaled_height = (int)height;
    }
    config.output.colorspace = pixel_format == CIMG_PIXEL_RGBA8 ? MODE_RGBA : MODE_RGB;
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = pixels;
    config.output.u.RGBA.stride = (int)bytes_per_row;
    config.output.u.RGBA.size = bytes_per_row * height;
    status = cimg_webp_status(WebPDecode(data, size, &config), error);
    WebPFreeDecBuffer(&config.output);
    return status;
}

/* An animation decoded one frame at a time: WebPAnimDecoder composites
 * each frame on its canvas, over its own copy of the file's bytes. */
struct cimg_webp_frames {
    WebPAnimDecoder *decoder;
    uint8_t *data;
    uint32_t width;
    uint32_t height;
    uint32_t decoded;
    int previous_ms;
};

void cimg_webp_frames_free(cimg_webp_frames *frames) {
    if (frames == NULL) return;
    if (frames->decoder) WebPAnimDecoderDelete(frames->decoder);
    free(frames->data);
    free(frames);
}

int cimg_webp_frames_open(const uint8_t *data, size_t size, uint32_t width, uint32_t height, cimg_webp_frames **out,
                          cimg_error *error) {
    *out = NULL;
    cimg_webp_frames *frames = calloc(1, sizeof *frames);
    if (frames == NULL || (frames->data = malloc(size ? size : 1)) == NULL) {
        free(frames);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    memcpy(frames->data, data, size);
    WebPData bytes = {frames->data, size};
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) {
        cimg_webp_frames_free(frames);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "libwebp version mismatch");
    }
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    frames->decoder = WebPAnimDecoderNew(&bytes, &options);
    if (frames->decoder == NULL) {
        cimg_webp_frames_free(frames);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "invalid animation");
    }
    WebPAnimInfo info;
    if (!WebPAnimDecoderGetInfo(frames->decoder, &info) || info.canvas_width != width || info.canvas_height != height) {
        cimg_webp_frames_free(frames);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the animation's canvas does not match its header");
    }
    frames->width = width;
    frames->height = height;
    *out = frames;
    return CIMG_OK;
}

int cimg_webp_frames_next(cimg_webp_frames *frames, uint8_t *frame, uint32_t *delay_ms, cimg_error *error) {
    uint8_t *canvas = NULL;
    int timestamp_ms = 0;
    if (!WebPAnimDecoderHasMoreFrames(frames->decoder) || !WebPAnimDecoderGetNext(frames->decoder, &canvas, &timestamp_ms)) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "frame %u cannot be decoded", frames->decoded + 1);
    }
    memcpy(frame, canvas, (size_t)frames->width * frames->height * 4);
    int delay = timestamp_ms - frames->previous_ms;
    frames->previous_ms = timestamp_ms;
    *delay_ms = delay < 0 ? 0 : (uint32_t)delay;
    frames->decoded += 1;
    return CIMG_OK;
}

int cimg_webp_decode_frames(const uint8_t *data, size_t size, uint32_t width, uint32_t height, uint32_t frame_count,
                            uint8_t *frames, uint32_t *delays_ms, cimg_error *error) {
    cimg_webp_frames *reader;
    int status = cimg_webp_frames_open(data, size, width, height, &reader, error);
    size_t frame_bytes = (size_t)width * height * 4;
    for (uint32_t index = 0; status == CIMG_OK && index < frame_count; index++) {
        status = cimg_webp_frames_next(reader, frames + frame_bytes * index, delays_ms + index, error);
    }
    cimg_webp_frames_free(reader);
    return status;
}

int cimg_webp_version(void) { return WebPGetDecoderVersion(); }
