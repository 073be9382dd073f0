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
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

typedef struct cimg_gif_source {
    const uint8_t *data;
    size_t size;
    size_t position;
} cimg_gif_source;

static int cimg_gif_read(GifFileType *gif, GifByteType *out, int count) {
    cimg_gif_source *source = gif->UserData;
    size_t available = source->size - source->position;
    size_t wanted = count < 0 ? 0 : (size_t)count;
    if (wanted > available) wanted = available;
    memcpy(out, source->data + source->position, wanted);
    source->position += wanted;
    return (int)wanted;
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

static GifFileType *cimg_gif_open(cimg_gif_source *source, const uint8_t *data, size_t size,
                                  cimg_error *error) {
    source->data = data;
    source->size = size;
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
static int cimg_gif_lzw_code_size(const cimg_gif_source *source) {
    size_t position = source->position + 9;   /* left, top, width, height, packed fields */
    if (position > source->size) return -1;
    uint8_t packed = source->data[position - 1];
    if (packed & 0x80) position += (size_t)3 << ((packed & 0x07) + 1);   /* local colour table */
    return position < source->size ? source->data[position] : -1;
}

static int cimg_gif_code_size_error(int code_size, cimg_error *error) {
    return cimg_fail(error, CIMG_ERR_CORRUPT,
                     "LZW minimum code size %d is above 8, which giflib cannot decode", code_size);
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

int cimg_gif_read_info(const uint8_t *data, size_t size, uint32_t max_frames,
                       cimg_gif_info *info, cimg_error *error) {
    memset(info, 0, sizeof *info);
    cimg_gif_source source;
    GifFileType *gif = cimg_gif_open(&source, data, size, error);
    if (gif == NULL) return error->status;
    info->width = (uint32_t)gif->SWidth;
    info->height = (uint32_t)gif->SHeight;
    info->loop_count = -1;

    GifRecordType record = UNDEFINED_RECORD_TYPE;
    do {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) break;
        if (record == IMAGE_DESC_RECORD_TYPE) {
            int code_size = cimg_gif_lzw_code_size(&source);
            if (code_size > 8) {
                int ignored;
                DGifCloseFile(gif, &ignored);
                return cimg_gif_code_size_error(code_size, error);
            }
            if (DGifGetImageDesc(gif) == GIF_ERROR) break;
            if (cimg_gif_skip_image(gif) == GIF_ERROR) break;
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

/* Reads the current image's pixels and draws the opaque ones on canvas. */
static int cimg_gif_draw_image(GifFileType *gif, uint8_t *canvas, uint32_t width, uint32_t height,
                               int transparent_index, GifPixelType *line) {
    const GifImageDesc *desc = &gif->Image;
    const ColorMapObject *map = desc->ColorMap ? desc->ColorMap : gif->SColorMap;
    static const int interlace_start[4] = {0, 4, 2, 1};
    static const int interlace_step[4] = {8, 8, 4, 2};
    int passes = desc->Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc->Interlace ? interlace_start[pass] : 0;
        int step = desc->Interlace ? interlace_step[pass] : 1;
        for (int row = start; row < desc->Height; row += step) {
            if (DGifGetLine(gif, line, desc->Width) == GIF_ERROR) return GIF_ERROR;
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

int cimg_gif_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                    uint32_t frame_count, uint8_t *frames, uint16_t *delays_cs,
                    cimg_error *error) {
    cimg_gif_source source;
    GifFileType *gif = cimg_gif_open(&source, data, size, error);
    if (gif == NULL) return error->status;
    if ((uint32_t)gif->SWidth != width || (uint32_t)gif->SHeight != height) {
        int ignored;
        DGifCloseFile(gif, &ignored);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "GIF screen size differs from the header read before");
    }
    size_t canvas_bytes = (size_t)width * height * 4;
    uint8_t *canvas = calloc(1, canvas_bytes);
    uint8_t *saved = NULL;
    GifPixelType *line = malloc(65536);
    if (canvas == NULL || line == NULL) {
        free(canvas);
        free(line);
        int ignored;
        DGifCloseFile(gif, &ignored);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }

    int status = CIMG_OK;
    uint32_t decoded = 0;
    int loop_count = -1;
    GraphicsControlBlock control = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    int has_control = 0;
    GifRecordType record = UNDEFINED_RECORD_TYPE;
    while (decoded < frame_count) {
        if (DGifGetRecordType(gif, &record) == GIF_ERROR) break;
        if (record == TERMINATE_RECORD_TYPE) break;
        if (record == EXTENSION_RECORD_TYPE) {
            if (cimg_gif_read_extension(gif, &loop_count, &control, &has_control) == GIF_ERROR) break;
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        int code_size = cimg_gif_lzw_code_size(&source);
        if (code_size > 8) {
            status = cimg_gif_code_size_error(code_size, error);
            break;
        }
        if (DGifGetImageDesc(gif) == GIF_ERROR) break;
        GifImageDesc desc = gif->Image;
        int disposal = has_control ? control.DisposalMode : DISPOSAL_UNSPECIFIED;
        int transparent = has_control ? control.TransparentColor : NO_TRANSPARENT_COLOR;
        if (disposal == DISPOSE_PREVIOUS) {
            if (saved == NULL) saved = malloc(canvas_bytes);
            if (saved == NULL) { status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory"); break; }
            memcpy(saved, canvas, canvas_bytes);
        }
        if (desc.Width > 0 && desc.Height > 0) {
            if (cimg_gif_draw_image(gif, canvas, width, height, transparent, line) == GIF_ERROR) break;
        } else if (cimg_gif_skip_image(gif) == GIF_ERROR) {
            break;
        }
        memcpy(frames + (size_t)decoded * canvas_bytes, canvas, canvas_bytes);
        delays_cs[decoded] = (uint16_t)(has_control ? control.DelayTime : 0);
        decoded += 1;
        if (disposal == DISPOSE_BACKGROUND) {
            cimg_gif_clear_rect(canvas, width, height, &desc);
        } else if (disposal == DISPOSE_PREVIOUS) {
            memcpy(canvas, saved, canvas_bytes);
        }
        has_control = 0;
        control.DisposalMode = DISPOSAL_UNSPECIFIED;
        control.DelayTime = 0;
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        if (gif->ImageCount > 0) {
            SavedImage *image = &gif->SavedImages[gif->ImageCount - 1];
            GifFreeMapObject(image->ImageDesc.ColorMap);
            image->ImageDesc.ColorMap = NULL;
        }
    }
    if (status == CIMG_OK && decoded < frame_count) {
        status = cimg_fail(error, gif->Error ? cimg_gif_status(gif->Error) : CIMG_ERR_CORRUPT,
                           "GIF frame %u: %s", decoded + 1,
                           gif->Error ? GifErrorString(gif->Error) : "missing");
    }
    free(canvas);
    free(saved);
    free(line);
    int ignored;
    DGifCloseFile(gif, &ignored);
    return status;
}
