/*
 * The two passes of the Lanczos resampler on 8-bit samples, in fixed point
 * (ResampleKernel.swift makes the weights, LanczosResampler.swift walks the
 * rows).
 *
 * Weights are 16-bit fractions of 1 << CIMG_RESAMPLE_BITS and sums 32-bit,
 * each rounded by adding a half before the shift: the same integers on
 * every path. The vertical pass sums bytes into words that keep 6 bits of
 * fraction; the horizontal pass sums those into bytes, clamped to 0...255.
 * x86-64 multiplies two taps at a time with pmaddwd: the vertical pass
 * interleaves two rows' samples as 16-bit pairs (SSE2, and AVX2 where the
 * processor has it), the horizontal pass shuffles four taps of a pixel's
 * channels into pairs (AVX2). Elsewhere, and for rows' ends, the portable
 * loops give the same values.
 */
#include "cimg_internal.h"

#include <string.h>

#if defined(__x86_64__)  /* SSE2 is baseline there; AVX2 is checked at run time */
#include <immintrin.h>
#define CIMG_RESAMPLE_X86 1
#endif

/* The vertical pass keeps CIMG_RESAMPLE_FRACTION bits below the integer
 * in 16 bits (-512...511.98): Lanczos' overshoot past 0 and 255 survives
 * into the horizontal pass, as it does in floats. */
enum {
    CIMG_VERTICAL_SHIFT = CIMG_RESAMPLE_BITS - CIMG_RESAMPLE_FRACTION,
    CIMG_VERTICAL_HALF = 1 << (CIMG_VERTICAL_SHIFT - 1),
    CIMG_HORIZONTAL_SHIFT = CIMG_RESAMPLE_BITS + CIMG_RESAMPLE_FRACTION,
    CIMG_HORIZONTAL_HALF = 1 << (CIMG_HORIZONTAL_SHIFT - 1),
};

/* Shifts are arithmetic, as psrad's. */
static inline int16_t cimg_to_word(int32_t sum) {
    int32_t value = sum >> CIMG_VERTICAL_SHIFT;
    return (int16_t)(value < INT16_MIN ? INT16_MIN : value > INT16_MAX ? INT16_MAX : value);
}

static inline uint8_t cimg_to_byte(int32_t sum) {
    int32_t value = sum >> CIMG_HORIZONTAL_SHIFT;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

/* ---- Portable ---------------------------------------------------------- */

static void cimg_vertical_portable_from(const uint8_t *const *rows, const int16_t *weights, int count, size_t from,
                                        size_t length, int16_t *out) {
    for (size_t i = from; i < length; i++) {
        int32_t sum = CIMG_VERTICAL_HALF;
        for (int tap = 0; tap < count; tap++) sum += (int32_t)weights[tap] * rows[tap][i];
        out[i] = cimg_to_word(sum);
    }
}

void cimg_resample_vertical_portable(const uint8_t *const *rows, const int16_t *weights, int count, size_t length,
                                     int16_t *out) {
    cimg_vertical_portable_from(rows, weights, count, 0, length, out);
}

void cimg_resample_horizontal_portable(const int16_t *row, int channels, const int32_t *starts,
                                       const int32_t *counts, const int16_t *weights, int stride, int width,
                                       uint8_t *out, ptrdiff_t step) {
    for (int x = 0; x < width; x++) {
        const int16_t *pixel = row + (size_t)starts[x] * (size_t)channels;
        const int16_t *tap_weights = weights + (size_t)x * (size_t)stride;
        int32_t sums[4] = {CIMG_HORIZONTAL_HALF, CIMG_HORIZONTAL_HALF, CIMG_HORIZONTAL_HALF, CIMG_HORIZONTAL_HALF};
        for (int tap = 0; tap < counts[x]; tap++, pixel += channels)
            for (int channel = 0; channel < channels; channel++)
                sums[channel] += (int32_t)tap_weights[tap] * pixel[channel];
        uint8_t *target = out + (ptrdiff_t)x * step;
        for (int channel = 0; channel < channels; channel++) target[channel] = cimg_to_byte(sums[channel]);
    }
}

/* ---- x86-64 ------------------------------------------------------------ */

#if CIMG_RESAMPLE_X86

/* Two taps' weights as one 32-bit lane: the first in the low half. */
static inline int32_t cimg_weight_pair(const int16_t *weights, int tap, int count) {
    uint32_t second = tap + 1 < count ? (uint16_t)weights[tap + 1] : 0;
    return (int32_t)((uint32_t)(uint16_t)weights[tap] | second << 16);
}

/* Sixteen samples at `i` of every row, summed into two registers of eight
 * words: rows two at a time, their bytes interleaved and widened to 16-bit
 * pairs for pmaddwd. */
static inline void cimg_vertical_sse2_block(const uint8_t *const *rows, const int16_t *weights, int count, size_t i,
                                            int16_t *out) {
    const __m128i zero = _mm_setzero_si128();
    __m128i sum0 = _mm_set1_epi32(CIMG_VERTICAL_HALF), sum1 = sum0, sum2 = sum0, sum3 = sum0;
    for (int tap = 0; tap < count; tap += 2) {
        __m128i first = _mm_loadu_si128((const __m128i *)(rows[tap] + i));
        __m128i second = tap + 1 < count ? _mm_loadu_si128((const __m128i *)(rows[tap + 1] + i)) : zero;
        __m128i pair = _mm_set1_epi32(cimg_weight_pair(weights, tap, count));
        __m128i low = _mm_unpacklo_epi8(first, second), high = _mm_unpackhi_epi8(first, second);
        sum0 = _mm_add_epi32(sum0, _mm_madd_epi16(_mm_unpacklo_epi8(low, zero), pair));
        sum1 = _mm_add_epi32(sum1, _mm_madd_epi16(_mm_unpackhi_epi8(low, zero), pair));
        sum2 = _mm_add_epi32(sum2, _mm_madd_epi16(_mm_unpacklo_epi8(high, zero), pair));
        sum3 = _mm_add_epi32(sum3, _mm_madd_epi16(_mm_unpackhi_epi8(high, zero), pair));
    }
    _mm_storeu_si128((__m128i *)out, _mm_packs_epi32(_mm_srai_epi32(sum0, CIMG_VERTICAL_SHIFT),
                                                     _mm_srai_epi32(sum1, CIMG_VERTICAL_SHIFT)));
    _mm_storeu_si128((__m128i *)(out + 8), _mm_packs_epi32(_mm_srai_epi32(sum2, CIMG_VERTICAL_SHIFT),
                                                           _mm_srai_epi32(sum3, CIMG_VERTICAL_SHIFT)));
}

/* The same for 32 samples. AVX2's unpacks and packs work within each
 * 128-bit half: the packs give samples 0-7 and 16-23, then 8-15 and 24-31,
 * put back in order as they are stored. */
__attribute__((target("avx2"))) static void cimg_vertical_avx2(const uint8_t *const *rows, const int16_t *weights,
                                                                int count, size_t length, int16_t *out) {
    const __m256i zero = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 32 <= length; i += 32) {
        __m256i sum0 = _mm256_set1_epi32(CIMG_VERTICAL_HALF), sum1 = sum0, sum2 = sum0, sum3 = sum0;
        for (int tap = 0; tap < count; tap += 2) {
            __m256i first = _mm256_loadu_si256((const __m256i *)(rows[tap] + i));
            __m256i second = tap + 1 < count ? _mm256_loadu_si256((const __m256i *)(rows[tap + 1] + i)) : zero;
            __m256i pair = _mm256_set1_epi32(cimg_weight_pair(weights, tap, count));
            __m256i low = _mm256_unpacklo_epi8(first, second), high = _mm256_unpackhi_epi8(first, second);
            sum0 = _mm256_add_epi32(sum0, _mm256_madd_epi16(_mm256_unpacklo_epi8(low, zero), pair));
            sum1 = _mm256_add_epi32(sum1, _mm256_madd_epi16(_mm256_unpackhi_epi8(low, zero), pair));
            sum2 = _mm256_add_epi32(sum2, _mm256_madd_epi16(_mm256_unpacklo_epi8(high, zero), pair));
            sum3 = _mm256_add_epi32(sum3, _mm256_madd_epi16(_mm256_unpackhi_epi8(high, zero), pair));
        }
        __m256i words0 = _mm256_packs_epi32(_mm256_srai_epi32(sum0, CIMG_VERTICAL_SHIFT),
                                            _mm256_srai_epi32(sum1, CIMG_VERTICAL_SHIFT));
        __m256i words1 = _mm256_packs_epi32(_mm256_srai_epi32(sum2, CIMG_VERTICAL_SHIFT),
                                            _mm256_srai_epi32(sum3, CIMG_VERTICAL_SHIFT));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_permute2x128_si256(words0, words1, 0x20));
        _mm256_storeu_si256((__m256i *)(out + i + 16), _mm256_permute2x128_si256(words0, words1, 0x31));
    }
    for (; i + 16 <= length; i += 16) cimg_vertical_sse2_block(rows, weights, count, i, out + i);
    cimg_vertical_portable_from(rows, weights, count, i, length, out);
}

static void cimg_vertical_sse2(const uint8_t *const *rows, const int16_t *weights, int count, size_t length,
                               int16_t *out) {
    size_t i = 0;
    for (; i + 16 <= length; i += 16) cimg_vertical_sse2_block(rows, weights, count, i, out + i);
    cimg_vertical_portable_from(rows, weights, count, i, length, out);
}

/* Four taps of a 3- or 4-channel pixel per step: taps t and t+1 in the low
 * half of a register, t+2 and t+3 in the high half, shuffled into pairs of
 * words per channel; the weights are spread to match, pmaddwd sums each
 * pair, and the halves are added at the end. */
__attribute__((target("avx2"))) static void cimg_horizontal_avx2(const int16_t *row, int channels,
                                                                  const int32_t *starts, const int32_t *counts,
                                                                  const int16_t *weights, int stride, int width,
                                                                  uint8_t *out, ptrdiff_t step) {
    const __m256i shuffle = channels == 4
        ? _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                           0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15)
        : _mm256_setr_epi8(0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, -1, -1, -1, -1,
                           0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11, -1, -1, -1, -1);
    const __m256i spread = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    const __m128i half = _mm_set1_epi32(CIMG_HORIZONTAL_HALF);
    const size_t pair_length = (size_t)channels * 2;  /* words of two taps */
    for (int x = 0; x < width; x++) {
        const int16_t *pixel = row + (size_t)starts[x] * (size_t)channels;
        const int16_t *tap_weights = weights + (size_t)x * (size_t)stride;
        __m256i sum = _mm256_setzero_si256();
        for (int tap = 0; tap < counts[x]; tap += 4) {
            const int16_t *from = pixel + (size_t)tap * (size_t)channels;
            __m256i pixels = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)from)),
                _mm_loadu_si128((const __m128i *)(from + pair_length)), 1);
            __m256i pairs = _mm256_permutevar8x32_epi32(
                _mm256_castsi128_si256(_mm_loadl_epi64((const __m128i *)(tap_weights + tap))), spread);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_shuffle_epi8(pixels, shuffle), pairs));
        }
        __m128i total = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
        total = _mm_srai_epi32(_mm_add_epi32(total, half), CIMG_HORIZONTAL_SHIFT);
        total = _mm_packs_epi32(total, total);
        uint32_t bytes = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(total, total));
        uint8_t *target = out + (ptrdiff_t)x * step;
        if (channels == 4) {
            memcpy(target, &bytes, 4);
        } else {
            target[0] = (uint8_t)bytes;
            target[1] = (uint8_t)(bytes >> 8);
            target[2] = (uint8_t)(bytes >> 16);
        }
    }
}

static inline int cimg_has_avx2(void) { return __builtin_cpu_supports("avx2"); }

#endif

/* ---- Entry points ------------------------------------------------------ */

void cimg_resample_vertical(const uint8_t *const *rows, const int16_t *weights, int count, size_t length,
                            int16_t *out) {
#if CIMG_RESAMPLE_X86
    if (cimg_has_avx2()) cimg_vertical_avx2(rows, weights, count, length, out);
    else cimg_vertical_sse2(rows, weights, count, length, out);
#else
    cimg_vertical_portable_from(rows, weights, count, 0, length, out);
#endif
}

void cimg_resample_horizontal(const int16_t *row, int channels, const int32_t *starts, const int32_t *counts,
                              const int16_t *weights, int stride, int width, uint8_t *out, ptrdiff_t step) {
#if CIMG_RESAMPLE_X86
    if ((channels == 3 || channels == 4) && stride % 4 == 0 && cimg_has_avx2()) {
        cimg_horizontal_avx2(row, channels, starts, counts, weights, stride, width, out, step);
        return;
    }
#endif
    cimg_resample_horizontal_portable(row, channels, starts, counts, weights, stride, width, out, step);
}
