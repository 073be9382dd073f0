/*
 * libtiff shim: TIFF files read from memory (TIFFClientOpenExt over the
 * caller's bytes, "mapped" so that libtiff reads strips in place; never a
 * path), first page only.
 *
 * libtiff reports through handlers and return codes, never longjmp. Its
 * error and warning handlers are set per handle (TIFFOpenOptions, libtiff
 * 4.5): the first error of a call is kept in that call's context and the
 * rest dropped, so nothing is printed and calls on several threads do not
 * mix their messages.
 *
 * Pixels: the common pages (grey 1/2/4/8/16-bit, palette, RGB and CMYK 8 or
 * 16-bit, with or without alpha, contiguous or planar, strips or tiles,
 * any codec libtiff has) are read row by row, converted to 8 bits and
 * box-averaged into the caller's smaller buffer while they are read, so a
 * 12 MP page decoded for a thumbnail never exists at full size. Grey and
 * RGB pages of 9- to 15-bit or 32-bit integers or of floats are narrowed to
 * 8 bits first; Lab pages (CIELab, ICCLab, ITULab, 8 or 16-bit) go through
 * lcms2's D50 Lab profile to sRGB (cimg_color.c). Others (YCbCr without
 * JPEG, …) go through TIFFRGBAImage, a band at a time.
 *
 * Related documentation: TIFF 6.0 specification; libtiff's tiffio.h,
 * TIFFClientOpen(3tiff), TIFFReadScanline(3tiff), TIFFRGBAImage(3tiff).
 */
#include "cimg_internal.h"
#include "include/cimaging_tiff.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tiffio.h>
#include <tiffvers.h>

#include "cimg_lazy_tiff.h"

CIMG_LAZY_DEFINE(tiff);

/* The largest block libtiff (or this shim) may allocate at once: strips and
 * tiles of a real photo are far smaller; a lying header is refused. */
#define CIMG_TIFF_MAX_ALLOC ((tmsize_t)256 << 20)
/* Rows TIFFRGBAImage decodes at a time (a multiple of every shrink). */
#define CIMG_TIFF_GENERIC_BAND 64
/* The compact EXIF block stays inside what libexif reads (64 KB). */
#define CIMG_TIFF_EXIF_CAPACITY 0xFFF0
#define CIMG_TIFF_EXIF_MAX_ENTRIES 256   /* 3 KB of entries a directory */
#define CIMG_TIFF_EXIF_MAX_VALUE 8192

/* ---- Reading from memory ---------------------------------------------- */

/* One call's source and its first libtiff error. */
typedef struct cimg_tiff_source {
    const uint8_t *data;
    size_t size;
    uint64_t position;
    int failed;
    char message[CIMG_MESSAGE_CAPACITY];
} cimg_tiff_source;

static tmsize_t cimg_tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    cimg_tiff_source *source = handle;
    if (count <= 0 || source->position >= source->size) return 0;
    uint64_t available = source->size - source->position;
    size_t copied = (uint64_t)count < available ? (size_t)count : (size_t)available;
    memcpy(buffer, source->data + source->position, copied);
    source->position += copied;
    return (tmsize_t)copied;
}

static tmsize_t cimg_tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle, (void)buffer, (void)count;
    return -1;
}

static toff_t cimg_tiff_seek(thandle_t handle, toff_t offset, int whence) {
    cimg_tiff_source *source = handle;
    uint64_t base = whence == SEEK_CUR ? source->position : whence == SEEK_END ? source->size : 0;
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    source->position = base + offset;
    return source->position;
}

static int cimg_tiff_close(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t cimg_tiff_size(thandle_t handle) {
    return ((cimg_tiff_source *)handle)->size;
}

/* The bytes are already in memory: libtiff points into them. */
static int cimg_tiff_map(thandle_t handle, void **base, toff_t *size) {
    cimg_tiff_source *source = handle;
    *base = (void *)source->data;
    *size = source->size;
    return 1;
}

static void cimg_tiff_unmap(thandle_t handle, void *base, toff_t size) {
    (void)handle, (void)base, (void)size;
}

static int cimg_tiff_on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif, (void)module;
    cimg_tiff_source *source = user_data;
    if (source != NULL && !source->failed) {
        vsnprintf(source->message, sizeof source->message, format, arguments);
        source->failed = 1;
    }
    return 1;   /* handled: the global handlers are not called */
}

static int cimg_tiff_on_warning(TIFF *tif, void *user_data, const char *module, const char *format,
                                va_list arguments) {
    (void)tif, (void)user_data, (void)module, (void)format, (void)arguments;
    return 1;   /* unknown private tags and the like: not the user's concern */
}

/* The process-wide handlers print to stderr; every handle here has its own,
 * and these catch what might reach them anyway. Filmroll is libtiff's only
 * user in the process. */
static pthread_once_t cimg_tiff_silenced = PTHREAD_ONCE_INIT;
static void cimg_tiff_silence(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

static uint64_t cimg_tiff_get(const uint8_t *bytes, int length, int big_endian) {
    uint64_t value = 0;
    for (int i = 0; i < length; i++) {
        value |= (uint64_t)bytes[big_endian ? i : length - 1 - i] << (8 * (length - 1 - i));
    }
    return value;
}

/* Whether the data starts with a TIFF or BigTIFF header; its byte order and kind. */
static int cimg_tiff_header(const uint8_t *data, size_t size, int *big_endian, int *big_tiff) {
    if (size < 8) return 0;
    if (data[0] == 'I' && data[1] == 'I') *big_endian = 0;
    else if (data[0] == 'M' && data[1] == 'M') *big_endian = 1;
    else return 0;
    uint64_t version = cimg_tiff_get(data + 2, 2, *big_endian);
    if (version != 42 && version != 43) return 0;
    *big_tiff = version == 43;
    return 1;
}

/* Opens the first directory. On failure *status holds the cimg_status and
 * error the reason: TRUNCATED when the header or first directory lies past
 * the end of the data. */
static TIFF *cimg_tiff_open(cimg_tiff_source *source, cimg_error *error, int *status) {
    int big_endian = 0, big_tiff = 0;
    if (!cimg_tiff_header(source->data, source->size, &big_endian, &big_tiff)) {
        *status = source->size < 8 ? cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends inside the TIFF header")
                                   : cimg_fail(error, CIMG_ERR_CORRUPT, "not a TIFF file");
        return NULL;
    }
    pthread_once(&cimg_tiff_silenced, cimg_tiff_silence);
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        *status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        return NULL;
    }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, CIMG_TIFF_MAX_ALLOC);
    TIFFOpenOptionsSetErrorHandlerExtR(options, cimg_tiff_on_error, source);
    TIFFOpenOptionsSetWarningHandlerExtR(options, cimg_tiff_on_warning, source);
    /* "O": strip and tile offsets read on demand (a lying count costs nothing). */
    TIFF *tif = TIFFClientOpenExt("TIFF", "rO", source, cimg_tiff_read, cimg_tiff_write, cimg_tiff_seek,
                                  cimg_tiff_close, cimg_tiff_size, cimg_tiff_map, cimg_tiff_unmap, options);
    TIFFOpenOptionsFree(options);
    if (tif != NULL) {
        *status = CIMG_OK;
        return tif;
    }
    size_t pointer_size = big_tiff ? 8 : 4, pointer_at = big_tiff ? 8 : 4;
    uint64_t first = source->size >= pointer_at + pointer_size
        ? cimg_tiff_get(source->data + pointer_at, (int)pointer_size, big_endian) : UINT64_MAX;
    if (first >= source->size) {
        *status = cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends before its first directory");
    } else {
        *status = cimg_fail(error, CIMG_ERR_CORRUPT, "%s", source->failed ? source->message : "unreadable directory");
    }
    return NULL;
}

/* ---- The first page's layout ------------------------------------------ */

enum {
    CIMG_TIFF_GRAY,
    CIMG_TIFF_PALETTE,
    CIMG_TIFF_RGB,
    CIMG_TIFF_CMYK,
    CIMG_TIFF_LAB,       /* CIELab, ICCLab or ITULab: through lcms2's Lab profile to sRGB */
    CIMG_TIFF_GENERIC,   /* through TIFFRGBAImage */
};

typedef struct cimg_tiff_layout {
    uint32_t width, height;
    uint16_t samples, bits, photometric, planar, sample_format, compression, orientation;
    int color_samples;
    int alpha;           /* 0, EXTRASAMPLE_ASSOCALPHA or EXTRASAMPLE_UNASSALPHA */
    int extra;
    int kind;
    int min_is_white;
    int tiled;
    int narrowed;        /* samples other than 8- or 16-bit unsigned integers, each first narrowed to 8 bits */
    int pixel_format;    /* output without raw CMYK */
} cimg_tiff_layout;

/* Reads directory 0's tags and decides how its pixels are read. A page
 * neither reader handles is CIMG_ERR_CORRUPT with libtiff's reason. */
static int cimg_tiff_layout_of(TIFF *tif, cimg_tiff_layout *layout, cimg_error *error) {
    memset(layout, 0, sizeof *layout);
    uint16_t value16 = 0, extra_count = 0, *extra_types = NULL;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &layout->width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &layout->height);
    if (layout->width == 0 || layout->height == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "the page has no size");
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &layout->samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &layout->bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &layout->planar);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &layout->sample_format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &layout->compression);
    if (TIFFGetField(tif, TIFFTAG_ORIENTATION, &value16) && value16 >= 1 && value16 <= 8) layout->orientation = value16;
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &layout->photometric)) {
        layout->photometric = layout->samples >= 3 ? PHOTOMETRIC_RGB : PHOTOMETRIC_MINISBLACK;
    }
    if (TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra_types) && extra_count > 0 && extra_types != NULL) {
        layout->extra = extra_count;
        if (extra_types[0] == EXTRASAMPLE_ASSOCALPHA || extra_types[0] == EXTRASAMPLE_UNASSALPHA) {
            layout->alpha = extra_types[0];
        }
    }
    layout->color_samples = layout->samples > layout->extra ? layout->samples - layout->extra : 0;
    layout->tiled = TIFFIsTiled(tif);
    /* libtiff's JPEG codec turns YCbCr into RGB itself, row by row. */
    if (layout->compression == COMPRESSION_JPEG && layout->photometric == PHOTOMETRIC_YCBCR) {
        TIFFSetField(tif, TIFFTAG_JPEGCOLORMODE, JPEGCOLORMODE_RGB);
        layout->photometric = PHOTOMETRIC_RGB;
    }

    uint16_t bits = layout->bits, inkset = INKSET_CMYK;
    int unsigned_samples = layout->sample_format == SAMPLEFORMAT_UINT || layout->sample_format == SAMPLEFORMAT_VOID;
    int whole_bytes = unsigned_samples && (bits == 8 || bits == 16);
    /* Grey and RGB pages of 9- to 15-bit or 32-bit unsigned integers, of
     * 8- or 16-bit signed ones, or of 16-, 32- or 64-bit floats, are
     * narrowed to 8 bits sample by sample. */
    int float_samples = layout->sample_format == SAMPLEFORMAT_IEEEFP && (bits == 16 || bits == 32 || bits == 64);
    int signed_samples = layout->sample_format == SAMPLEFORMAT_INT && (bits == 8 || bits == 16);
    int narrowed = float_samples || signed_samples || (unsigned_samples && ((bits > 8 && bits < 16) || bits == 32));
    int planar_ok = layout->planar == PLANARCONFIG_CONTIG || layout->samples == 1 || bits % 8 == 0;
    layout->kind = CIMG_TIFF_GENERIC;
    if ((unsigned_samples || float_samples || signed_samples) && planar_ok) {
        switch (layout->photometric) {
        case PHOTOMETRIC_MINISWHITE:
        case PHOTOMETRIC_MINISBLACK:
            if (layout->color_samples >= 1 &&
                (whole_bytes || narrowed || (unsigned_samples && (bits == 1 || bits == 2 || bits == 4) && layout->samples == 1))) {
                layout->kind = CIMG_TIFF_GRAY;
                layout->min_is_white = layout->photometric == PHOTOMETRIC_MINISWHITE;
            }
            break;
        case PHOTOMETRIC_PALETTE:
            if (unsigned_samples && layout->samples == 1 && (bits == 1 || bits == 2 || bits == 4 || bits == 8)) {
                layout->kind = CIMG_TIFF_PALETTE;
            }
            break;
        case PHOTOMETRIC_RGB:
            if (layout->color_samples >= 3 && (whole_bytes || narrowed)) layout->kind = CIMG_TIFF_RGB;
            break;
        case PHOTOMETRIC_SEPARATED:
            TIFFGetFieldDefaulted(tif, TIFFTAG_INKSET, &inkset);
            if (inkset == INKSET_CMYK && layout->color_samples == 4 && whole_bytes) layout->kind = CIMG_TIFF_CMYK;
            break;
        case PHOTOMETRIC_CIELAB:
        case PHOTOMETRIC_ICCLAB:
        case PHOTOMETRIC_ITULAB:
            /* CIELab's a* and b* are signed whatever SampleFormat says. */
            if (layout->color_samples >= 3 && (bits == 8 || bits == 16) && layout->sample_format != SAMPLEFORMAT_IEEEFP) {
                layout->kind = CIMG_TIFF_LAB;
            }
            break;
        default:
            break;
        }
    }
    layout->narrowed = narrowed && (layout->kind == CIMG_TIFF_GRAY || layout->kind == CIMG_TIFF_RGB);
    if (layout->kind == CIMG_TIFF_PALETTE) {
        uint16_t *red, *green, *blue;
        if (!TIFFGetField(tif, TIFFTAG_COLORMAP, &red, &green, &blue)) {
            return cimg_fail(error, CIMG_ERR_CORRUPT, "palette page without a colour map");
        }
    }
    if (layout->kind == CIMG_TIFF_GENERIC) {
        char reason[1024] = "";
        if (!TIFFRGBAImageOK(tif, reason)) {
            return cimg_fail(error, CIMG_ERR_CORRUPT, "unsupported page: %s", reason[0] ? reason : "unknown layout");
        }
    }
    /* The rule the header states (cimaging_tiff.h), whichever reader runs. */
    int gray = (layout->photometric == PHOTOMETRIC_MINISBLACK || layout->photometric == PHOTOMETRIC_MINISWHITE) &&
               layout->color_samples == 1;
    if (layout->photometric == PHOTOMETRIC_SEPARATED) layout->alpha = 0;
    layout->pixel_format = layout->alpha ? CIMG_PIXEL_RGBA8 : gray ? CIMG_PIXEL_GRAY8 : CIMG_PIXEL_RGB8;
    return CIMG_OK;
}

/* ---- A compact EXIF block --------------------------------------------- */

/*
 * A TIFF file is itself an EXIF block, but libexif reads only the first
 * 64 KB of one, and libtiff writes a page's directory after its pixels. So
 * the tags EXIFReader wants are copied into a small classic TIFF in the
 * file's byte order: directory 0's descriptive tags, with its EXIF and GPS
 * directories whole (values over 8 KB, such as maker notes, left out). A
 * BigTIFF's entries become classic ones. Values are copied as stored.
 */

typedef struct cimg_tiff_file {
    const uint8_t *data;
    size_t size;
    int big_endian;
    int big_tiff;
} cimg_tiff_file;

typedef struct cimg_tiff_entry {
    uint16_t tag, type;
    uint32_t count;
    const uint8_t *value;   /* count × type size bytes inside the file */
    uint32_t length;
    uint64_t pointer;       /* a sub-directory's offset (EXIF, GPS) */
} cimg_tiff_entry;

enum { CIMG_TIFF_TAG_EXIF_IFD = 0x8769, CIMG_TIFF_TAG_GPS_IFD = 0x8825, CIMG_TIFF_TAG_INTEROP_IFD = 0xA005 };

static int cimg_tiff_type_size(uint16_t type) {
    switch (type) {
    case 1: case 2: case 6: case 7: return 1;     /* BYTE, ASCII, SBYTE, UNDEFINED */
    case 3: case 8: return 2;                      /* SHORT, SSHORT */
    case 4: case 9: case 11: case 13: return 4;    /* LONG, SLONG, FLOAT, IFD */
    case 5: case 10: case 12: return 8;            /* RATIONAL, SRATIONAL, DOUBLE */
    default: return 0;                             /* BigTIFF's 8-byte integers have no classic form */
    }
}

static int cimg_tiff_keeps_in_ifd0(uint16_t tag) {
    switch (tag) {
    case 0x010F: case 0x0110: case 0x0112: case 0x0131: case 0x0132:   /* Make, Model, Orientation, Software, DateTime */
    case CIMG_TIFF_TAG_EXIF_IFD: case CIMG_TIFF_TAG_GPS_IFD:
        return 1;
    default:
        return 0;
    }
}

/* Reads a directory's entries (in ifd0 mode only the tags kept from it);
 * returns how many, 0 when the directory is unreadable. */
static int cimg_tiff_read_entries(const cimg_tiff_file *file, uint64_t offset, int ifd0, cimg_tiff_entry *entries) {
    size_t count_size = file->big_tiff ? 8 : 2, entry_size = file->big_tiff ? 20 : 12, inline_size = file->big_tiff ? 8 : 4;
    if (offset < 8 || offset > file->size || file->size - offset < count_size) return 0;
    uint64_t total = cimg_tiff_get(file->data + offset, (int)count_size, file->big_endian);
    if (total > (file->size - offset - count_size) / entry_size) return 0;
    int kept = 0;
    for (uint64_t index = 0; index < total && kept < CIMG_TIFF_EXIF_MAX_ENTRIES; index++) {
        const uint8_t *at = file->data + offset + count_size + index * entry_size;
        cimg_tiff_entry entry = {0};
        entry.tag = (uint16_t)cimg_tiff_get(at, 2, file->big_endian);
        entry.type = (uint16_t)cimg_tiff_get(at + 2, 2, file->big_endian);
        uint64_t count = cimg_tiff_get(at + 4, file->big_tiff ? 8 : 4, file->big_endian);
        const uint8_t *field = at + (file->big_tiff ? 12 : 8);
        if (ifd0 && !cimg_tiff_keeps_in_ifd0(entry.tag)) continue;
        if (entry.tag == CIMG_TIFF_TAG_INTEROP_IFD) continue;   /* its offset would point nowhere */
        if (entry.tag == CIMG_TIFF_TAG_EXIF_IFD || entry.tag == CIMG_TIFF_TAG_GPS_IFD) {
            if (!ifd0 || count != 1) continue;
            int wide = entry.type == 16 || entry.type == 18;    /* LONG8, IFD8 */
            if (!wide && entry.type != 4 && entry.type != 13) continue;
            entry.pointer = cimg_tiff_get(field, wide ? 8 : 4, file->big_endian);
            entries[kept++] = entry;
            continue;
        }
        int type_size = cimg_tiff_type_size(entry.type);
        if (type_size == 0 || count == 0 || count > CIMG_TIFF_EXIF_MAX_VALUE / (uint64_t)type_size) continue;
        entry.count = (uint32_t)count;
        entry.length = (uint32_t)count * (uint32_t)type_size;
        if (entry.length <= inline_size) {
            entry.value = field;
        } else {
            uint64_t value_at = cimg_tiff_get(field, (int)inline_size, file->big_endian);
            if (value_at > file->size || file->size - value_at < entry.length) continue;
            entry.value = file->data + value_at;
        }
        entries[kept++] = entry;
    }
    return kept;
}

static void cimg_tiff_put(uint8_t *at, uint64_t value, int length, int big_endian) {
    for (int i = 0; i < length; i++) {
        at[big_endian ? i : length - 1 - i] = (uint8_t)(value >> (8 * (length - 1 - i)));
    }
}

/* Appends a directory of `entries` to the block: its entries, then the
 * values too long to sit in them, up to byte `limit` (values past it are
 * left out). Sub-directory pointers are written as LONG 0 and their
 * positions returned in *exif_slot and *gps_slot. Returns the directory's
 * offset, 0 when not even its entries fit. */
static size_t cimg_tiff_write_ifd(uint8_t *block, size_t *used, size_t limit, int big_endian,
                                  const cimg_tiff_entry *entries, int count, size_t *exif_slot, size_t *gps_slot) {
    size_t start = (*used + 1) & ~(size_t)1;
    size_t values = start + 2 + (size_t)count * 12 + 4;
    if (values > limit) return 0;
    memset(block + *used, 0, values - *used);
    int written = 0;
    for (int i = 0; i < count; i++) {
        const cimg_tiff_entry *entry = &entries[i];
        uint8_t *at = block + start + 2 + (size_t)written * 12;
        int pointer = entry->tag == CIMG_TIFF_TAG_EXIF_IFD || entry->tag == CIMG_TIFF_TAG_GPS_IFD;
        if (!pointer && entry->length > 4) {
            size_t value_at = (values + 1) & ~(size_t)1;
            if (value_at + entry->length > limit) continue;   /* left out: no room */
            if (value_at > values) block[values] = 0;
            memcpy(block + value_at, entry->value, entry->length);
            values = value_at + entry->length;
            cimg_tiff_put(at + 8, value_at, 4, big_endian);
        } else if (!pointer) {
            memcpy(at + 8, entry->value, entry->length);
        }
        cimg_tiff_put(at, entry->tag, 2, big_endian);
        cimg_tiff_put(at + 2, pointer ? 4 : entry->type, 2, big_endian);
        cimg_tiff_put(at + 4, pointer ? 1 : entry->count, 4, big_endian);
        if (entry->tag == CIMG_TIFF_TAG_EXIF_IFD && exif_slot) *exif_slot = (size_t)(at + 8 - block);
        if (entry->tag == CIMG_TIFF_TAG_GPS_IFD && gps_slot) *gps_slot = (size_t)(at + 8 - block);
        written++;
    }
    /* Entries left out leave zeros after the last one: the next-directory offset is 0. */
    cimg_tiff_put(block + start, (uint64_t)written, 2, big_endian);
    *used = values;
    return start;
}

/* Fills *output with the compact EXIF block; empty when directory 0 has
 * none of the tags. */
static int cimg_tiff_exif_block(const uint8_t *data, size_t size, cimg_buffer *output) {
    cimg_tiff_file file = {data, size, 0, 0};
    if (!cimg_tiff_header(data, size, &file.big_endian, &file.big_tiff)) return CIMG_OK;
    uint64_t first = file.big_tiff ? (size >= 16 ? cimg_tiff_get(data + 8, 8, file.big_endian) : 0)
                                   : cimg_tiff_get(data + 4, 4, file.big_endian);
    /* Directory 0, then its EXIF and GPS directories. */
    cimg_tiff_entry *entries[3];
    int counts[3] = {0, 0, 0};
    uint8_t *block = malloc(CIMG_TIFF_EXIF_CAPACITY);
    for (int i = 0; i < 3; i++) entries[i] = malloc(sizeof(cimg_tiff_entry) * CIMG_TIFF_EXIF_MAX_ENTRIES);
    if (block == NULL || entries[0] == NULL || entries[1] == NULL || entries[2] == NULL) {
        for (int i = 0; i < 3; i++) free(entries[i]);
        free(block);
        return CIMG_ERR_MEMORY;
    }
    int all = cimg_tiff_read_entries(&file, first, 1, entries[0]);
    for (int i = 0; i < all; i++) {
        cimg_tiff_entry entry = entries[0][i];
        int sub = entry.tag == CIMG_TIFF_TAG_EXIF_IFD ? 1 : entry.tag == CIMG_TIFF_TAG_GPS_IFD ? 2 : 0;
        if (sub != 0) {
            /* A pointer is kept only to a readable directory that is not directory 0 again. */
            if (counts[sub] != 0 || entry.pointer == first) continue;
            counts[sub] = cimg_tiff_read_entries(&file, entry.pointer, 0, entries[sub]);
            if (counts[sub] == 0) continue;
        }
        entries[0][counts[0]++] = entry;
    }
    size_t used = 8, slots[3] = {0, 0, 0};
    memcpy(block, file.big_endian ? "MM\0*" : "II*\0", 4);
    cimg_tiff_put(block + 4, 8, 4, file.big_endian);
    /* Each directory's values stop at its share of the block, so that every
     * directory's entries fit and no pointer is left dangling. */
    static const size_t limits[3] = {24 * 1024, 48 * 1024, CIMG_TIFF_EXIF_CAPACITY};
    int status = CIMG_OK;
    if (counts[0] > 0 &&
        cimg_tiff_write_ifd(block, &used, limits[0], file.big_endian, entries[0], counts[0], &slots[1], &slots[2])) {
        for (int sub = 1; sub < 3; sub++) {
            if (slots[sub] == 0) continue;
            size_t at = cimg_tiff_write_ifd(block, &used, limits[sub], file.big_endian, entries[sub], counts[sub],
                                            NULL, NULL);
            cimg_tiff_put(block + slots[sub], at, 4, file.big_endian);
        }
        output->data = block;
        output->size = used;
        block = NULL;
    }
    for (int i = 0; i < 3; i++) free(entries[i]);
    free(block);
    return status;
}

/* ---- Header ------------------------------------------------------------ */

void cimg_tiff_info_free(cimg_tiff_info *info) {
    if (info == NULL) return;
    cimg_buffer_free(&info->icc);
    cimg_buffer_free(&info->exif);
    cimg_buffer_free(&info->xmp);
}

int cimg_tiff_read_info(const uint8_t *data, size_t size, cimg_tiff_info *info, cimg_error *error) {
    memset(info, 0, sizeof *info);
    int loaded = cimg_lazy_require(&cimg_lazy_tiff, error);
    if (loaded != CIMG_OK) return loaded;
    cimg_tiff_source source = {data, size, 0, 0, ""};
    int status;
    TIFF *tif = cimg_tiff_open(&source, error, &status);
    if (tif == NULL) return status;
    cimg_tiff_layout layout;
    status = cimg_tiff_layout_of(tif, &layout, error);
    if (status == CIMG_OK) {
        info->width = layout.width;
        info->height = layout.height;
        info->samples_per_pixel = layout.samples;
        info->bits_per_sample = layout.bits;
        info->sample_format = layout.sample_format;
        info->photometric = layout.photometric;
        uint16_t stored_photometric;
        if (TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &stored_photometric)) info->photometric = stored_photometric;
        info->planar_config = layout.planar;
        info->extra_samples = layout.extra;
        info->alpha = layout.alpha;
        info->orientation = layout.orientation;
        info->compression = layout.compression;
        info->is_tiled = layout.tiled;
        info->is_bigtiff = TIFFIsBigTIFF(tif);
        info->is_cmyk = layout.kind == CIMG_TIFF_CMYK;
        info->pixel_format = layout.pixel_format;
        info->uses_generic_reader = layout.kind == CIMG_TIFF_GENERIC;
        uint32_t xmp_length = 0;
        void *xmp = NULL;
        if (TIFFGetField(tif, TIFFTAG_XMLPACKET, &xmp_length, &xmp) && xmp != NULL && xmp_length > 0) {
            info->xmp.data = malloc(xmp_length);
            if (info->xmp.data == NULL) {
                status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
            } else {
                memcpy(info->xmp.data, xmp, xmp_length);
                info->xmp.size = xmp_length;
            }
        }
        uint32_t icc_length = 0;
        void *icc = NULL;
        if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_length, &icc) && icc != NULL && icc_length > 0) {
            info->icc.data = malloc(icc_length);
            if (info->icc.data == NULL) {
                status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
            } else {
                memcpy(info->icc.data, icc, icc_length);
                info->icc.size = icc_length;
            }
        }
        /* Counting walks the directory chain (libtiff stops at loops). */
        tdir_t pages = TIFFNumberOfDirectories(tif);
        info->page_count = pages > 0 ? (uint32_t)pages : 1;
    }
    TIFFClose(tif);
    if (status == CIMG_OK && cimg_tiff_exif_block(data, size, &info->exif) != CIMG_OK) {
        status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    if (status != CIMG_OK) cimg_tiff_info_free(info);
    return status;
}

/* ---- Rows as stored ----------------------------------------------------- */

enum { CIMG_TIFF_SCANLINES, CIMG_TIFF_PLANE_SCANLINES, CIMG_TIFF_PLANE_STRIPS, CIMG_TIFF_TILES, CIMG_TIFF_LZW_STRIPS };

/* The largest strip decoded by cimg_tiff_lzw_decode (a few rows' worth, as the decoder's
 * memory plan counts rows: 4 MB is 128 rows of a 10,000-pixel RGB page); a larger one is
 * read row by row by libtiff. */
#define CIMG_TIFF_LZW_BAND_BYTES (4u << 20)

/* The page's rows, top to bottom, each with its samples interleaved as
 * stored (bits per sample unchanged). */
typedef struct cimg_tiff_rows {
    TIFF *tif;
    const cimg_tiff_layout *layout;
    int mode;
    size_t row_bytes;
    uint8_t *row;            /* SCANLINES: the current row */
    uint8_t *band;           /* PLANE_*, TILES: band_rows rows of row_bytes */
    uint8_t *piece;          /* one row or strip of one plane, or one tile */
    tmsize_t piece_size;
    uint32_t band_rows;
    uint32_t band_start;     /* first row in band; UINT32_MAX before the first */
    uint32_t failed_strile;  /* the strip or tile that could not be read */
    /* SCANLINES of an uncompressed page needing no byte swap: rows read in
     * place from the caller's bytes (no copy), a strip's bounds checked once. */
    int in_place;
    const cimg_tiff_source *source;
    uint32_t rows_per_strip;
    uint32_t strip;          /* whose bytes strip_data holds; UINT32_MAX before the first */
    const uint8_t *strip_data;
    uint64_t strip_bytes;
    /* LZW_STRIPS: each row's samples are differences from the one before (Predictor 2). */
    int horizontal_predictor;
} cimg_tiff_rows;

/* Whether the page's strips are decoded by cimg_tiff_lzw_decode: LZW,
 * chunky 8-bit samples, no predictor or the horizontal one, bits in the
 * usual order, strips no larger than CIMG_TIFF_LZW_BAND_BYTES. When they
 * are, gives the rows a strip holds and whether the predictor is used. */
static int cimg_tiff_lzw_fits(TIFF *tif, const cimg_tiff_layout *layout, size_t row_bytes, uint32_t *rows_per_strip,
                              int *horizontal_predictor) {
    if (layout->compression != COMPRESSION_LZW || layout->bits != 8 || layout->tiled) return 0;
    if (layout->planar == PLANARCONFIG_SEPARATE && layout->samples > 1) return 0;
    uint16_t predictor = PREDICTOR_NONE, fill_order = FILLORDER_MSB2LSB;
    uint32_t per_strip = 0;
    TIFFGetFieldDefaulted(tif, TIFFTAG_PREDICTOR, &predictor);
    TIFFGetFieldDefaulted(tif, TIFFTAG_FILLORDER, &fill_order);
    TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &per_strip);
    if ((predictor != PREDICTOR_NONE && predictor != PREDICTOR_HORIZONTAL) || fill_order != FILLORDER_MSB2LSB) return 0;
    uint64_t rows = per_strip < layout->height ? per_strip : layout->height;
    if (per_strip == 0 || row_bytes == 0 || rows * row_bytes > CIMG_TIFF_LZW_BAND_BYTES ||
        (uint64_t)TIFFScanlineSize(tif) != row_bytes) return 0;
    *rows_per_strip = per_strip;
    *horizontal_predictor = predictor == PREDICTOR_HORIZONTAL;
    return 1;
}

static void cimg_tiff_rows_free(cimg_tiff_rows *rows) {
    free(rows->row);
    free(rows->band);
    free(rows->piece);
}

static void *cimg_tiff_alloc(uint64_t size) {
    return size == 0 || size > (uint64_t)CIMG_TIFF_MAX_ALLOC ? NULL : malloc((size_t)size);
}

static int cimg_tiff_rows_open(TIFF *tif, const cimg_tiff_layout *layout, const cimg_tiff_source *source,
                               cimg_tiff_rows *rows, cimg_error *error) {
    memset(rows, 0, sizeof *rows);
    rows->tif = tif;
    rows->source = source;
    rows->strip = UINT32_MAX;
    rows->layout = layout;
    rows->band_start = UINT32_MAX;
    rows->row_bytes = (size_t)(((uint64_t)layout->width * layout->samples * layout->bits + 7) / 8);
    int planes = layout->planar == PLANARCONFIG_SEPARATE && layout->samples > 1;
    if (layout->tiled) {
        uint32_t tile_width = 0, tile_height = 0;
        TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
        TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height);
        if (tile_width == 0 || tile_height == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "tiles without a size");
        rows->mode = CIMG_TIFF_TILES;
        rows->band_rows = tile_height < layout->height ? tile_height : layout->height;
        rows->piece_size = TIFFTileSize(tif);
    } else if (planes && layout->compression == COMPRESSION_NONE) {
        /* A plane's row is found in place, so each row reads every plane. */
        rows->mode = CIMG_TIFF_PLANE_SCANLINES;
        rows->band_rows = 1;
        rows->piece_size = TIFFScanlineSize(tif);
    } else if (planes) {
        /* Compressed planes are read a strip at a time: a row of the next
         * plane would restart the strip's decoder. */
        uint32_t rows_per_strip = layout->height;
        TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
        rows->mode = CIMG_TIFF_PLANE_STRIPS;
        rows->band_rows = rows_per_strip > 0 && rows_per_strip < layout->height ? rows_per_strip : layout->height;
        rows->piece_size = TIFFStripSize(tif);
    } else if (cimg_tiff_lzw_fits(tif, layout, rows->row_bytes, &rows->rows_per_strip, &rows->horizontal_predictor)) {
        /* 8-bit LZW strips, by far the commonest compressed TIFFs: decoded here a strip at a time. */
        rows->mode = CIMG_TIFF_LZW_STRIPS;
        rows->band_rows = rows->rows_per_strip < layout->height ? rows->rows_per_strip : layout->height;
        rows->band = cimg_tiff_alloc((uint64_t)rows->band_rows * rows->row_bytes);
        if (rows->band == NULL) return cimg_fail(error, CIMG_ERR_LIMIT, "a strip of %u rows is too large", rows->band_rows);
        return CIMG_OK;
    } else {
        rows->mode = CIMG_TIFF_SCANLINES;
        tmsize_t scanline = TIFFScanlineSize(tif);
        if (scanline <= 0 || (uint64_t)scanline < rows->row_bytes) {
            return cimg_fail(error, CIMG_ERR_CORRUPT, "rows of an unexpected size");
        }
        uint16_t fill_order = FILLORDER_MSB2LSB;
        TIFFGetFieldDefaulted(tif, TIFFTAG_FILLORDER, &fill_order);
        uint32_t rows_per_strip = 0;
        TIFFGetFieldDefaulted(tif, TIFFTAG_ROWSPERSTRIP, &rows_per_strip);
        rows->in_place = layout->compression == COMPRESSION_NONE && fill_order == FILLORDER_MSB2LSB &&
                         (layout->bits <= 8 || !TIFFIsByteSwapped(tif)) && rows_per_strip > 0 &&
                         (uint64_t)scanline == rows->row_bytes;
        rows->rows_per_strip = rows_per_strip;
        rows->row = cimg_tiff_alloc((uint64_t)scanline);
        if (rows->row == NULL) return cimg_fail(error, CIMG_ERR_LIMIT, "a row of %lld bytes is too large", (long long)scanline);
        return CIMG_OK;
    }
    if (rows->piece_size <= 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "strips or tiles of no size");
    rows->piece = cimg_tiff_alloc((uint64_t)rows->piece_size);
    rows->band = cimg_tiff_alloc((uint64_t)rows->band_rows * rows->row_bytes);
    if (rows->piece == NULL || rows->band == NULL) {
        return cimg_fail(error, CIMG_ERR_LIMIT, "a strip or tile of %lld bytes is too large", (long long)rows->piece_size);
    }
    return CIMG_OK;
}

/* Copies one plane's samples (`rows_in` rows of `columns` samples from
 * `source`, rows `source_stride` apart) into the band's interleaved rows. */
static void cimg_tiff_interleave(cimg_tiff_rows *rows, const uint8_t *source, size_t source_stride, uint32_t rows_in,
                                 uint32_t first_column, uint32_t columns, int plane) {
    int bytes = rows->layout->bits / 8, samples = rows->layout->samples;
    for (uint32_t r = 0; r < rows_in; r++) {
        const uint8_t *from = source + r * source_stride;
        uint8_t *to = rows->band + r * rows->row_bytes + ((size_t)first_column * samples + plane) * bytes;
        if (bytes == 1) {
            for (uint32_t x = 0; x < columns; x++) to[(size_t)x * samples] = from[x];
        } else if (bytes == 2) {
            for (uint32_t x = 0; x < columns; x++) memcpy(to + (size_t)x * samples * 2, from + (size_t)x * 2, 2);
        } else {
            for (uint32_t x = 0; x < columns; x++) memcpy(to + (size_t)x * samples * bytes, from + (size_t)x * bytes, bytes);
        }
    }
}

/* Decodes LZW strip `strip` (`rows_in` rows) into the band, undoing the
 * horizontal predictor; a strip the decoder cannot finish (old-style LZW,
 * damage, too little data) is read by libtiff, which says what is wrong. */
static int cimg_tiff_fill_lzw_strip(cimg_tiff_rows *rows, uint32_t strip, uint32_t rows_in) {
    size_t wanted = (size_t)rows_in * rows->row_bytes;
    int err = 0;
    uint64_t offset = TIFFGetStrileOffsetWithErr(rows->tif, strip, &err);
    uint64_t length = err ? 0 : TIFFGetStrileByteCountWithErr(rows->tif, strip, &err);
    uint64_t size = rows->source->size;
    const uint8_t *data = !err && offset <= size && length <= size - offset ? rows->source->data + offset : NULL;
    /* Old-style LZW (LSB-first codes) starts 0x00 0x01; libtiff reads it. */
    int ours = data != NULL && !(length >= 2 && data[0] == 0 && (data[1] & 1));
    if (!ours || cimg_tiff_lzw_decode(data, (size_t)length, rows->band, wanted) != (long)wanted) {
        /* libtiff's own reading undoes the predictor itself. */
        return TIFFReadEncodedStrip(rows->tif, strip, rows->band, (tmsize_t)wanted) == (tmsize_t)wanted ? 0 : -1;
    }
    if (rows->horizontal_predictor) {
        int samples = rows->layout->samples;
        for (uint32_t r = 0; r < rows_in; r++) {
            uint8_t *row = rows->band + (size_t)r * rows->row_bytes;
            for (size_t i = (size_t)samples; i < rows->row_bytes; i++) row[i] = (uint8_t)(row[i] + row[i - samples]);
        }
    }
    return 0;
}

/* Fills the band that starts at row `start`. */
static int cimg_tiff_fill_band(cimg_tiff_rows *rows, uint32_t start) {
    const cimg_tiff_layout *layout = rows->layout;
    uint32_t rows_in = layout->height - start < rows->band_rows ? layout->height - start : rows->band_rows;
    int planes = layout->planar == PLANARCONFIG_SEPARATE && layout->samples > 1 ? layout->samples : 1;
    if (rows->mode == CIMG_TIFF_LZW_STRIPS) {
        uint32_t strip = TIFFComputeStrip(rows->tif, start, 0);
        rows->failed_strile = strip;
        return cimg_tiff_fill_lzw_strip(rows, strip, rows_in);
    }
    if (rows->mode == CIMG_TIFF_PLANE_SCANLINES) {
        for (int plane = 0; plane < planes; plane++) {
            rows->failed_strile = TIFFComputeStrip(rows->tif, start, (uint16_t)plane);
            if (TIFFReadScanline(rows->tif, rows->piece, start, (uint16_t)plane) < 0) return -1;
            cimg_tiff_interleave(rows, rows->piece, 0, 1, 0, layout->width, plane);
        }
        return 0;
    }
    if (rows->mode == CIMG_TIFF_PLANE_STRIPS) {
        for (int plane = 0; plane < planes; plane++) {
            uint32_t strip = TIFFComputeStrip(rows->tif, start, (uint16_t)plane);
            rows->failed_strile = strip;
            if (TIFFReadEncodedStrip(rows->tif, strip, rows->piece, rows->piece_size) < 0) return -1;
            cimg_tiff_interleave(rows, rows->piece, (size_t)layout->width * (layout->bits / 8), rows_in, 0,
                                 layout->width, plane);
        }
        return 0;
    }
    uint32_t tile_width = 0;
    TIFFGetField(rows->tif, TIFFTAG_TILEWIDTH, &tile_width);
    size_t tile_row_bytes = (size_t)TIFFTileRowSize(rows->tif);
    for (uint32_t x = 0; x < layout->width; x += tile_width) {
        uint32_t columns = layout->width - x < tile_width ? layout->width - x : tile_width;
        for (int plane = 0; plane < planes; plane++) {
            uint32_t tile = TIFFComputeTile(rows->tif, x, start, 0, (uint16_t)plane);
            rows->failed_strile = tile;
            if (TIFFReadEncodedTile(rows->tif, tile, rows->piece, rows->piece_size) < 0) return -1;
            if (planes > 1) {
                cimg_tiff_interleave(rows, rows->piece, tile_row_bytes, rows_in, x, columns, plane);
                continue;
            }
            /* Tile widths are multiples of 16, so a tile starts on a byte. */
            size_t offset = (size_t)(((uint64_t)x * layout->samples * layout->bits) / 8);
            size_t length = rows->row_bytes - offset < tile_row_bytes ? rows->row_bytes - offset : tile_row_bytes;
            for (uint32_t r = 0; r < rows_in; r++) {
                memcpy(rows->band + r * rows->row_bytes + offset, rows->piece + r * tile_row_bytes, length);
            }
        }
    }
    return 0;
}

/* Row y as stored, or NULL when its strip or tile cannot be read. Rows are
 * asked for in order. */
static const uint8_t *cimg_tiff_row(cimg_tiff_rows *rows, uint32_t y) {
    if (rows->in_place) {
        uint32_t strip = y / rows->rows_per_strip;
        if (strip != rows->strip) {
            rows->failed_strile = strip;
            int err = 0;
            uint64_t offset = TIFFGetStrileOffsetWithErr(rows->tif, strip, &err);
            uint64_t length = err ? 0 : TIFFGetStrileByteCountWithErr(rows->tif, strip, &err);
            uint64_t size = rows->source->size;
            if (err || offset > size || length > size - offset) return NULL;
            rows->strip = strip;
            rows->strip_data = rows->source->data + offset;
            rows->strip_bytes = length;
        }
        uint64_t at = (uint64_t)(y - rows->strip * rows->rows_per_strip) * rows->row_bytes;
        if (at + rows->row_bytes > rows->strip_bytes) return NULL;   /* a strip shorter than its rows */
        return rows->strip_data + at;
    }
    if (rows->mode == CIMG_TIFF_SCANLINES) {
        rows->failed_strile = TIFFComputeStrip(rows->tif, y, 0);
        return TIFFReadScanline(rows->tif, rows->row, y, 0) < 0 ? NULL : rows->row;
    }
    uint32_t start = y - y % rows->band_rows;
    if (start != rows->band_start) {
        rows->band_start = UINT32_MAX;
        if (cimg_tiff_fill_band(rows, start) != 0) return NULL;
        rows->band_start = start;
    }
    return rows->band + (size_t)(y - start) * rows->row_bytes;
}

/* ---- Rows to 8-bit pixels ------------------------------------------------ */

static inline uint8_t cimg_tiff_to8(uint16_t value) {
    return (uint8_t)((value + 128u) / 257u);   /* round(value × 255 / 65535) */
}

static inline uint8_t cimg_tiff_unpremultiply(unsigned value, unsigned alpha) {
    if (alpha == 0) return 0;
    unsigned straight = (value * 255u + alpha / 2) / alpha;
    return (uint8_t)(straight > 255 ? 255 : straight);
}

/* ---- Samples narrowed to 8 bits ------------------------------------------ */

/* A float in 0...1 as 0...255, rounded; below 0 (and NaN) black, above 1 white. */
static inline uint8_t cimg_tiff_float8(double value) {
    if (!(value > 0)) return 0;
    return value >= 1 ? 255 : (uint8_t)(value * 255 + 0.5);
}

/* An IEEE 754 half-precision float. */
static double cimg_tiff_half(uint16_t half) {
    int exponent = (half >> 10) & 0x1F, mantissa = half & 0x3FF;
    double magnitude = exponent == 0    ? ldexp(mantissa, -24)
                       : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                        : ldexp(mantissa + 1024, exponent - 25);
    return (half & 0x8000) ? -magnitude : magnitude;
}

/* The first `count` samples of a row (as libtiff gives it: whole-byte samples
 * in the machine's byte order, others packed high bit first) as 8 bits:
 * integers of n bits scaled by 255 / (2^n - 1) and rounded, as tifffile's
 * values rescaled; signed ones of n bits as unsigned ones of n - 1 bits,
 * negatives black (a picture kept signed holds no negatives: it looks as
 * its unsigned twin does); floats taken as 0...1 and clamped. */
static void cimg_tiff_narrow(const cimg_tiff_layout *layout, const uint8_t *row, size_t row_bytes, uint8_t *out,
                             size_t count) {
    const int bits = layout->bits;
    if (layout->sample_format == SAMPLEFORMAT_INT) {
        for (size_t i = 0; i < count; i++) {
            int value;
            if (bits == 8) {
                value = (int8_t)row[i];
            } else {
                int16_t sample;
                memcpy(&sample, row + i * 2, 2);
                value = sample;
            }
            unsigned top = bits == 8 ? 127u : 32767u;
            out[i] = value <= 0 ? 0 : (uint8_t)(((unsigned)value * 255u + top / 2) / top);
        }
    } else if (layout->sample_format == SAMPLEFORMAT_IEEEFP) {
        for (size_t i = 0; i < count; i++) {
            if (bits == 16) {
                uint16_t half;
                memcpy(&half, row + i * 2, 2);
                out[i] = cimg_tiff_float8(cimg_tiff_half(half));
            } else if (bits == 32) {
                float value;
                memcpy(&value, row + i * 4, 4);
                out[i] = cimg_tiff_float8(value);
            } else {
                double value;
                memcpy(&value, row + i * 8, 8);
                out[i] = cimg_tiff_float8(value);
            }
        }
    } else if (bits == 32) {
        for (size_t i = 0; i < count; i++) {
            uint32_t value;
            memcpy(&value, row + i * 4, 4);
            out[i] = (uint8_t)(((uint64_t)value * 255u + 2147483647u) / 4294967295u);
        }
    } else {
        const uint32_t max = (1u << bits) - 1;
        for (size_t i = 0; i < count; i++) {
            size_t bit = i * (size_t)bits, at = bit / 8;
            uint32_t window = (uint32_t)row[at] << 16;
            if (at + 1 < row_bytes) window |= (uint32_t)row[at + 1] << 8;
            if (at + 2 < row_bytes) window |= row[at + 2];
            uint32_t value = (window >> (24 - (int)(bit % 8) - bits)) & max;
            out[i] = (uint8_t)((value * 255u + max / 2) / max);
        }
    }
}

/* ---- Lab samples to sRGB ------------------------------------------------- */

/* One Lab pixel's three samples (8 or 16 bits) as lcms2's 16-bit Lab (ICC
 * v4 encoding: L* 0...100 as 0...65535, a* and b* -128...127.996 as 0...65535).
 * CIELab (TIFF 6.0): L* unsigned, a* and b* signed. ICCLab (Adobe's TIFF
 * technical note 4): a* and b* offset by 128; 16-bit values in ICC v2's
 * encoding (L* 100 is 0xFF00). ITULab (RFC 2301): each sample spread over
 * the default Decode ranges, L* 0...100, a* -21760/255...21590/255,
 * b* -19200/255...31800/255. */
static void cimg_tiff_lab16(int photometric, int sixteen, const uint8_t *row, size_t index, uint16_t lab[3]) {
    unsigned raw[3];
    for (int c = 0; c < 3; c++) raw[c] = sixteen ? ((const uint16_t *)row)[index + c] : row[index + c];
    double full = sixteen ? 65535.0 : 255.0, l, a, b;
    if (photometric == PHOTOMETRIC_CIELAB) {
        l = raw[0] * 100.0 / full;
        a = sixteen ? (int16_t)raw[1] / 256.0 : (int8_t)raw[1];
        b = sixteen ? (int16_t)raw[2] / 256.0 : (int8_t)raw[2];
    } else if (photometric == PHOTOMETRIC_ICCLAB) {
        l = raw[0] * 100.0 / (sixteen ? 65280.0 : 255.0);
        a = (sixteen ? raw[1] / 256.0 : raw[1]) - 128;
        b = (sixteen ? raw[2] / 256.0 : raw[2]) - 128;
    } else {
        l = raw[0] * 100.0 / full;
        a = -21760.0 / 255 + raw[1] * (43350.0 / 255) / full;
        b = -19200.0 / 255 + raw[2] * (51000.0 / 255) / full;
    }
    double encoded[3] = {l * 655.35, (a + 128) * 257, (b + 128) * 257};
    for (int c = 0; c < 3; c++) {
        lab[c] = encoded[c] <= 0 ? 0 : encoded[c] >= 65535 ? 65535 : (uint16_t)(encoded[c] + 0.5);
    }
}

typedef struct cimg_tiff_converter {
    const cimg_tiff_layout *layout;
    int channels;               /* of the output */
    int raw_cmyk;
    int identity;               /* stored rows are already the output's layout */
    uint8_t palette[256][3];
    /* Narrowed pages: each row first narrowed into narrow_row, then read as
     * the 8-bit page narrow_layout describes. */
    cimg_tiff_layout narrow_layout;
    uint8_t *narrow_row;
    size_t row_bytes;
    /* Lab pages: a row as lcms2's Lab, and its sRGB (with alpha to add). */
    uint16_t *lab_row;
    uint8_t *rgb_row;
} cimg_tiff_converter;

static void cimg_tiff_converter_free(cimg_tiff_converter *converter) {
    free(converter->narrow_row);
    free(converter->lab_row);
    free(converter->rgb_row);
}

/* CIMG_OK, or CIMG_ERR_MEMORY when a row buffer cannot be had (the
 * converter is then freed by cimg_tiff_converter_free as ever). */
static int cimg_tiff_converter_init(cimg_tiff_converter *converter, TIFF *tif, const cimg_tiff_layout *layout,
                                    int pixel_format, int raw_cmyk) {
    memset(converter, 0, sizeof *converter);
    converter->layout = layout;
    converter->channels = pixel_format;
    converter->raw_cmyk = raw_cmyk;
    converter->row_bytes = (size_t)(((uint64_t)layout->width * layout->samples * layout->bits + 7) / 8);
    if (layout->narrowed) {
        converter->narrow_layout = *layout;
        converter->narrow_layout.bits = 8;
        converter->narrow_layout.sample_format = SAMPLEFORMAT_UINT;
        converter->narrow_row = cimg_tiff_alloc((uint64_t)layout->width * layout->samples);
        return converter->narrow_row != NULL ? CIMG_OK : CIMG_ERR_MEMORY;
    }
    if (layout->kind == CIMG_TIFF_LAB) {
        converter->lab_row = cimg_tiff_alloc((uint64_t)layout->width * 3 * sizeof(uint16_t));
        converter->rgb_row = cimg_tiff_alloc((uint64_t)layout->width * 3);
        return converter->lab_row != NULL && converter->rgb_row != NULL ? CIMG_OK : CIMG_ERR_MEMORY;
    }
    int eight = layout->bits == 8, samples = layout->samples;
    converter->identity = eight && ((layout->kind == CIMG_TIFF_GRAY && samples == 1 && !layout->min_is_white &&
                                     pixel_format == CIMG_PIXEL_GRAY8) ||
                                    (layout->kind == CIMG_TIFF_RGB && samples == 3 && pixel_format == CIMG_PIXEL_RGB8) ||
                                    (layout->kind == CIMG_TIFF_RGB && samples == 4 && pixel_format == CIMG_PIXEL_RGBA8 &&
                                     layout->alpha == EXTRASAMPLE_UNASSALPHA) ||
                                    (layout->kind == CIMG_TIFF_CMYK && samples == 4 && raw_cmyk));
    if (layout->kind != CIMG_TIFF_PALETTE) return CIMG_OK;
    uint16_t *red, *green, *blue;
    TIFFGetField(tif, TIFFTAG_COLORMAP, &red, &green, &blue);
    int entries = 1 << layout->bits;
    /* The high byte, as TIFFRGBAImage and Pillow read maps (writers store
     * v * 256 or v * 257); old writers put 8-bit values in the 16-bit map. */
    int shift = 0;
    for (int i = 0; i < entries; i++) {
        if (red[i] > 255 || green[i] > 255 || blue[i] > 255) shift = 8;
    }
    for (int i = 0; i < entries; i++) {
        converter->palette[i][0] = (uint8_t)(red[i] >> shift);
        converter->palette[i][1] = (uint8_t)(green[i] >> shift);
        converter->palette[i][2] = (uint8_t)(blue[i] >> shift);
    }
    return CIMG_OK;
}

/* Sample `index` of a row of samples, 8-bit. */
static inline uint8_t cimg_tiff_sample8(const uint8_t *row, size_t index, int sixteen) {
    return sixteen ? cimg_tiff_to8(((const uint16_t *)row)[index]) : row[index];
}

/* Converts one stored row to `width` output pixels. */
static void cimg_tiff_convert(const cimg_tiff_converter *converter, const uint8_t *row, uint8_t *out, uint32_t width) {
    const cimg_tiff_layout *layout = converter->layout;
    if (converter->narrow_row != NULL) {
        cimg_tiff_narrow(layout, row, converter->row_bytes, converter->narrow_row, (size_t)width * layout->samples);
        row = converter->narrow_row;
        layout = &converter->narrow_layout;
    }
    const size_t samples = layout->samples;
    const int sixteen = layout->bits == 16;
    const int channels = converter->channels;
    switch (layout->kind) {
    case CIMG_TIFF_GRAY: {
        const uint8_t invert = layout->min_is_white ? 0xFF : 0;
        if (layout->bits < 8) {
            const int bits = layout->bits, per_byte = 8 / bits, max = (1 << bits) - 1;
            for (uint32_t x = 0; x < width; x++) {
                int value = (row[x / per_byte] >> (8 - bits * (int)(x % per_byte + 1))) & max;
                out[x] = (uint8_t)((value * 255 / max) ^ invert);
            }
        } else if (channels == 1) {
            if (!sixteen && samples == 1 && !invert) {
                memcpy(out, row, width);
            } else {
                for (uint32_t x = 0; x < width; x++) out[x] = cimg_tiff_sample8(row, x * samples, sixteen) ^ invert;
            }
        } else {
            size_t alpha_at = (size_t)layout->color_samples;
            for (uint32_t x = 0; x < width; x++) {
                uint8_t gray = cimg_tiff_sample8(row, x * samples, sixteen) ^ invert;
                uint8_t alpha = cimg_tiff_sample8(row, x * samples + alpha_at, sixteen);
                if (layout->alpha == EXTRASAMPLE_ASSOCALPHA) gray = cimg_tiff_unpremultiply(gray, alpha);
                uint8_t *pixel = out + (size_t)x * 4;
                pixel[0] = pixel[1] = pixel[2] = gray;
                pixel[3] = alpha;
            }
        }
        break;
    }
    case CIMG_TIFF_PALETTE: {
        const int bits = layout->bits, per_byte = 8 / bits, max = (1 << bits) - 1;
        for (uint32_t x = 0; x < width; x++) {
            int index = bits == 8 ? row[x] : (row[x / per_byte] >> (8 - bits * (int)(x % per_byte + 1))) & max;
            memcpy(out + (size_t)x * 3, converter->palette[index], 3);
        }
        break;
    }
    case CIMG_TIFF_RGB: {
        if (channels == 3) {
            if (!sixteen && samples == 3) {
                memcpy(out, row, (size_t)width * 3);
            } else {
                for (uint32_t x = 0; x < width; x++) {
                    for (int c = 0; c < 3; c++) out[(size_t)x * 3 + c] = cimg_tiff_sample8(row, x * samples + c, sixteen);
                }
            }
        } else {
            size_t alpha_at = (size_t)layout->color_samples;
            int associated = layout->alpha == EXTRASAMPLE_ASSOCALPHA;
            if (!sixteen && samples == 4 && !associated) {
                memcpy(out, row, (size_t)width * 4);
                break;
            }
            for (uint32_t x = 0; x < width; x++) {
                uint8_t *pixel = out + (size_t)x * 4;
                uint8_t alpha = cimg_tiff_sample8(row, x * samples + alpha_at, sixteen);
                for (int c = 0; c < 3; c++) {
                    uint8_t value = cimg_tiff_sample8(row, x * samples + c, sixteen);
                    pixel[c] = associated ? cimg_tiff_unpremultiply(value, alpha) : value;
                }
                pixel[3] = alpha;
            }
        }
        break;
    }
    case CIMG_TIFF_CMYK: {
        for (uint32_t x = 0; x < width; x++) {
            uint8_t c = cimg_tiff_sample8(row, x * samples, sixteen), m = cimg_tiff_sample8(row, x * samples + 1, sixteen);
            uint8_t y = cimg_tiff_sample8(row, x * samples + 2, sixteen), k = cimg_tiff_sample8(row, x * samples + 3, sixteen);
            if (converter->raw_cmyk) {
                uint8_t *pixel = out + (size_t)x * 4;
                pixel[0] = c, pixel[1] = m, pixel[2] = y, pixel[3] = k;
            } else {
                /* As TIFFRGBAImage does without a profile. */
                unsigned white = 255u - k;
                uint8_t *pixel = out + (size_t)x * 3;
                pixel[0] = (uint8_t)(white * (255u - c) / 255u);
                pixel[1] = (uint8_t)(white * (255u - m) / 255u);
                pixel[2] = (uint8_t)(white * (255u - y) / 255u);
            }
        }
        break;
    }
    case CIMG_TIFF_LAB: {
        for (uint32_t x = 0; x < width; x++) {
            cimg_tiff_lab16(layout->photometric, sixteen, row, x * samples, converter->lab_row + (size_t)x * 3);
        }
        if (channels == 3) {
            cimg_color_lab_to_srgb(converter->lab_row, out, width);
            break;
        }
        cimg_color_lab_to_srgb(converter->lab_row, converter->rgb_row, width);
        /* Alpha as stored (a premultiplied Lab page is not un-premultiplied). */
        size_t alpha_at = (size_t)layout->color_samples;
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *pixel = out + (size_t)x * 4;
            memcpy(pixel, converter->rgb_row + (size_t)x * 3, 3);
            pixel[3] = cimg_tiff_sample8(row, x * samples + alpha_at, sixteen);
        }
        break;
    }
    default:
        break;
    }
}

/* ---- Shrinking while reading --------------------------------------------- */

/*
 * Output rows made from the converted rows: copied at shrink 1, else each
 * output pixel the mean of its shrink × shrink block. Columns are summed
 * down the block first (a plain vectorisable add per row), across once per
 * output row. With real alpha the colours are weighted by it, so that
 * transparent pixels lend no colour to their neighbours.
 */
typedef struct cimg_tiff_shrinker {
    uint8_t *pixels;
    size_t bytes_per_row;
    uint32_t in_width, in_height, out_width;
    int channels, factor, weighted;
    uint8_t *row;           /* the converted row (shrink > 1) */
    uint16_t *sums;         /* column sums, unweighted */
    uint32_t *weighted_sums;
    uint32_t rows_summed, out_row;
} cimg_tiff_shrinker;

static int cimg_tiff_shrinker_init(cimg_tiff_shrinker *shrinker, uint8_t *pixels, size_t bytes_per_row,
                                   uint32_t in_width, uint32_t in_height, uint32_t out_width, int channels,
                                   int factor, int weighted) {
    memset(shrinker, 0, sizeof *shrinker);
    shrinker->pixels = pixels;
    shrinker->bytes_per_row = bytes_per_row;
    shrinker->in_width = in_width;
    shrinker->in_height = in_height;
    shrinker->out_width = out_width;
    shrinker->channels = channels;
    shrinker->factor = factor;
    shrinker->weighted = weighted && factor > 1;
    if (factor == 1) return CIMG_OK;
    size_t samples = (size_t)in_width * channels;
    shrinker->row = malloc(samples);
    if (shrinker->weighted) shrinker->weighted_sums = calloc(samples, sizeof(uint32_t));
    else shrinker->sums = calloc(samples, sizeof(uint16_t));
    if (shrinker->row == NULL || (shrinker->sums == NULL && shrinker->weighted_sums == NULL)) return CIMG_ERR_MEMORY;
    return CIMG_OK;
}

static void cimg_tiff_shrinker_free(cimg_tiff_shrinker *shrinker) {
    free(shrinker->row);
    free(shrinker->sums);
    free(shrinker->weighted_sums);
}

/* Where the next converted row goes: straight into the output at shrink 1. */
static uint8_t *cimg_tiff_shrinker_target(cimg_tiff_shrinker *shrinker, uint32_t y) {
    return shrinker->factor == 1 ? shrinker->pixels + (size_t)y * shrinker->bytes_per_row : shrinker->row;
}

/* Means of full factor × factor blocks of unweighted column sums: a power
 * of two, so a shift; inlined with constant channels and factor, the loops
 * unroll. */
static inline __attribute__((always_inline)) void cimg_tiff_reduce(const uint16_t *sums, uint8_t *out, uint32_t blocks,
                                                                   const int channels, const int factor,
                                                                   const int shift) {
    const uint32_t half = 1u << (shift - 1);
    for (uint32_t block = 0; block < blocks; block++) {
        const uint16_t *from = sums + (size_t)block * factor * channels;
        uint8_t *to = out + (size_t)block * channels;
        for (int c = 0; c < channels; c++) {
            uint32_t total = 0;
            for (int k = 0; k < factor; k++) total += from[k * channels + c];
            to[c] = (uint8_t)((total + half) >> shift);
        }
    }
}

/* The full blocks of an output row; returns how many it made (0 when no
 * specialised loop fits: the general one makes them all). */
static uint32_t cimg_tiff_reduce_full(const cimg_tiff_shrinker *shrinker, uint8_t *out) {
    uint32_t blocks = shrinker->in_width / (uint32_t)shrinker->factor;
    if (shrinker->weighted || shrinker->rows_summed != (uint32_t)shrinker->factor) return 0;
    const uint16_t *sums = shrinker->sums;
#define CIMG_TIFF_REDUCE(channels, factor, shift) \
    case (channels) * 16 + (factor): cimg_tiff_reduce(sums, out, blocks, channels, factor, shift); return blocks;
    switch (shrinker->channels * 16 + shrinker->factor) {
    CIMG_TIFF_REDUCE(1, 2, 2) CIMG_TIFF_REDUCE(1, 4, 4) CIMG_TIFF_REDUCE(1, 8, 6)
    CIMG_TIFF_REDUCE(3, 2, 2) CIMG_TIFF_REDUCE(3, 4, 4) CIMG_TIFF_REDUCE(3, 8, 6)
    CIMG_TIFF_REDUCE(4, 2, 2) CIMG_TIFF_REDUCE(4, 4, 4) CIMG_TIFF_REDUCE(4, 8, 6)
    default: return 0;
    }
#undef CIMG_TIFF_REDUCE
}

static void cimg_tiff_shrinker_emit(cimg_tiff_shrinker *shrinker) {
    const int channels = shrinker->channels, factor = shrinker->factor;
    const uint32_t rows = shrinker->rows_summed;
    uint8_t *out = shrinker->pixels + (size_t)shrinker->out_row * shrinker->bytes_per_row;
    /* Full blocks fast; the last column's partial block, and the last row's, in general. */
    for (uint32_t ox = cimg_tiff_reduce_full(shrinker, out); ox < shrinker->out_width; ox++) {
        uint32_t first = ox * (uint32_t)factor;
        uint32_t columns = shrinker->in_width - first < (uint32_t)factor ? shrinker->in_width - first : (uint32_t)factor;
        uint32_t count = columns * rows;
        if (shrinker->weighted) {
            const uint32_t *sums = shrinker->weighted_sums + (size_t)first * 4;
            uint32_t total[4] = {0, 0, 0, 0};
            for (uint32_t k = 0; k < columns; k++) {
                for (int c = 0; c < 4; c++) total[c] += sums[k * 4 + c];
            }
            uint8_t *pixel = out + (size_t)ox * 4;
            for (int c = 0; c < 3; c++) pixel[c] = total[3] ? (uint8_t)((total[c] + total[3] / 2) / total[3]) : 0;
            pixel[3] = (uint8_t)((total[3] + count / 2) / count);
        } else {
            const uint16_t *sums = shrinker->sums + (size_t)first * channels;
            for (int c = 0; c < channels; c++) {
                uint32_t total = 0;
                for (uint32_t k = 0; k < columns; k++) total += sums[k * (uint32_t)channels + c];
                out[(size_t)ox * channels + c] = (uint8_t)((total + count / 2) / count);
            }
        }
    }
    shrinker->rows_summed = 0;
    shrinker->out_row++;
}

/* Adds stored row y, converted (`row`: what was written at
 * cimg_tiff_shrinker_target, or the stored row itself when it needs no
 * conversion). The first row of a block replaces the sums. */
static void cimg_tiff_shrinker_add(cimg_tiff_shrinker *shrinker, const uint8_t *row, uint32_t y) {
    if (shrinker->factor == 1) return;
    size_t samples = (size_t)shrinker->in_width * shrinker->channels;
    int first = shrinker->rows_summed == 0;
    if (shrinker->weighted) {
        uint32_t *sums = shrinker->weighted_sums;
        if (first) memset(sums, 0, samples * sizeof(uint32_t));
        for (size_t i = 0; i < samples; i += 4) {
            uint32_t alpha = row[i + 3];
            sums[i] += row[i] * alpha;
            sums[i + 1] += row[i + 1] * alpha;
            sums[i + 2] += row[i + 2] * alpha;
            sums[i + 3] += alpha;
        }
    } else if (first) {
        uint16_t *sums = shrinker->sums;
        for (size_t i = 0; i < samples; i++) sums[i] = row[i];
    } else {
        uint16_t *sums = shrinker->sums;
        for (size_t i = 0; i < samples; i++) sums[i] += row[i];
    }
    shrinker->rows_summed++;
    if (shrinker->rows_summed == (uint32_t)shrinker->factor || y + 1 == shrinker->in_height) {
        cimg_tiff_shrinker_emit(shrinker);
    }
}

/* ---- Decoding ------------------------------------------------------------ */

void cimg_tiff_scaled_size(uint32_t width, uint32_t height, int shrink, uint32_t *scaled_width,
                           uint32_t *scaled_height) {
    uint32_t factor = shrink >= 1 ? (uint32_t)shrink : 1;
    *scaled_width = width / factor + (width % factor != 0);
    *scaled_height = height / factor + (height % factor != 0);
}

/* The failure of a strip or tile read: TRUNCATED when it lies past the end. */
static int cimg_tiff_read_failure(TIFF *tif, const cimg_tiff_source *source, uint32_t strile, cimg_error *error) {
    int err = 0;
    uint64_t offset = TIFFGetStrileOffsetWithErr(tif, strile, &err);
    uint64_t length = err ? 0 : TIFFGetStrileByteCountWithErr(tif, strile, &err);
    if (!err && (offset > source->size || length > source->size - offset)) {
        return cimg_fail(error, CIMG_ERR_TRUNCATED, "file ends inside the image data (%s %u)",
                         TIFFIsTiled(tif) ? "tile" : "strip", strile);
    }
    return cimg_fail(error, CIMG_ERR_CORRUPT, "%s", source->failed ? source->message : "unreadable image data");
}

static int cimg_tiff_decode_direct(TIFF *tif, const cimg_tiff_source *source, const cimg_tiff_layout *layout,
                                   const cimg_tiff_converter *converter, cimg_tiff_shrinker *shrinker,
                                   cimg_error *error) {
    cimg_tiff_rows rows;
    int status = cimg_tiff_rows_open(tif, layout, source, &rows, error);
    for (uint32_t y = 0; status == CIMG_OK && y < layout->height; y++) {
        const uint8_t *row = cimg_tiff_row(&rows, y);
        if (row == NULL) {
            status = cimg_tiff_read_failure(tif, source, rows.failed_strile, error);
            break;
        }
        const uint8_t *converted = row;
        if (!converter->identity || shrinker->factor == 1) {
            uint8_t *target = cimg_tiff_shrinker_target(shrinker, y);
            if (converter->identity) memcpy(target, row, (size_t)layout->width * converter->channels);
            else cimg_tiff_convert(converter, row, target, layout->width);
            converted = target;
        }
        cimg_tiff_shrinker_add(shrinker, converted, y);
    }
    cimg_tiff_rows_free(&rows);
    return status;
}

/* Through TIFFRGBAImage, CIMG_TIFF_GENERIC_BAND rows at a time, as stored
 * (its own orientation handling is asked for the file's orientation). */
static int cimg_tiff_decode_generic(TIFF *tif, const cimg_tiff_source *source, const cimg_tiff_layout *layout,
                                    int channels, cimg_tiff_shrinker *shrinker, cimg_error *error) {
    char reason[1024] = "";
    TIFFRGBAImage image;
    if (!TIFFRGBAImageOK(tif, reason) || !TIFFRGBAImageBegin(&image, tif, 1, reason)) {
        return cimg_fail(error, CIMG_ERR_CORRUPT, "unsupported page: %s", reason[0] ? reason : "unknown layout");
    }
    image.req_orientation = image.orientation;
    uint32_t *band = cimg_tiff_alloc((uint64_t)layout->width * CIMG_TIFF_GENERIC_BAND * 4);
    int status = band == NULL ? cimg_fail(error, CIMG_ERR_LIMIT, "the page is too wide") : CIMG_OK;
    for (uint32_t start = 0; status == CIMG_OK && start < layout->height; start += CIMG_TIFF_GENERIC_BAND) {
        uint32_t rows = layout->height - start < CIMG_TIFF_GENERIC_BAND ? layout->height - start : CIMG_TIFF_GENERIC_BAND;
        image.row_offset = (int)start;
        image.col_offset = 0;
        if (!TIFFRGBAImageGet(&image, band, layout->width, rows)) {
            uint32_t strile = layout->tiled ? TIFFComputeTile(tif, 0, start, 0, 0) : TIFFComputeStrip(tif, start, 0);
            status = cimg_tiff_read_failure(tif, source, strile, error);
            break;
        }
        for (uint32_t r = 0; r < rows; r++) {
            const uint32_t *packed = band + (size_t)r * layout->width;
            uint8_t *out = cimg_tiff_shrinker_target(shrinker, start + r);
            for (uint32_t x = 0; x < layout->width; x++) {
                uint32_t abgr = packed[x];
                uint8_t red = (uint8_t)TIFFGetR(abgr), green = (uint8_t)TIFFGetG(abgr), blue = (uint8_t)TIFFGetB(abgr);
                uint8_t alpha = (uint8_t)TIFFGetA(abgr);
                if (channels == 1) {
                    out[x] = red;
                } else if (channels == 3) {
                    out[(size_t)x * 3] = red, out[(size_t)x * 3 + 1] = green, out[(size_t)x * 3 + 2] = blue;
                } else {
                    /* TIFFRGBAImage gives alpha premultiplied. */
                    uint8_t *pixel = out + (size_t)x * 4;
                    pixel[0] = cimg_tiff_unpremultiply(red, alpha);
                    pixel[1] = cimg_tiff_unpremultiply(green, alpha);
                    pixel[2] = cimg_tiff_unpremultiply(blue, alpha);
                    pixel[3] = alpha;
                }
            }
            cimg_tiff_shrinker_add(shrinker, out, start + r);
        }
    }
    free(band);
    TIFFRGBAImageEnd(&image);
    return status;
}

int cimg_tiff_decode(const uint8_t *data, size_t size, const cimg_tiff_decode_options *options,
                     uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                     int pixel_format, cimg_error *error) {
    int loaded = cimg_lazy_require(&cimg_lazy_tiff, error);
    if (loaded != CIMG_OK) return loaded;
    int shrink = options ? options->shrink : 1, raw_cmyk = options ? options->raw_cmyk : 0;
    int generic = options ? options->generic : 0;
    if (shrink != 1 && shrink != 2 && shrink != 4 && shrink != 8) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "shrink must be 1, 2, 4 or 8");
    }
    if (pixels == NULL) return cimg_fail(error, CIMG_ERR_ARGUMENT, "no pixel buffer");
    cimg_tiff_source source = {data, size, 0, 0, ""};
    int status;
    TIFF *tif = cimg_tiff_open(&source, error, &status);
    if (tif == NULL) return status;
    cimg_tiff_layout layout;
    status = cimg_tiff_layout_of(tif, &layout, error);
    if (status != CIMG_OK) {
        TIFFClose(tif);
        return status;
    }
    uint32_t scaled_width, scaled_height;
    cimg_tiff_scaled_size(layout.width, layout.height, shrink, &scaled_width, &scaled_height);
    int cmyk_inks = raw_cmyk && layout.kind == CIMG_TIFF_CMYK && !generic;
    int expected = cmyk_inks ? CIMG_PIXEL_RGBA8 : layout.pixel_format;
    if (width != scaled_width || height != scaled_height || pixel_format != expected ||
        bytes_per_row < (size_t)width * (size_t)pixel_format) {
        TIFFClose(tif);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "the buffer does not fit the page (%ux%u, %d bytes a pixel)",
                         scaled_width, scaled_height, expected);
    }
    cimg_tiff_shrinker shrinker;
    int weighted = pixel_format == CIMG_PIXEL_RGBA8 && !cmyk_inks;
    status = cimg_tiff_shrinker_init(&shrinker, pixels, bytes_per_row, layout.width, layout.height, width,
                                     pixel_format, shrink, weighted);
    if (status != CIMG_OK) {
        status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    } else if (generic || layout.kind == CIMG_TIFF_GENERIC) {
        status = cimg_tiff_decode_generic(tif, &source, &layout, pixel_format, &shrinker, error);
    } else {
        cimg_tiff_converter *converter = malloc(sizeof *converter);
        if (converter == NULL) {
            status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        } else {
            if (cimg_tiff_converter_init(converter, tif, &layout, pixel_format, cmyk_inks) != CIMG_OK) {
                status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
            } else {
                status = cimg_tiff_decode_direct(tif, &source, &layout, converter, &shrinker, error);
            }
            cimg_tiff_converter_free(converter);
            free(converter);
        }
    }
    cimg_tiff_shrinker_free(&shrinker);
    TIFFClose(tif);
    return status;
}

/* The header's: libtiff is loaded on first use, and --version loads none. */
const char *cimg_tiff_version(void) { return TIFFLIB_VERSION_STR; }
