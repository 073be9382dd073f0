/* Library versions for `filmroll --version`: each asked of the library at
 * run time where it has a function, else taken from its header's macros.
 * Libraries loaded on first use (cimg_lazy.h) are named by their headers
 * in their shims, so that --version loads none of them. */
#include "include/cimaging.h"

#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <zlib.h>
#include <libdeflate.h>
#include <gif_lib.h>
#include <expat.h>
#include <sqlite3.h>
#include <libimagequant.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#define CIMG_TEXT(x) #x
#define CIMG_STRING(x) CIMG_TEXT(x)

const char *cimg_version_libjpeg(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return CIMG_STRING(LIBJPEG_TURBO_VERSION);
#else
    return CIMG_STRING(JPEG_LIB_VERSION);
#endif
}

const char *cimg_version_libpng(void) { return png_get_libpng_ver(NULL); }

const char *cimg_version_zlib(void) { return zlibVersion(); }

const char *cimg_version_libdeflate(void) { return LIBDEFLATE_VERSION_STRING; }

const char *cimg_version_giflib(void) {
    return CIMG_STRING(GIFLIB_MAJOR) "." CIMG_STRING(GIFLIB_MINOR) "." CIMG_STRING(GIFLIB_RELEASE);
}

const char *cimg_version_expat(void) { return XML_ExpatVersion(); }

const char *cimg_version_sqlite(void) { return sqlite3_libversion(); }

const char *cimg_version_imagequant(void) {
    /* 2.17.0 still reports 21600: when the library is the one the header
     * describes, the header's string is the truer name. */
    if (liq_version() == LIQ_VERSION) return LIQ_VERSION_STRING;
    static _Thread_local char text[16];
    snprintf(text, sizeof text, "%d.%d.%d", liq_version() / 10000, liq_version() / 100 % 100, liq_version() % 100);
    return text;
}

/* The header's: FreeType is loaded on first use (cimg_text.c). */
int cimg_version_freetype(void) { return FREETYPE_MAJOR * 10000 + FREETYPE_MINOR * 100 + FREETYPE_PATCH; }
