/*
 * giflib shim: a cheap walk over the blocks (frames, loop count), and a
 * decode that composites every frame onto the logical screen.
 *
 * giflib reports errors by return value (no longjmp), so each call is
 * checked and turned into a status here. Compositing follows the GIF89a
 * specification: a Graphic Control Extension gives the next frame's delay,
 * transparent index and disposal; disposal 2 clears the frame's rectangle
 * to transparent, disposal 3 restores the screen as it was before the
 * frame. Related documentation: giflib's gif_lib.html and GIF89a §23.
 *
 * The bytes come from memory or from a file descriptor: an animation of
 * thousands of frames is read and composited one frame at a time
 * (cimg_gif_reader), with one screen in memory rather than the whole file.
 */
#include "cimg_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gif_lib.h>

/* Where giflib's bytes come from: data[0..size), or the descriptor fd
 * (when fd >= 0) from its offset `base`, through a buffer of CIMG_GIF_BUFFER
 * bytes (giflib asks for a byte count, then a block of at most 255).
 * `position` counts the bytes giflib has read; giflib never reads ahead. */
#define CIMG_GIF_BUFFER 65536

typedef struct cimg_gif_source {
    const uint8_t *data;
    size_t size;
    int fd;
    off_t base;
    size_t position;
    uint8_t *buffer;          /* fd only: bytes from buffer_start, buffer_length of them */
    size_t buffer_start;
    size_t buffer_length;
} cimg_gif_source;

static void cimg_gif_source_release(cimg_gif_source *source) {
    free(source->buffer);
    source->buffer = NULL;
    source->buffer_length = 0;
}

/* Fills the buffer from file position `at`; false at the end or on an error. */
static int cimg_gif_fill(cimg_gif_source *source, size_t at) {
    if (source->buffer == NULL && (source->buffer = malloc(CIMG_GIF_BUFFER)) == NULL) return 0;
    ssize_t got;
    do {
        got = pread(source->fd, source->buffer, CIMG_GIF_BUFFER, source->base + (off_t)at);
    } while (got < 0 && errno == EINTR);
    source->buffer_start = at;
    source->buffer_length = got > 0 ? (size_t)got : 0;
    return got > 0;
}

/* Copies up to `count` bytes at file position `at` into out; how many there were. */
static size_t cimg_gif_copy(cimg_gif_source *source, size_t at, uint8_t *out, size_t count) {
    if (source->fd < 0) {
        size_t available = at < source->size ? source->size - at : 0;
        if (count > available) count = available;
        memcpy(out, source->data + at, count);
        return count;
    }
    size_t copied = 0;
    while (copied < count) {
        size_t here = at + copied;
        if (here < source->buffer_start || here >= source->buffer_start + source->buffer_length) {
            if (!cimg_gif_fill(source, here)) break;
        }
        size_t offset = here - source->buffer_start;
        size_t chunk = source->buffer_length - offset;
        if (chunk > count - copied) chunk = count - copied;
        memcpy(out + copied, source->buffer + offset, chunk);
        copied += chunk;
    }
    return copied;
}

static int cimg_gif_read(GifFileType *gif, GifByteType *out, int count) {
    cimg_gif_source *source = gif->UserData;
    size_t got = cimg_gif_copy(source, source->position, out, count < 0 ? 0 : (size_t)count);
    source->position += got;
    return (int)got;
}

/* The byte `offset` bytes past what giflib has read, or -1 past the end. */
static int cimg_gif_peek(cimg_gif_source *source, size_t offset) {
    uint8_t byte;
    return cimg_gif_copy(source, source->position + offset, &byte, 1) == 1 ? byte : -1;
}

static int cimg_gif_status(int code) {
    switch (code) {
    case D_GIF_ERR_READ_FAILED:
    case D_GIF_ERR_EOF_TOO_SOON: return CIMG_ERR_TRUNCATED;
    case D_GIF_ERR_NOT_ENOUGH_MEM: return CIMG_ERR_MEMORY;
    default: return CIMG_ERR_CORRUPT;
    }
}

static int cimg_gif_fail(GifFileType *gif, cimg_error *error, const char *stage) {
    int code = gif->Error;
    const char *reason = GifErrorString(code);
    int status = cimg_fail(error, cimg_gif_status(code), "%s: %s", stage, reason ? reason : "GIF error");
    int ignored;
    DGifCloseFile(gif, &ignored);
    return status;
}

/* Opens giflib over `source` (data and size, or fd and base, set by the caller). */
static GifFileType *cimg_gif_open(cimg_gif_source *source, cimg_error *error) {
    source->position = 0;
    int code = 0;
    GifFileType *gif = DGifOpen(source, cimg_gif_read, &code);
    if (gif == NULL) {
        const char *reason = GifErrorString(code);
        cimg_fail(error, cimg_gif_status(code), "%s", reason ? reason : "not a GIF file");
        return NULL;
    }
    if (gif->SWidth <= 0 || gif->SHeight <= 0) {
        int ignored;
        DGifCloseFile(gif, &ignored);
        cimg_fail(error, CIMG_ERR_CORRUPT, "GIF logical screen is empty");
        return NULL;
    }
    return gif;
}

/*
 * The LZW minimum code size of the image whose descriptor starts at the
 * source's position (just after the ',' DGifGetRecordType read), or -1
 * when the file ends first. giflib refuses sizes above 8 with
 * D_GIF_ERR_READ_FAILED, which would read as a truncated file, while
 * browsers decode them; looking ahead lets the error say what it is.
 * giflib reads through cimg_gif_read without buffering, so the position
 * is exact.
 */
static int cimg_gif_lzw_code_size(cimg_gif_source *source) {
    int packed = cimg_gif_peek(source, 8);   /* after left, top, width, height */
    if (packed < 0) return -1;
    size_t offset = 9;
    if (packed & 0x80) offset += (size_t)3 << ((packed & 0x07) + 1);   /* local colour table */
    return cimg_gif_peek(source, offset);
}

static int cimg_gif_code_size_error(int code_size, cimg_error *error) {
    return cimg_fail(error, CIMG_ERR_CORRUPT,
                     "LZW minimum code size %d is above 11: codes would pass 12 bits", code_size);
}

/* The minimum code sizes giflib refuses and cimg_gif_lzw.c decodes. */
static int cimg_gif_is_wide(int code_size) { return code_size > 8 && code_size <= 11; }

/* The byte at the source's position, which it passes; -1 past the end. */
static int cimg_gif_take(cimg_gif_source *source) {
    int byte = cimg_gif_peek(source, 0);
    if (byte >= 0) source->position += 1;
    return byte;
}

/*
 * An image whose minimum code size giflib refuses, read here from the
 * descriptor after the ',' (which DGifGetRecordType read) to the end of its
 * data: giflib reads through cimg_gif_read without buffering, so it carries
 * on at the next record.
 */
typedef struct cimg_gif_wide {
    cimg_gif_source *source;
    GifImageDesc desc;        /* its ColorMap is the local table, or NULL */
    int block_left;           /* bytes left in the current sub-block */
    int blocks_ended;         /* the terminator was read, or the file ended */
    cimg_gif_lzw lzw;
} cimg_gif_wide;

static int cimg_gif_wide_byte(void *context) {
    cimg_gif_wide *wide = context;
    while (wide->block_left == 0) {
        if (wide->blocks_ended) return -1;
        int length = cimg_gif_take(wide->source);
        if (length <= 0) {
            wide->blocks_ended = 1;
            return -1;
        }
        wide->block_left = length;
    }
    int byte = cimg_gif_take(wide->source);
    if (byte < 0) {
        wide->blocks_ended = 1;
        return -1;
    }
    wide->block_left -= 1;
    return byte;
}

static int cimg_gif_take16(cimg_gif_source *source) {
    int low = cimg_gif_take(source), high = cimg_gif_take(source);
    return low < 0 || high < 0 ? -1 : low | high << 8;
}

/* Reads the descriptor, the local colour table and the code size; 0, or -1 when the file ends. */
static int cimg_gif_wide_begin(cimg_gif_wide *wide, cimg_gif_source *source) {
    memset(&wide->desc, 0, sizeof wide->desc);
    wide->source = source;
    wide->block_left = 0;
    wide->blocks_ended = 0;
    int left = cimg_gif_take16(source), top = cimg_gif_take16(source);
    int width = cimg_gif_take16(source), height = cimg_gif_take16(source);
    int packed = cimg_gif_take(source);
    if (left < 0 || top < 0 || width < 0 || height < 0 || packed < 0) return -1;
    wide->desc = (GifImageDesc){left, top, width, height, (packed & 0x40) != 0, NULL};
    if (packed & 0x80) {
        int colors = 2 << (packed & 0x07);
        ColorMapObject *map = GifMakeMapObject(colors, NULL);
        if (map == NULL) return -1;
        for (int index = 0; index < colors; index++) {
            int red = cimg_gif_take(source), green = cimg_gif_take(source), blue = cimg_gif_take(source);
            if (blue < 0) {
                GifFreeMapObject(map);
                return -1;
            }
            map->Colors[index] = (GifColorType){(GifByteType)red, (GifByteType)green, (GifByteType)blue};
        }
        wide->desc.ColorMap = map;
    }
    int code_size = cimg_gif_take(source);
    if (code_size < 0) {
        GifFreeMapObject(wide->desc.ColorMap);
        wide->desc.ColorMap = NULL;
        return -1;
    }
    cimg_gif_lzw_start(&wide->lzw, code_size);
    return 0;
}

/* Passes over what is left of the image data; frees the local table. */
static void cimg_gif_wide_end(cimg_gif_wide *wide) {
    while (cimg_gif_wide_byte(wide) >= 0) {}
    GifFreeMapObject(wide->desc.ColorMap);
    wide->desc.ColorMap = NULL;
}

/* Skips the compressed pixels of the current image. */
static int cimg_gif_skip_image(GifFileType *gif) {
    int code_size;
    GifByteType *block;
    if (DGifGetCode(gif, &code_size, &block) == GIF_ERROR) return GIF_ERROR;
    while (block != NULL) {
        if (DGifGetCodeNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
    }
    return GIF_OK;
}

/* Reads one extension; records the loop count and the graphic control. */
static int cimg_gif_read_extension(GifFileType *gif, int *loop_count, GraphicsControlBlock *control,
                                   int *has_control) {
    int function;
    GifByteType *block;
    if (DGifGetExtension(gif, &function, &block) == GIF_ERROR) return GIF_ERROR;
    int is_loop_application = 0;
    if (block != NULL && function == APPLICATION_EXT_FUNC_CODE && block[0] >= 11 &&
        (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0)) {
        is_loop_application = 1;
    }
    if (block != NULL && function == GRAPHICS_EXT_FUNC_CODE && control != NULL) {
        if (DGifExtensionToGCB(block[0], block + 1, control) == GIF_OK) *has_control = 1;
    }
    while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) return GIF_ERROR;
        if (is_loop_application && block != NULL && block[0] >= 3 && block[1] == 1) {
            *loop_count = block[2] | (block[3] << 8);
            is_loop_application = 0;
        }
    }
    return GIF_OK;
}

static int cimg_gif_read_info_from(cimg_gif_source *source, uint32_t max_frames, cimg_gif_info *info,
                                   cimg_error *error) {
    memset(info, 0, sizeof *info);
    GifFileType *gif = cimg_gif_open(source, error);
    if (gif == NULL) return error->status;
    info->width = (uint32_t)gif->SWidth;
    info->height = (uint32_t)gif->SHeight;
    info->loop_count = -1;

    GifRecordType record = UNDEFINED_RECORD_TYPE;
    do {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) break;
        if (record == IMAGE_DESC_RECORD_TYPE) {
            int code_size = cimg_gif_lzw_code_size(source);
            if (code_size > 11) {
                int ignored;
                DGifCloseFile(gif, &ignored);
                return cimg_gif_code_size_error(code_size, error);
            }
            if (cimg_gif_is_wide(code_size)) {
                cimg_gif_wide wide;
                if (cimg_gif_wide_begin(&wide, source) != 0) break;
                cimg_gif_wide_end(&wide);
                if (cimg_gif_peek(source, 0) < 0) break;   /* the file ends in the image data */
            } else {
                if (DGifGetImageDesc(gif) == GIF_ERROR) break;
                if (cimg_gif_skip_image(gif) == GIF_ERROR) break;
            }
            /* DGifGetImageDesc keeps every descriptor; drop them as we go. */
            if (gif->ImageCount > 0) {
                SavedImage *saved = &gif->SavedImages[gif->ImageCount - 1];
                GifFreeMapObject(saved->ImageDesc.ColorMap);
                saved->ImageDesc.ColorMap = NULL;
            }
            info->frame_count += 1;
            if (max_frames > 0 && info->frame_count > max_frames) {
                int ignored;
                DGifCloseFile(gif, &ignored);
                return cimg_fail(error, CIMG_ERR_LIMIT, "too many frames (more than %u)", max_frames);
            }
        } else if (record == EXTENSION_RECORD_TYPE) {
            if (cimg_gif_read_extension(gif, &info->loop_count, NULL, NULL) == GIF_ERROR) break;
        }
    } while (record != TERMINATE_RECORD_TYPE);

    /* A file cut after its last whole frame still shows those frames, as
     * browsers show them; a file without a single whole frame is an error. */
    if (record != TERMINATE_RECORD_TYPE && info->frame_count == 0) {
        return cimg_gif_fail(gif, error, "GIF has no complete frame");
    }
    if (info->frame_count == 0) {
        int ignored;
        DGifCloseFile(gif, &ignored);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "GIF has no frames");
    }
    int ignored;
    DGifCloseFile(gif, &ignored);
    return CIMG_OK;
}

/* Reads the current image's pixels, through giflib or (for a wide code
 * size) `wide`, and draws the opaque ones on canvas. */
static int cimg_gif_draw_image(GifFileType *gif, cimg_gif_wide *wide, uint8_t *canvas, uint32_t width,
                               uint32_t height, int transparent_index, GifPixelType *line) {
    const GifImageDesc *desc = wide ? &wide->desc : &gif->Image;
    const ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
    static const int interlace_start[4] = {0, 4, 2, 1};
    static const int interlace_step[4] = {8, 8, 4, 2};
    int passes = desc->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? interlace_start[pass] : 0;
        int step = desc->Interlace ? interlace_step[pass] : 1;
        for (int row = start; row < desc->Height; row += step) {
            if (wide) {
                if (cimg_gif_lzw_read(&wide->lzw, cimg_gif_wide_byte, wide, line, (size_t)desc->Width)
                    < (size_t)desc->Width) return GIF_ERROR;
            } else if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) {
                return GIF_ERROR;
            }
            long y = (long)desc->Top + row;
            if (y < 0 || y >= (long)height || map == NULL) continue;
            uint8_t *out = canvas + (size_t)y * width * 4;
            for (int column = 0; column < desc->Width; column++) {
                long x = (long)desc->Left + column;
                int index = line[column];
                if (x < 0 || x >= (long)width || index == transparent_index || index >= map->ColorCount) {
                    continue;
                }
                const GifColorType *color = &map->Colors[index];
                uint8_t *pixel = out + (size_t)x * 4;
                pixel[0] = color->Red;
                pixel[1] = color->Green;
                pixel[2] = color->Blue;
                pixel[3] = 255;
            }
        }
    }
    return GIF_OK;
}

static void cimg_gif_clear_rect(uint8_t *canvas, uint32_t width, uint32_t height, const GifImageDesc *desc) {
    long left = desc->Left < 0 ? 0 : desc->Left;
    long top = desc->Top < 0 ? 0 : desc->Top;
    long right = (long)desc->Left + desc->Width;
    long bottom = (long)desc->Top + desc->Height;
    if (right > (long)width) right = width;
    if (bottom > (long)height) bottom = height;
    for (long y = top; y < bottom; y++) {
        if (right > left) memset(canvas + ((size_t)y * width + (size_t)left) * 4, 0, (size_t)(right - left) * 4);
    }
}

int cimg_gif_read_info(const uint8_t *data, size_t size, uint32_t max_frames,
                       cimg_gif_info *info, cimg_error *error) {
    cimg_gif_source source = {data, size, -1, 0, 0, NULL, 0, 0};
    return cimg_gif_read_info_from(&source, max_frames, info, error);
}

int cimg_gif_read_info_fd(int fd, uint32_t max_frames, cimg_gif_info *info, cimg_error *error) {
    off_t base = lseek(fd, 0, SEEK_CUR);
    cimg_gif_source source = {NULL, 0, fd, base < 0 ? 0 : base, 0, NULL, 0, 0};
    int status = cimg_gif_read_info_from(&source, max_frames, info, error);
    cimg_gif_source_release(&source);
    return status;
}

/* The compositing state between frames: the screen as the viewer sees it,
 * the copy disposal 3 restores, and one row of indices. */
struct cimg_gif_reader {
    cimg_gif_source source;
    GifFileType *gif;
    uint32_t width;
    uint32_t height;
    uint8_t *canvas;
    uint8_t *saved;
    GifPixelType *line;
    uint32_t decoded;
    int loop_count;
};

void cimg_gif_reader_free(cimg_gif_reader *reader) {
    if (reader == NULL) return;
    if (reader->gif) {
        int ignored;
        DGifCloseFile(reader->gif, &ignored);
    }
    cimg_gif_source_release(&reader->source);
    free(reader->canvas);
    free(reader->saved);
    free(reader->line);
    free(reader);
}

static int cimg_gif_reader_start(cimg_gif_source source, cimg_gif_reader **out, cimg_error *error) {
    *out = NULL;
    cimg_gif_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    reader->source = source;
    reader->loop_count = -1;
    reader->gif = cimg_gif_open(&reader->source, error);
    if (reader->gif == NULL) {
        cimg_gif_source_release(&reader->source);
        free(reader);
        return error->status;
    }
    reader->width = (uint32_t)reader->gif->SWidth;
    reader->height = (uint32_t)reader->gif->SHeight;
    reader->canvas = calloc(1, (size_t)reader->width * reader->height * 4);
    reader->line = malloc(65536);
    if (reader->canvas == NULL || reader->line == NULL) {
        cimg_gif_reader_free(reader);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    *out = reader;
    return CIMG_OK;
}

int cimg_gif_reader_open(const uint8_t *data, size_t size, cimg_gif_reader **out, cimg_error *error) {
    cimg_gif_source source = {data, size, -1, 0, 0, NULL, 0, 0};
    return cimg_gif_reader_start(source, out, error);
}

int cimg_gif_reader_open_fd(int fd, cimg_gif_reader **out, cimg_error *error) {
    off_t base = lseek(fd, 0, SEEK_CUR);
    cimg_gif_source source = {NULL, 0, fd, base < 0 ? 0 : base, 0, NULL, 0, 0};
    return cimg_gif_reader_start(source, out, error);
}

void cimg_gif_reader_size(const cimg_gif_reader *reader, uint32_t *width, uint32_t *height) {
    *width = reader->width;
    *height = reader->height;
}

int cimg_gif_reader_next(cimg_gif_reader *reader, uint8_t *frame, uint16_t *delay_cs, cimg_error *error) {
    GifFileType *gif = reader->gif;
    size_t canvas_bytes = (size_t)reader->width * reader->height * 4;
    GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    int has_control = 0;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    for (;;) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) break;
        if (record == TERMINATE_RECORD_TYPE) break;
        if (record == EXTENSION_RECORD_TYPE) {
            if (cimg_gif_read_extension(gif, &reader->loop_count, &control, &has_control) == GIF_ERROR) break;
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        int code_size = cimg_gif_lzw_code_size(&reader->source);
        if (code_size > 11) return cimg_gif_code_size_error(code_size, error);
        cimg_gif_wide wide_image;
        cimg_gif_wide *wide = NULL;
        if (cimg_gif_is_wide(code_size)) {
            if (cimg_gif_wide_begin(&wide_image, &reader->source) != 0) {
                return cimg_fail(error, CIMG_ERR_TRUNCATED, "GIF frame %u: the file ends in its header",
                                 reader->decoded + 1);
            }
            wide = &wide_image;
        } else if (DGifGetImageDesc(gif) == GIF_ERROR) {
            break;
        }
        GifImageDesc desc = wide ? wide->desc : gif->Image;
        int disposal = has_control ? control.DisposalMode : DISPOSAL_UNSPECIFIED;
        int transparent = has_control ? control.TransparentColor : NO_TRANSPARENT_COLOR;
        if (disposal == DISPOSE_PREVIOUS) {
            if (reader->saved == NULL) reader->saved = malloc(canvas_bytes);
            if (reader->saved == NULL) {
                if (wide) GifFreeMapObject(wide->desc.ColorMap);
                return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
            }
            memcpy(reader->saved, reader->canvas, canvas_bytes);
        }
        int drawn = desc.Width > 0 && desc.Height > 0
            ? cimg_gif_draw_image(gif, wide, reader->canvas, reader->width, reader->height, transparent, reader->line)
            : wide ? GIF_OK : cimg_gif_skip_image(gif);
        if (wide) {
            int damaged = wide->lzw.damaged;
            cimg_gif_wide_end(wide);
            desc.ColorMap = NULL;
            if (drawn == GIF_ERROR) {
                return cimg_fail(error, damaged ? CIMG_ERR_CORRUPT : CIMG_ERR_TRUNCATED, "GIF frame %u: %s",
                                 reader->decoded + 1, damaged ? "its LZW data is damaged" : "its image data ends early");
            }
        } else if (gif->ImageCount > 0) {
            /* DGifGetImageDesc keeps every descriptor; drop the colour maps as we go. */
            SavedImage *image = &gif->SavedImages[gif->ImageCount - 1];
            GifFreeMapObject(image->ImageDesc.ColorMap);
            image->ImageDesc.ColorMap = NULL;
        }
        if (drawn == GIF_ERROR) break;
        memcpy(frame, reader->canvas, canvas_bytes);
        *delay_cs = (uint16_t)(has_control ? control.DelayTime : 0);
        reader->decoded += 1;
        if (disposal == DISPOSE_BACKGROUND) {
            cimg_gif_clear_rect(reader->canvas, reader->width, reader->height, &desc);
        } else if (disposal == DISPOSE_PREVIOUS) {
            memcpy(reader->canvas, reader->saved, canvas_bytes);
        }
        return CIMG_OK;
    }
    return cimg_fail(error, gif->Error ? cimg_gif_status(gif->Error) : CIMG_ERR_CORRUPT, "GIF frame %u: %s",
                     reader->decoded + 1, gif->Error ? GifErrorString(gif->Error) : "missing");
}

int cimg_gif_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                    uint32_t frame_count, uint8_t *frames, uint16_t *delays_cs,
                    cimg_error *error) {
    cimg_gif_reader *reader;
    int status = cimg_gif_reader_open(data, size, &reader, error);
    if (status != CIMG_OK) return status;
    if (reader->width != width || reader->height != height) {
        cimg_gif_reader_free(reader);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "GIF screen size differs from the header read before");
    }
    size_t canvas_bytes = (size_t)width * height * 4;
    for (uint32_t index = 0; status == CIMG_OK && index < frame_count; index++) {
        status = cimg_gif_reader_next(reader, frames + canvas_bytes * index, delays_cs + index, error);
    }
    cimg_gif_reader_free(reader);
    return status;
}
