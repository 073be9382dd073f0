/*
 * The nearest palette entry for each pixel, exactly: the least squared RGB
 * distance, the lowest index on a tie (what a GIF frame without dithering
 * is remapped with; see NearestColor.swift).
 *
 * RGB space is cut into cells. The first time a pixel falls in a cell, the
 * cell lists the only entries that can be nearest to a colour in it: those
 * its guide (the entry whose farthest point of the cell is nearest) does
 * not beat all over the cell. Two grids: 8x8x8 coarse cells list from the
 * whole palette, and the 32x32x32 fine cells inside each list from their
 * coarse cell's list only (it holds all they can need). A fine list is
 * kept in blocks of four entries laid out for SSE2's pmaddwd: red and green
 * side by side as 16-bit pairs, then blue and 0, so one multiply-add gives
 * four entries' r^2 + g^2 and a second their b^2; lists are sorted by
 * distance to the cell, and a search stops at the first block whose
 * nearest entry is farther from the cell than the best match. Most lists
 * are one block; one in five pixels falls in a cell that lists one entry,
 * the answer itself.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    CIMG_COARSE_SHIFT = 5, /* 32 levels per coarse cell */
    CIMG_COARSE_SIDE = 256 >> CIMG_COARSE_SHIFT,
    CIMG_FINE_SHIFT = 3,   /* 8 levels per fine cell */
    CIMG_FINE_SIDE = 256 >> CIMG_FINE_SHIFT,
};

/* A fine cell not listed yet. */
#define CIMG_UNLISTED INT32_MIN

/* Four entries of a fine list. Entries past the list's end repeat its
 * first entry, which cannot change the least key. */
typedef struct cimg_nearest_block {
    int16_t red_green[8];  /* r0 g0 r1 g1 r2 g2 r3 g3 */
    int16_t blue[8];       /* b0 0 b1 0 b2 0 b3 0 */
    int32_t index[4];
    /* The least squared distance to the cell of the next block's entries
     * (INT32_MAX when this block is the last). */
    int32_t next_near;
    int32_t padding[3];
} cimg_nearest_block;

/* A candidate: its squared distance to a cell above its index and colour. */
typedef uint64_t cimg_candidate;

static inline cimg_candidate cimg_pack(int near, int index, int r, int g, int b) {
    return (uint64_t)near << 32 | (uint64_t)index << 24 | (uint64_t)r << 16 | (uint64_t)g << 8 | (uint64_t)b;
}

static inline int cimg_near_of(cimg_candidate c) { return (int)(c >> 32); }
static inline int cimg_index_of(cimg_candidate c) { return (int)(c >> 24 & 255); }
static inline int cimg_red_of(cimg_candidate c) { return (int)(c >> 16 & 255); }
static inline int cimg_green_of(cimg_candidate c) { return (int)(c >> 8 & 255); }
static inline int cimg_blue_of(cimg_candidate c) { return (int)(c & 255); }

struct cimg_nearest {
    int count;
    cimg_candidate palette[256];          /* distance 0 */
    /* Coarse cells: a list's start in coarse_items and its length; -1 unlisted. */
    int32_t coarse_start[CIMG_COARSE_SIDE * CIMG_COARSE_SIDE * CIMG_COARSE_SIDE];
    int32_t coarse_count[CIMG_COARSE_SIDE * CIMG_COARSE_SIDE * CIMG_COARSE_SIDE];
    cimg_candidate *coarse_items;
    size_t coarse_used, coarse_capacity;
    /* Fine cells: the first block's number, or -1 - index for a cell that
     * lists one entry, or CIMG_UNLISTED. */
    int32_t fine[CIMG_FINE_SIDE * CIMG_FINE_SIDE * CIMG_FINE_SIDE];
    cimg_nearest_block *blocks;
    size_t blocks_used, blocks_capacity;
    cimg_candidate scratch[256];
};

cimg_nearest *cimg_nearest_new(const uint8_t *rgb, int count) {
    if (count < 1 || count > 256) return NULL;
    cimg_nearest *nearest = malloc(sizeof *nearest);
    if (nearest == NULL) return NULL;
    nearest->count = count;
    for (int i = 0; i < count; i++) nearest->palette[i] = cimg_pack(0, i, rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]);
    memset(nearest->coarse_start, 0xFF, sizeof nearest->coarse_start);
    for (size_t i = 0; i < sizeof nearest->fine / sizeof nearest->fine[0]; i++) nearest->fine[i] = CIMG_UNLISTED;
    nearest->coarse_items = NULL;
    nearest->coarse_used = nearest->coarse_capacity = 0;
    nearest->blocks = NULL;
    nearest->blocks_used = nearest->blocks_capacity = 0;
    return nearest;
}

void cimg_nearest_free(cimg_nearest *nearest) {
    if (nearest == NULL) return;
    free(nearest->coarse_items);
    free(nearest->blocks);
    free(nearest);
}

static int cimg_max(int a, int b) { return a > b ? a : b; }

/* Sorts `count` candidates of scratch by distance to the cell, then index:
 * insertion sort, lists are short. */
static void cimg_sort(cimg_candidate *items, int count) {
    for (int i = 1; i < count; i++) {
        cimg_candidate item = items[i];
        int at = i;
        while (at > 0 && items[at - 1] > item) {
            items[at] = items[at - 1];
            at--;
        }
        items[at] = item;
    }
}

/* Writes to nearest->scratch the candidates that can be nearest to some
 * colour of the cell [low, low + levels) on each axis, each with its
 * distance to the cell, sorted; returns how many. */
static int cimg_list_cell(cimg_nearest *nearest, const cimg_candidate *candidates, int count, const int low[3],
                          int levels) {
    const int low_r = low[0], low_g = low[1], low_b = low[2];
    const int high_r = low_r + levels - 1, high_g = low_g + levels - 1, high_b = low_b + levels - 1;
    /* The guide: the candidate whose farthest point of the cell is nearest.
     * (Squares of at most 255 and their sums fit an int.) */
    cimg_candidate guide = candidates[0];
    int nearest_far = INT32_MAX;
    for (int i = 0; i < count; i++) {
        int r = cimg_red_of(candidates[i]), g = cimg_green_of(candidates[i]), b = cimg_blue_of(candidates[i]);
        int far_r = cimg_max(r - low_r, high_r - r), far_g = cimg_max(g - low_g, high_g - g);
        int far_b = cimg_max(b - low_b, high_b - b);
        int far = far_r * far_r + far_g * far_g + far_b * far_b;
        if (far < nearest_far) {
            guide = candidates[i];
            nearest_far = far;
        }
    }
    /* Keeps those the guide does not beat all over the cell. The guide's
     * lead over an entry e, |x - guide|^2 - |x - e|^2, is linear in x, so
     * it is least at one corner. */
    const int guide_r = cimg_red_of(guide), guide_g = cimg_green_of(guide), guide_b = cimg_blue_of(guide);
    const int guide_square = guide_r * guide_r + guide_g * guide_g + guide_b * guide_b;
    const int guide_index = cimg_index_of(guide);
    int kept = 0;
    for (int i = 0; i < count; i++) {
        int r = cimg_red_of(candidates[i]), g = cimg_green_of(candidates[i]), b = cimg_blue_of(candidates[i]);
        int step_r = r - guide_r, step_g = g - guide_g, step_b = b - guide_b;
        int lead = 2 * ((step_r > 0 ? high_r : low_r) * step_r + (step_g > 0 ? high_g : low_g) * step_g
                        + (step_b > 0 ? high_b : low_b) * step_b)
                   + guide_square - (r * r + g * g + b * b);
        int index = cimg_index_of(candidates[i]);
        if (lead < 0 || (lead == 0 && guide_index < index)) continue;
        int out_r = cimg_max(cimg_max(low_r - r, r - high_r), 0), out_g = cimg_max(cimg_max(low_g - g, g - high_g), 0);
        int out_b = cimg_max(cimg_max(low_b - b, b - high_b), 0);
        nearest->scratch[kept++] = cimg_pack(out_r * out_r + out_g * out_g + out_b * out_b, index, r, g, b);
    }
    cimg_sort(nearest->scratch, kept);
    return kept;
}

/* Lists coarse cell `cell` from the whole palette; 0, or -1 out of memory. */
static int cimg_list_coarse(cimg_nearest *nearest, int cell) {
    int low[3] = {cell / (CIMG_COARSE_SIDE * CIMG_COARSE_SIDE) << CIMG_COARSE_SHIFT,
                  cell / CIMG_COARSE_SIDE % CIMG_COARSE_SIDE << CIMG_COARSE_SHIFT,
                  cell % CIMG_COARSE_SIDE << CIMG_COARSE_SHIFT};
    int kept = cimg_list_cell(nearest, nearest->palette, nearest->count, low, 1 << CIMG_COARSE_SHIFT);
    if (nearest->coarse_used + (size_t)kept > nearest->coarse_capacity) {
        size_t capacity = nearest->coarse_capacity ? nearest->coarse_capacity * 2 : 4096;
        while (capacity < nearest->coarse_used + (size_t)kept) capacity *= 2;
        cimg_candidate *items = realloc(nearest->coarse_items, capacity * sizeof *items);
        if (items == NULL) return -1;
        nearest->coarse_items = items;
        nearest->coarse_capacity = capacity;
    }
    memcpy(nearest->coarse_items + nearest->coarse_used, nearest->scratch, (size_t)kept * sizeof *nearest->scratch);
    nearest->coarse_start[cell] = (int32_t)nearest->coarse_used;
    nearest->coarse_count[cell] = kept;
    nearest->coarse_used += (size_t)kept;
    return 0;
}

/* Lists fine cell `cell` (holding r, g, b) from its coarse cell's list; 0,
 * or -1 out of memory. */
static int cimg_list_fine(cimg_nearest *nearest, int cell, int r, int g, int b) {
    int outer = ((r >> CIMG_COARSE_SHIFT) * CIMG_COARSE_SIDE + (g >> CIMG_COARSE_SHIFT)) * CIMG_COARSE_SIDE
                + (b >> CIMG_COARSE_SHIFT);
    if (nearest->coarse_start[outer] < 0 && cimg_list_coarse(nearest, outer) != 0) return -1;
    int low[3] = {r >> CIMG_FINE_SHIFT << CIMG_FINE_SHIFT, g >> CIMG_FINE_SHIFT << CIMG_FINE_SHIFT,
                  b >> CIMG_FINE_SHIFT << CIMG_FINE_SHIFT};
    /* Copied out: listing the fine cell writes scratch, and the coarse items stay put. */
    int kept = cimg_list_cell(nearest, nearest->coarse_items + nearest->coarse_start[outer], nearest->coarse_count[outer],
                              low, 1 << CIMG_FINE_SHIFT);
    if (kept == 1) {
        nearest->fine[cell] = -1 - cimg_index_of(nearest->scratch[0]);
        return 0;
    }
    size_t needed = ((size_t)kept + 3) / 4;
    if (nearest->blocks_used + needed > nearest->blocks_capacity) {
        size_t capacity = nearest->blocks_capacity ? nearest->blocks_capacity * 2 : 1024;
        while (capacity < nearest->blocks_used + needed) capacity *= 2;
        cimg_nearest_block *blocks = realloc(nearest->blocks, capacity * sizeof *blocks);
        if (blocks == NULL) return -1;
        nearest->blocks = blocks;
        nearest->blocks_capacity = capacity;
    }
    cimg_nearest_block *first = nearest->blocks + nearest->blocks_used;
    for (size_t block = 0; block < needed; block++) {
        cimg_nearest_block *out = first + block;
        memset(out, 0, sizeof *out);
        for (int lane = 0; lane < 4; lane++) {
            size_t at = block * 4 + (size_t)lane;
            cimg_candidate item = nearest->scratch[at < (size_t)kept ? at : 0];
            out->red_green[lane * 2] = (int16_t)cimg_red_of(item);
            out->red_green[lane * 2 + 1] = (int16_t)cimg_green_of(item);
            out->blue[lane * 2] = (int16_t)cimg_blue_of(item);
            out->index[lane] = cimg_index_of(item);
        }
        size_t next = (block + 1) * 4;
        out->next_near = next < (size_t)kept ? cimg_near_of(nearest->scratch[next]) : INT32_MAX;
    }
    nearest->fine[cell] = (int32_t)nearest->blocks_used;
    nearest->blocks_used += needed;
    return 0;
}

#if defined(__SSE2__)
/* The least key (squared distance << 8 | index) of one block's four entries. */
static inline int cimg_block_least(const cimg_nearest_block *block, __m128i pixel_red_green, __m128i pixel_blue) {
    __m128i red_green = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)block->red_green), pixel_red_green);
    __m128i blue = _mm_sub_epi16(_mm_loadu_si128((const __m128i *)block->blue), pixel_blue);
    __m128i distance = _mm_add_epi32(_mm_madd_epi16(red_green, red_green), _mm_madd_epi16(blue, blue));
    __m128i keys = _mm_or_si128(_mm_slli_epi32(distance, 8), _mm_loadu_si128((const __m128i *)block->index));
    /* The least of four (SSE2 has no 32-bit min). */
    __m128i other = _mm_shuffle_epi32(keys, _MM_SHUFFLE(1, 0, 3, 2));
    __m128i less = _mm_cmplt_epi32(keys, other);
    keys = _mm_or_si128(_mm_and_si128(less, keys), _mm_andnot_si128(less, other));
    other = _mm_shuffle_epi32(keys, _MM_SHUFFLE(2, 3, 0, 1));
    less = _mm_cmplt_epi32(keys, other);
    keys = _mm_or_si128(_mm_and_si128(less, keys), _mm_andnot_si128(less, other));
    return _mm_cvtsi128_si32(keys);
}
#else
static inline int cimg_block_least(const cimg_nearest_block *block, int r, int g, int b) {
    int best = INT32_MAX;
    for (int lane = 0; lane < 4; lane++) {
        int dr = block->red_green[lane * 2] - r, dg = block->red_green[lane * 2 + 1] - g, db = block->blue[lane * 2] - b;
        int key = (dr * dr + dg * dg + db * db) << 8 | block->index[lane];
        if (key < best) best = key;
    }
    return best;
}
#endif

/* The least key of a list's blocks, from its first: further blocks only
 * while one may hold an entry as near as the best so far. */
static inline int cimg_search(const cimg_nearest_block *block, int r, int g, int b) {
#if defined(__SSE2__)
    const __m128i pixel_red_green = _mm_set1_epi32(r | g << 16), pixel_blue = _mm_set1_epi32(b);
#define CIMG_BLOCK_LEAST(block) cimg_block_least(block, pixel_red_green, pixel_blue)
#else
#define CIMG_BLOCK_LEAST(block) cimg_block_least(block, r, g, b)
#endif
    int best = CIMG_BLOCK_LEAST(block);
    while (block->next_near <= best >> 8) {
        block++;
        int least = CIMG_BLOCK_LEAST(block);
        if (least < best) best = least;
    }
#undef CIMG_BLOCK_LEAST
    return best;
}

int cimg_nearest_map(cimg_nearest *nearest, const uint8_t *rgba, size_t pixels, uint8_t *out) {
    uint32_t last_color = UINT32_MAX;
    uint8_t last_index = 0;
    for (size_t pixel = 0; pixel < pixels; pixel++) {
        int r = rgba[pixel * 4], g = rgba[pixel * 4 + 1], b = rgba[pixel * 4 + 2];
        uint32_t color = (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
        /* Neighbours often share a colour. */
        if (color != last_color) {
            last_color = color;
            int cell = ((r >> CIMG_FINE_SHIFT) * CIMG_FINE_SIDE + (g >> CIMG_FINE_SHIFT)) * CIMG_FINE_SIDE + (b >> CIMG_FINE_SHIFT);
            int32_t list = nearest->fine[cell];
            if (list == CIMG_UNLISTED) {
                if (cimg_list_fine(nearest, cell, r, g, b) != 0) return -1;
                list = nearest->fine[cell];
            }
            last_index = list < 0 ? (uint8_t)(-1 - list) : (uint8_t)(cimg_search(nearest->blocks + list, r, g, b) & 255);
        }
        out[pixel] = last_index;
    }
    return 0;
}
