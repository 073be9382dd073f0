/* Error filling and buffers shared by every shim. */
#include "cimg_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cimg_fail(cimg_error *error, int status, const char *format, ...) {
    if (error != NULL) {
        va_list arguments;
        va_start(arguments, format);
        vsnprintf(error->message, sizeof error->message, format, arguments);
        va_end(arguments);
        error->status = status;
    }
    return status;
}

void cimg_buffer_free(cimg_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
}

void cimg_growable_append(cimg_growable *buffer, const uint8_t *bytes, size_t count) {
    if (buffer->failed) return;
    if (buffer->size + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 64 * 1024;
        while (capacity < buffer->size + count) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            return;
        }
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->size, bytes, count);
    buffer->size += count;
}

void cimg_warnings_add(cimg_warnings *warnings, const char *message) {
    if (warnings == NULL) return;
    char *text = warnings->text;
    size_t used = strnlen(text, sizeof warnings->text);
    size_t length = strcspn(message, "\n");
    for (const char *line = text; line < text + used;) {
        size_t line_length = strcspn(line, "\n");
        if (line_length == length && memcmp(line, message, length) == 0) return;
        line += line_length + 1;
    }
    if (used + length + 2 > sizeof warnings->text) return;
    memcpy(text + used, message, length);
    text[used + length] = '\n';
    text[used + length + 1] = '\0';
}
