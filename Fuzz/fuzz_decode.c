/*
 * libFuzzer harnesses for every CImaging decode entry point. One file,
 * one target per FUZZ_TARGET macro value (see Makefile's fuzz target):
 *   jpeg  – header, then decode at each DCT scale (1..8/8) to each format
 *   png   – header, then decode to RGBA
 *   gif   – block walk, then composite every frame, from memory and from a
 *           file descriptor (the frame-by-frame reader `gif` streams with)
 *   exif  – EXIF parsing of arbitrary payloads (with and without header)
 *   xmp   – XMP (RDF/XML) parsing of arbitrary packets
 *   heif  – HEIC/AVIF boxes, metadata items, then the primary image and thumbnail
 *   webp  – container and chunks, then a still (full and scaled) or every frame
 *   icc   – ICC profiles: description, transforms for every pixel layout, applied
 *   video – MP4/MOV through FFmpeg: header, then up to 8 frames to RGB and as planes
 * Buffers are sized from the header exactly as the Swift side sizes them,
 * with the same limits, so a finding here is a finding in Filmroll.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cimaging.h"

#define MAX_PIXELS (16u * 1024u * 1024u)   /* smaller than Filmroll's default, to keep fuzzing fast */

static int fits(uint32_t width, uint32_t height, uint32_t frames) {
    return width > 0 && height > 0 && (uint64_t)width * height * frames <= MAX_PIXELS;
}

static void fuzz_jpeg(const uint8_t *data, size_t size) {
    cimg_jpeg_info info;
    cimg_error error;
    cimg_warnings warnings;
    if (cimg_jpeg_read_info(data, size, &info, &warnings, &error) != 0) return;
    if (info.exif_length > 0) {
        cimg_exif exif;
        cimg_exif_parse(data + info.exif_offset, info.exif_length, &exif, &error);
    }
    if (info.xmp_length > 0) {
        cimg_xmp xmp;
        cimg_xmp_parse(data + info.xmp_offset, info.xmp_length, &xmp, &error);
    }
    if (!fits(info.width, info.height, 1)) return;
    static const int formats[3] = {CIMG_PIXEL_GRAY8, CIMG_PIXEL_RGB8, CIMG_PIXEL_RGBA8};
    for (int scale = 1; scale <= 8; scale++) {
        uint32_t width, height;
        cimg_jpeg_scaled_size(info.width, info.height, scale, &width, &height);
        int format = formats[(scale + (int)size) % 3];
        size_t row = (size_t)width * (size_t)format;
        uint8_t *pixels = malloc(row * height);
        if (pixels == NULL) return;
        cimg_jpeg_decode_options options = {scale, format, 100};
        cimg_jpeg_damage damage;
        cimg_jpeg_decode(data, size, &options, pixels, row, width, height, &damage, &error);
        free(pixels);
    }
}

static void fuzz_png(const uint8_t *data, size_t size) {
    cimg_png_info info;
    cimg_error error;
    cimg_png_limits limits = {1u << 20, 1u << 20, 100};
    cimg_warnings warnings;
    if (cimg_png_read_info(data, size, &limits, &info, &warnings, &error) != 0) return;
    if (info.exif_length > 0) {
        cimg_exif exif;
        cimg_exif_parse(data + info.exif_offset, info.exif_length, &exif, &error);
    }
    if (info.raw_exif.size > 0) {
        cimg_exif exif;
        cimg_exif_parse(info.raw_exif.data, info.raw_exif.size, &exif, &error);
    }
    if (info.xmp.size > 0) {
        cimg_xmp xmp;
        cimg_xmp_parse(info.xmp.data, info.xmp.size, &xmp, &error);
    }
    cimg_png_info_free(&info);
    if (!fits(info.width, info.height, 1)) return;
    int channels = info.has_alpha ? 4 : 3;
    size_t row = (size_t)info.width * (size_t)channels;
    uint8_t *pixels = malloc(row * info.height);
    if (pixels == NULL) return;
    cimg_png_decode(data, size, &limits, pixels, row, info.width, info.height, channels, &warnings, &error);
    free(pixels);
}

static void fuzz_gif(const uint8_t *data, size_t size) {
    cimg_gif_info info;
    cimg_error error;
    if (cimg_gif_read_info(data, size, 64, &info, &error) != 0) return;
    if (!fits(info.width, info.height, info.frame_count)) return;
    size_t bytes = (size_t)info.width * info.height * 4 * info.frame_count;
    uint8_t *frames = malloc(bytes);
    uint16_t *delays = calloc(info.frame_count, sizeof(uint16_t));
    if (frames && delays) cimg_gif_decode(data, size, info.width, info.height, info.frame_count, frames, delays, &error);
    free(frames);
    free(delays);
    /* The same bytes read through a descriptor, one frame at a time. */
    int fd = memfd_create("fuzz-gif", 0);
    if (fd < 0) return;
    cimg_gif_info from_file;
    cimg_gif_reader *reader = NULL;
    if (write(fd, data, size) == (ssize_t)size && lseek(fd, 0, SEEK_SET) == 0 &&
        cimg_gif_read_info_fd(fd, 64, &from_file, &error) == 0 && cimg_gif_reader_open_fd(fd, &reader, &error) == 0) {
        uint8_t *frame = malloc((size_t)info.width * info.height * 4);
        uint16_t delay;
        for (uint32_t index = 0; frame && index < from_file.frame_count; index++) {
            if (cimg_gif_reader_next(reader, frame, &delay, &error) != 0) break;
        }
        free(frame);
    }
    cimg_gif_reader_free(reader);
    close(fd);
}

static void fuzz_exif(const uint8_t *data, size_t size) {
    cimg_exif exif;
    cimg_error error;
    cimg_exif_parse(data, size, &exif, &error);
    if (size >= 6 && memcmp(data, "Exif\0\0", 6) == 0) {
        cimg_buffer rewritten = {0};
        if (cimg_exif_rewrite_upright(data, size, 64, 48, &rewritten, &error) == 0) {
            cimg_exif_parse(rewritten.data, rewritten.size, &exif, &error);
            cimg_buffer_free(&rewritten);
        }
    }
}

static void fuzz_xmp(const uint8_t *data, size_t size) {
    cimg_xmp xmp;
    cimg_error error;
    cimg_xmp_parse(data, size, &xmp, &error);
}

static void fuzz_icc(const uint8_t *data, size_t size) {
    cimg_color_profile_facts facts;
    cimg_error error;
    cimg_color_profile_describe(data, size, &facts, &error);
    static const int inputs[5] = {CIMG_COLOR_INPUT_GRAY8, CIMG_COLOR_INPUT_RGB8, CIMG_COLOR_INPUT_RGBA8,
                                  CIMG_COLOR_INPUT_CMYK8, CIMG_COLOR_INPUT_CMYK8_INVERTED};
    uint8_t in[16 * 4 * 4], out[16 * 4 * 4];
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 37);
    for (int k = 0; k < 5; k++) {
        cimg_color_transform *transform = NULL;
        int identity = 0;
        if (cimg_color_transform_create(data, size, inputs[k], &transform, &identity, &error) != 0) continue;
        int in_channels = inputs[k] >= CIMG_COLOR_INPUT_CMYK8 ? 4 : inputs[k];
        int out_channels = inputs[k] >= CIMG_COLOR_INPUT_CMYK8 ? 3 : inputs[k];
        cimg_color_transform_apply(transform, in, 16 * (size_t)in_channels, out, 16 * (size_t)out_channels, 16, 4);
        cimg_color_transform_free(transform);
    }
}

static void fuzz_heif(const uint8_t *data, size_t size) {
    cimg_heif_info info;
    cimg_error error;
    if (cimg_heif_read_info(data, size, &info, &error) != 0) return;
    static const int kinds[3] = {CIMG_HEIF_EXIF, CIMG_HEIF_XMP, CIMG_HEIF_ICC};
    for (int k = 0; k < 3; k++) {
        cimg_buffer block = {0};
        if (cimg_heif_copy_metadata(data, size, kinds[k], &block, &error) != 0) continue;
        if (kinds[k] == CIMG_HEIF_EXIF && block.size > 0) {
            cimg_exif exif;
            cimg_exif_parse(block.data, block.size, &exif, &error);
        } else if (kinds[k] == CIMG_HEIF_ICC && block.size > 0) {
            fuzz_icc(block.data, block.size);
        }
        cimg_buffer_free(&block);
    }
    int format = info.has_alpha ? CIMG_PIXEL_RGBA8 : CIMG_PIXEL_RGB8;
    for (int thumbnail = 0; thumbnail <= 1; thumbnail++) {
        uint32_t width = thumbnail ? info.thumbnail_width : info.width;
        uint32_t height = thumbnail ? info.thumbnail_height : info.height;
        if (!fits(width, height, 1) || !fits(info.stored_width, info.stored_height, 1)) continue;
        size_t row = (size_t)width * (size_t)format;
        uint8_t *pixels = malloc(row * height);
        if (pixels == NULL) return;
        cimg_heif_decode(data, size, thumbnail, 1, format, pixels, row, width, height, &error);
        free(pixels);
    }
}

static void fuzz_webp(const uint8_t *data, size_t size) {
    cimg_webp_info info;
    cimg_error error;
    if (cimg_webp_read_info(data, size, 64, &info, &error) != 0) return;
    static const char *chunks[3] = {"ICCP", "EXIF", "XMP "};
    for (int k = 0; k < 3; k++) {
        cimg_buffer chunk = {0};
        if (cimg_webp_copy_chunk(data, size, chunks[k], &chunk, &error) == 0) cimg_buffer_free(&chunk);
    }
    if (!fits(info.width, info.height, info.frame_count)) return;
    if (info.is_animated) {
        uint8_t *frames = malloc((size_t)info.width * info.height * 4 * info.frame_count);
        uint32_t *delays = calloc(info.frame_count, sizeof(uint32_t));
        if (frames && delays) cimg_webp_decode_frames(data, size, info.width, info.height, info.frame_count, frames, delays, &error);
        free(frames);
        free(delays);
        return;
    }
    int format = info.has_alpha ? CIMG_PIXEL_RGBA8 : CIMG_PIXEL_RGB8;
    for (uint32_t divisor = 1; divisor <= 3; divisor += 2) {
        uint32_t width = (info.width + divisor - 1) / divisor, height = (info.height + divisor - 1) / divisor;
        size_t row = (size_t)width * (size_t)format;
        uint8_t *pixels = malloc(row * height);
        if (pixels == NULL) return;
        cimg_webp_decode(data, size, format, pixels, row, width, height, &error);
        free(pixels);
    }
}

/* The reader opens a path, so the input goes into an in-memory file first. */
static void fuzz_video(const uint8_t *data, size_t size) {
    int fd = memfd_create("fuzz-video", MFD_CLOEXEC);
    if (fd < 0) return;
    if (write(fd, data, size) != (ssize_t)size) {
        close(fd);
        return;
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    cimg_video_reader *reader = NULL;
    cimg_video_info info;
    cimg_error error;
    if (cimg_video_reader_open(path, 1, MAX_PIXELS, &reader, &info, &error) == 0) {
        if (fits(info.width, info.height, 1)) {
            size_t row = (size_t)info.width * 3;
            size_t planes = (size_t)info.width * info.height + 2 * (size_t)((info.width + 1) / 2) * ((info.height + 1) / 2);
            size_t bytes = row * info.height > planes ? row * info.height : planes;
            uint8_t *pixels = malloc(bytes);
            for (int index = 0; pixels != NULL && index < 8; index++) {
                cimg_video_frame_info frame;
                int output = index % 3 == 2 ? CIMG_VIDEO_PLANES_YUV420 : CIMG_PIXEL_RGB8;
                if (cimg_video_reader_next(reader, output, pixels, output == CIMG_PIXEL_RGB8 ? row : info.width, &frame,
                                           &error) != 0 || !frame.decoded)
                    break;
            }
            free(pixels);
        }
        cimg_video_reader_free(reader);
    }
    close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#if FUZZ_TARGET == 1
    fuzz_jpeg(data, size);
#elif FUZZ_TARGET == 2
    fuzz_png(data, size);
#elif FUZZ_TARGET == 3
    fuzz_gif(data, size);
#elif FUZZ_TARGET == 4
    fuzz_exif(data, size);
#elif FUZZ_TARGET == 5
    fuzz_xmp(data, size);
#elif FUZZ_TARGET == 6
    fuzz_heif(data, size);
#elif FUZZ_TARGET == 7
    fuzz_webp(data, size);
#elif FUZZ_TARGET == 9
    fuzz_video(data, size);
#else
    fuzz_icc(data, size);
#endif
    return 0;
}
