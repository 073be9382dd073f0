/*
 * giflib writer shim: a GIF89a with a NETSCAPE2.0 loop extension and one
 * graphic control extension and local colour table per frame. giflib
 * reports errors by return value; each is turned into a status here.
 * giflib's output callback appends to a buffer that the caller takes after
 * each frame (cimg_gif_writer_take) and writes to the file, so memory holds
 * one frame's bytes, never the whole file. Frames are LZW-compressed by
 * cimg_lzw.c (giflib's codes, without its hash table) and written with
 * EGifPutCode.
 * Related documentation: giflib's gif_lib.html ("Encoding"), GIF89a §23.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>

struct cimg_gif_writer {
    GifFileType *gif;
    cimg_lzw *lzw;
    cimg_growable blocks;   /* one frame's compressed sub-blocks */
    cimg_growable output;
    uint32_t width;
    uint32_t height;
};

static int cimg_gif_output(GifFileType *gif, const GifByteType *bytes, int count) {
    cimg_gif_writer *writer = gif->UserData;
    cimg_growable_append(&writer->output, bytes, (size_t)count);
    return writer->output.failed ? 0 : count;
}

static int cimg_gif_write_fail(cimg_gif_writer *writer, cimg_error *error, const char *stage) {
    const char *reason = GifErrorString(writer->gif->Error);
    return cimg_fail(error, writer->output.failed ? CIMG_ERR_MEMORY : CIMG_ERR_CORRUPT, "%s: %s", stage,
                     reason ? reason : "GIF error");
}

void cimg_gif_writer_discard(cimg_gif_writer *writer) {
    if (writer == NULL) return;
    int ignored;
    if (writer->gif) EGifCloseFile(writer->gif, &ignored);
    cimg_lzw_free(writer->lzw);
    free(writer->blocks.data);
    free(writer->output.data);
    free(writer);
}

int cimg_gif_writer_open(uint32_t width, uint32_t height, int loop_count, const char *comment,
                         cimg_gif_writer **out, cimg_error *error) {
    *out = NULL;
    if (width == 0 || height == 0 || width > 65535 || height > 65535) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "a GIF cannot be %ux%u", width, height);
    }
    cimg_gif_writer *writer = calloc(1, sizeof *writer);
    if (writer == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    writer->width = width;
    writer->height = height;
    writer->lzw = cimg_lzw_new();
    if (writer->lzw == NULL) {
        free(writer);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    int code = 0;
    writer->gif = EGifOpen(writer, cimg_gif_output, &code);
    if (writer->gif == NULL) {
        cimg_lzw_free(writer->lzw);
        free(writer);
        return cimg_fail(error, CIMG_ERR_MEMORY, "cannot start a GIF: %s", GifErrorString(code));
    }
    EGifSetGifVersion(writer->gif, true);
    if (EGifPutScreenDesc(writer->gif, (int)width, (int)height, 8, 0, NULL) == GIF_ERROR) {
        int status = cimg_gif_write_fail(writer, error, "screen");
        cimg_gif_writer_discard(writer);
        return status;
    }
    if (loop_count >= 0) {
        unsigned char loop[3] = {1, (unsigned char)(loop_count & 0xFF), (unsigned char)((loop_count >> 8) & 0xFF)};
        if (EGifPutExtensionLeader(writer->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(writer->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(writer->gif, 3, loop) == GIF_ERROR ||
            EGifPutExtensionTrailer(writer->gif) == GIF_ERROR) {
            int status = cimg_gif_write_fail(writer, error, "loop extension");
            cimg_gif_writer_discard(writer);
            return status;
        }
    }
    if (comment != NULL && comment[0] != '\0' && EGifPutComment(writer->gif, comment) == GIF_ERROR) {
        int status = cimg_gif_write_fail(writer, error, "comment");
        cimg_gif_writer_discard(writer);
        return status;
    }
    *out = writer;
    return CIMG_OK;
}

int cimg_gif_writer_add(cimg_gif_writer *writer, const uint8_t *indices, size_t stride, uint32_t left, uint32_t top,
                        uint32_t width, uint32_t height, const uint8_t *palette_rgb, int palette_count,
                        int transparent_index, int delay_cs, int disposal, cimg_error *error) {
    if (width == 0 || height == 0 || left + width > writer->width || top + height > writer->height ||
        palette_count < 1 || palette_count > 256) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "frame rectangle or palette out of range");
    }
    int size = 2;
    while (size < palette_count) size *= 2;
    ColorMapObject *map = GifMakeMapObject(size, NULL);
    if (map == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    for (int i = 0; i < palette_count; i++) {
        map->Colors[i].Red = palette_rgb[i * 3];
        map->Colors[i].Green = palette_rgb[i * 3 + 1];
        map->Colors[i].Blue = palette_rgb[i * 3 + 2];
    }
    GraphicsControlBlock control = {disposal, false, delay_cs, transparent_index};
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    int status = CIMG_OK;
    if (EGifPutExtension(writer->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR ||
        EGifPutImageDesc(writer->gif, (int)left, (int)top, (int)width, (int)height, false, map) == GIF_ERROR) {
        status = cimg_gif_write_fail(writer, error, "frame header");
    }
    /* The code size giflib wrote after the descriptor: the colour table's bits, at least 2. */
    int min_code_size = map->BitsPerPixel < 2 ? 2 : map->BitsPerPixel;
    GifFreeMapObject(map);
    if (status != CIMG_OK) return status;
    writer->blocks.size = 0;
    if (cimg_lzw_compress(writer->lzw, indices, stride, width, height, min_code_size, &writer->blocks) != 0) {
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    for (size_t at = 0; at < writer->blocks.size; at += (size_t)writer->blocks.data[at] + 1) {
        if (EGifPutCodeNext(writer->gif, writer->blocks.data + at) == GIF_ERROR) {
            return cimg_gif_write_fail(writer, error, "frame pixels");
        }
    }
    if (EGifPutCodeNext(writer->gif, NULL) == GIF_ERROR) status = cimg_gif_write_fail(writer, error, "frame pixels");
    return status;
}

void cimg_gif_writer_take(cimg_gif_writer *writer, cimg_buffer *output) {
    output->data = writer->output.data;
    output->size = writer->output.size;
    writer->output.data = NULL;
    writer->output.size = 0;
    writer->output.capacity = 0;
}

int cimg_gif_writer_finish(cimg_gif_writer *writer, cimg_buffer *output, cimg_error *error) {
    output->data = NULL;
    output->size = 0;
    int code = 0;
    int closed = EGifCloseFile(writer->gif, &code);
    writer->gif = NULL;
    if (closed == GIF_ERROR || writer->output.failed) {
        int status = cimg_fail(error, CIMG_ERR_CORRUPT, "cannot finish the GIF: %s", GifErrorString(code));
        cimg_gif_writer_discard(writer);
        return status;
    }
    output->data = writer->output.data;
    output->size = writer->output.size;
    cimg_lzw_free(writer->lzw);
    free(writer->blocks.data);
    free(writer);
    return CIMG_OK;
}
