/*
 * libFuzzer harness for CImaging's JPEG XL shim (cimg_jxl.c): the header
 * with its boxes, then the first frame whole and from its DC pass, or every
 * frame of an animation. Buffers are sized from the header exactly as
 * JXLDecoder sizes them. Standalone (fuzz_decode.c holds the other formats):
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -ICImaging/include -ICImaging \
 *     Fuzz/fuzz_jxl.c CImaging/cimg_jxl.c CImaging/cimg_common.c -ljxl -ljxl_threads -o fuzz-jxl
 *   ./fuzz-jxl -max_total_time=60 CORPUS_DIR TestImages/jxl
 */
#include <stdint.h>
#include <stdlib.h>

#include "cimaging_jxl.h"

#define MAX_PIXELS (16u * 1024u * 1024u)   /* smaller than Filmroll's default, to keep fuzzing fast */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cimg_jxl_info info;
    cimg_error error;
    if (cimg_jxl_read_info(data, size, MAX_PIXELS, 64, 1u << 20, &info, &error) != 0) return 0;
    uint32_t width = info.width, height = info.height, frames = info.frame_count;
    int format = info.has_alpha ? CIMG_PIXEL_RGBA8 : info.color_channels == 1 ? CIMG_PIXEL_GRAY8 : CIMG_PIXEL_RGB8;
    int header_only = info.header_only;
    cimg_jxl_info_free(&info);
    if (header_only || frames == 0 || (uint64_t)width * height * frames > MAX_PIXELS) return 0;
    size_t row = (size_t)width * (size_t)format;
    uint8_t *pixels = malloc(row * height * frames);
    uint32_t *delays = calloc(frames, sizeof *delays);
    if (pixels != NULL && delays != NULL) {
        cimg_jxl_decode_options whole = {format, 1, 1, frames};
        cimg_jxl_decode(data, size, &whole, pixels, row, width, height, delays, &error);
        uint32_t small_width = (width + 7) / 8, small_height = (height + 7) / 8;
        cimg_jxl_decode_options dc = {format, (int)(size % 3), 8, 1};
        cimg_jxl_decode(data, size, &dc, pixels, (size_t)small_width * (size_t)format, small_width, small_height,
                        NULL, &error);
    }
    free(pixels);
    free(delays);
    return 0;
}
