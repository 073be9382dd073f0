/*
 * libimagequant shim, kept as narrow as libvips' quantise.h: build a
 * palette for one image or for several (through a histogram), and remap
 * an image to it with a dithering level. libimagequant reports errors by
 * return code. Related documentation: libimagequant's README ("C API").
 */
#include "cimg_internal.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>

/* libimagequant runs OpenMP regions inside; Filmroll already quantizes
 * frames on several threads, and nested teams spin-wait for each other
 * (measured: 40% of a GIF's CPU time in libgomp). Ask for one OpenMP thread
 * on the calling thread. Looked up at run time: libgomp is there only when
 * libimagequant was built with OpenMP. */
static void cimg_single_openmp_thread(void) {
    void (*set_threads)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
    if (set_threads != NULL) set_threads(1);
}

struct cimg_quantizer {
    liq_attr *attr;
    liq_result *result;
};

static const char *cimg_liq_message(liq_error code) {
    switch (code) {
    case LIQ_QUALITY_TOO_LOW: return "the quality asked for cannot be reached with this many colours";
    case LIQ_VALUE_OUT_OF_RANGE: return "a quantizer setting is out of range";
    case LIQ_OUT_OF_MEMORY: return "out of memory";
    case LIQ_ABORTED: return "quantization was aborted";
    default: return "quantization failed";
    }
}

void cimg_quantizer_free(cimg_quantizer *quantizer) {
    if (quantizer == NULL) return;
    if (quantizer->result) liq_result_destroy(quantizer->result);
    if (quantizer->attr) liq_attr_destroy(quantizer->attr);
    free(quantizer);
}

/* An empty quantizer with default settings, on a thread set to one OpenMP thread. */
static cimg_quantizer *cimg_quantizer_new(void) {
    cimg_single_openmp_thread();
    cimg_quantizer *quantizer = calloc(1, sizeof *quantizer);
    if (quantizer == NULL) return NULL;
    quantizer->attr = liq_attr_create();
    if (quantizer->attr == NULL) {
        free(quantizer);
        return NULL;
    }
    return quantizer;
}

/* One palette for all `images`: their colours into one histogram, quantized. */
static liq_error cimg_quantize_histogram(cimg_quantizer *quantizer, const uint8_t *const *images, size_t count,
                                         uint32_t width, uint32_t height) {
    liq_histogram *histogram = liq_histogram_create(quantizer->attr);
    if (histogram == NULL) return LIQ_OUT_OF_MEMORY;
    liq_error code = LIQ_OK;
    for (size_t i = 0; code == LIQ_OK && i < count; i++) {
        liq_image *image = liq_image_create_rgba(quantizer->attr, images[i], (int)width, (int)height, 0);
        if (image == NULL) { code = LIQ_OUT_OF_MEMORY; break; }
        code = liq_histogram_add_image(histogram, quantizer->attr, image);
        liq_image_destroy(image);
    }
    if (code == LIQ_OK) code = liq_histogram_quantize(histogram, quantizer->attr, &quantizer->result);
    liq_histogram_destroy(histogram);
    return code;
}

int cimg_quantize(const uint8_t *const *images, size_t count, uint32_t width, uint32_t height, int max_colors,
                  int quality_min, int quality_max, int speed, cimg_quantizer **out, cimg_error *error) {
    *out = NULL;
    if (count == 0 || width == 0 || height == 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "nothing to quantize");
    cimg_quantizer *quantizer = cimg_quantizer_new();
    if (quantizer == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    liq_error code = liq_set_max_colors(quantizer->attr, max_colors);
    if (code == LIQ_OK) code = liq_set_quality(quantizer->attr, quality_min, quality_max);
    if (code == LIQ_OK) code = liq_set_speed(quantizer->attr, speed);
    if (code == LIQ_OK) code = cimg_quantize_histogram(quantizer, images, count, width, height);
    if (code == LIQ_QUALITY_TOO_LOW) {
        /* Better a palette below the minimum than no animation. A histogram
           is used up by quantizing, so the colours are gathered again. */
        liq_set_quality(quantizer->attr, 0, quality_max);
        code = cimg_quantize_histogram(quantizer, images, count, width, height);
    }
    if (code != LIQ_OK) {
        cimg_quantizer_free(quantizer);
        return cimg_fail(error, code == LIQ_OUT_OF_MEMORY ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT, "%s", cimg_liq_message(code));
    }
    *out = quantizer;
    return CIMG_OK;
}

int cimg_quantizer_palette(cimg_quantizer *quantizer, uint8_t *rgba, int capacity) {
    const liq_palette *palette = liq_get_palette(quantizer->result);
    int count = (int)palette->count < capacity ? (int)palette->count : capacity;
    for (int i = 0; i < count; i++) {
        rgba[i * 4] = palette->entries[i].r;
        rgba[i * 4 + 1] = palette->entries[i].g;
        rgba[i * 4 + 2] = palette->entries[i].b;
        rgba[i * 4 + 3] = palette->entries[i].a;
    }
    return count;
}

int cimg_quantizer_quality(cimg_quantizer *quantizer) {
    return liq_get_quantization_quality(quantizer->result);
}

int cimg_quantizer_remap(cimg_quantizer *quantizer, const uint8_t *rgba, uint32_t width, uint32_t height, float dither,
                         uint8_t *indices, cimg_error *error) {
    cimg_single_openmp_thread();
    liq_image *image = liq_image_create_rgba(quantizer->attr, rgba, (int)width, (int)height, 0);
    if (image == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    liq_error code = liq_set_dithering_level(quantizer->result, dither);
    if (code == LIQ_OK) code = liq_write_remapped_image(quantizer->result, image, indices, (size_t)width * height);
    liq_image_destroy(image);
    if (code != LIQ_OK) return cimg_fail(error, CIMG_ERR_CORRUPT, "%s", cimg_liq_message(code));
    return CIMG_OK;
}

int cimg_quantizer_from_palette(const uint8_t *rgba, int count, cimg_quantizer **out, cimg_error *error) {
    *out = NULL;
    if (count < 1 || count > 256) return cimg_fail(error, CIMG_ERR_ARGUMENT, "a palette has 1 to 256 colours");
    cimg_quantizer *quantizer = cimg_quantizer_new();
    if (quantizer == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    /* The palette as a one-row image whose colours are all fixed: the
     * result keeps exactly those colours. */
    liq_error code = liq_set_max_colors(quantizer->attr, count < 2 ? 2 : count);
    liq_image *image = code == LIQ_OK ? liq_image_create_rgba(quantizer->attr, rgba, count, 1, 0) : NULL;
    if (image == NULL && code == LIQ_OK) code = LIQ_OUT_OF_MEMORY;
    for (int i = 0; code == LIQ_OK && i < count; i++) {
        liq_color color = {rgba[i * 4], rgba[i * 4 + 1], rgba[i * 4 + 2], rgba[i * 4 + 3]};
        code = liq_image_add_fixed_color(image, color);
    }
    if (code == LIQ_OK) code = liq_image_quantize(image, quantizer->attr, &quantizer->result);
    if (image) liq_image_destroy(image);
    if (code != LIQ_OK) {
        cimg_quantizer_free(quantizer);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "%s (%d)", cimg_liq_message(code), (int)code);
    }
    *out = quantizer;
    return CIMG_OK;
}
