/*
 * FreeType and fontconfig shim: find a font file by name, and draw a line
 * of text (antialiased, kerned, on a baseline) as 8-bit coverage into a
 * caller's buffer. FreeType reports errors by return code; each is turned
 * into a message here.
 * Related documentation: FreeType tutorial step 1-2; fontconfig's FcFontMatch.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include "cimg_lazy_fonts.h"

CIMG_LAZY_DEFINE(fonts);

struct cimg_font {
    FT_Library library;
    FT_Face face;
};

int cimg_font_locate(const char *name, char *path, size_t capacity, char *family, size_t family_capacity,
                     cimg_error *error) {
    int loaded = cimg_lazy_require(&cimg_lazy_fonts, error);
    if (loaded != CIMG_OK) return loaded;
    if (!FcInit()) return cimg_fail(error, CIMG_ERR_CORRUPT, "fontconfig could not be initialised");
    FcPattern *pattern = FcNameParse((const FcChar8 *)name);
    if (pattern == NULL) return cimg_fail(error, CIMG_ERR_ARGUMENT, "not a font name: %s", name);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, pattern, &result);
    FcPattern *requested = FcNameParse((const FcChar8 *)name);
    int status = CIMG_OK;
    FcChar8 *file = NULL, *matched_family = NULL, *wanted_family = NULL;
    if (match == NULL || FcPatternGetString(match, FC_FILE, 0, &file) != FcResultMatch) {
        status = cimg_fail(error, CIMG_ERR_ARGUMENT, "no font matches '%s'", name);
    } else {
        /* fontconfig always answers with some font; a different family means the name was not found. */
        int same = 1;
        if (requested != NULL && FcPatternGetString(requested, FC_FAMILY, 0, &wanted_family) == FcResultMatch) {
            same = 0;
            for (int i = 0; FcPatternGetString(match, FC_FAMILY, i, &matched_family) == FcResultMatch; i++) {
                if (strcasecmp((const char *)matched_family, (const char *)wanted_family) == 0) { same = 1; break; }
            }
        }
        if (!same) {
            status = cimg_fail(error, CIMG_ERR_ARGUMENT, "font '%s' is not installed", name);
        } else {
            snprintf(path, capacity, "%s", (const char *)file);
            FcChar8 *first_family = NULL;
            if (FcPatternGetString(match, FC_FAMILY, 0, &first_family) == FcResultMatch) {
                snprintf(family, family_capacity, "%s", (const char *)first_family);
            } else {
                snprintf(family, family_capacity, "%s", name);
            }
        }
    }
    if (match) FcPatternDestroy(match);
    if (requested) FcPatternDestroy(requested);
    FcPatternDestroy(pattern);
    return status;
}

int cimg_font_open(const char *path, uint32_t pixel_size, cimg_font **out, cimg_error *error) {
    *out = NULL;
    int loaded = cimg_lazy_require(&cimg_lazy_fonts, error);
    if (loaded != CIMG_OK) return loaded;
    cimg_font *font = calloc(1, sizeof *font);
    if (font == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    FT_Error code = FT_Init_FreeType(&font->library);
    if (code) {
        free(font);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "FreeType could not start (error %d)", code);
    }
    code = FT_New_Face(font->library, path, 0, &font->face);
    if (code) {
        FT_Done_FreeType(font->library);
        free(font);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "cannot open font %s (FreeType error %d)", path, code);
    }
    code = FT_Set_Pixel_Sizes(font->face, 0, pixel_size);
    if (code) {
        cimg_font_close(font);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "font %s cannot be drawn at %u px", path, pixel_size);
    }
    *out = font;
    return CIMG_OK;
}

void cimg_font_close(cimg_font *font) {
    if (font == NULL) return;
    FT_Done_Face(font->face);
    FT_Done_FreeType(font->library);
    free(font);
}

int cimg_font_has_glyph(cimg_font *font, uint32_t codepoint) {
    return FT_Get_Char_Index(font->face, codepoint) != 0;
}

void cimg_font_metrics(cimg_font *font, int32_t *ascent, int32_t *descent) {
    *ascent = (int32_t)(font->face->size->metrics.ascender >> 6);
    *descent = (int32_t)(-(font->face->size->metrics.descender >> 6));
}

/* Walks the glyphs of a line: pen positions in 26.6 with kerning. When
 * coverage is NULL, only measures. */
static int cimg_text_walk(cimg_font *font, const uint32_t *codepoints, size_t count, uint8_t *coverage,
                          size_t stride, uint32_t width, uint32_t height, int32_t origin_x, int32_t baseline_y,
                          int32_t *advance, cimg_error *error) {
    FT_Face face = font->face;
    FT_Pos pen = 0;
    FT_UInt previous = 0;
    int kerning = FT_HAS_KERNING(face);
    for (size_t i = 0; i < count; i++) {
        FT_UInt glyph = FT_Get_Char_Index(face, codepoints[i]);
        if (glyph == 0) {
            return cimg_fail(error, CIMG_ERR_ARGUMENT, "no glyph for U+%04X", codepoints[i]);
        }
        if (kerning && previous) {
            FT_Vector delta;
            if (FT_Get_Kerning(face, previous, glyph, FT_KERNING_DEFAULT, &delta) == 0) pen += delta.x;
        }
        FT_Error code = FT_Load_Glyph(face, glyph, coverage ? FT_LOAD_RENDER : FT_LOAD_DEFAULT);
        if (code) return cimg_fail(error, CIMG_ERR_CORRUPT, "FreeType cannot load glyph U+%04X (error %d)", codepoints[i], code);
        if (coverage) {
            FT_GlyphSlot slot = face->glyph;
            if (slot->format != FT_GLYPH_FORMAT_BITMAP) FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL);
            FT_Bitmap *bitmap = &slot->bitmap;
            int32_t left = origin_x + (int32_t)((pen + 32) >> 6) + slot->bitmap_left;
            int32_t top = baseline_y - slot->bitmap_top;
            for (unsigned row = 0; row < bitmap->rows; row++) {
                int32_t y = top + (int32_t)row;
                if (y < 0 || y >= (int32_t)height) continue;
                const uint8_t *source = bitmap->buffer + (ptrdiff_t)row * bitmap->pitch;
                uint8_t *target = coverage + (size_t)y * stride;
                for (unsigned column = 0; column < bitmap->width; column++) {
                    int32_t x = left + (int32_t)column;
                    if (x < 0 || x >= (int32_t)width) continue;
                    unsigned sum = (unsigned)target[x] + source[column];
                    target[x] = (uint8_t)(sum > 255 ? 255 : sum);
                }
            }
        }
        pen += face->glyph->advance.x;
        previous = glyph;
    }
    if (advance) *advance = (int32_t)((pen + 32) >> 6);
    return CIMG_OK;
}

int cimg_text_measure(cimg_font *font, const uint32_t *codepoints, size_t count, int32_t *width, cimg_error *error) {
    return cimg_text_walk(font, codepoints, count, NULL, 0, 0, 0, 0, 0, width, error);
}

int cimg_text_draw(cimg_font *font, const uint32_t *codepoints, size_t count, uint8_t *coverage, size_t stride,
                   uint32_t width, uint32_t height, int32_t origin_x, int32_t baseline_y, cimg_error *error) {
    return cimg_text_walk(font, codepoints, count, coverage, stride, width, height, origin_x, baseline_y, NULL, error);
}
