/* Helpers shared by the CImaging shims; not part of the public header. */
#ifndef CIMG_INTERNAL_H
#define CIMG_INTERNAL_H

#include "include/cimaging.h"

/** Fills error (when not NULL) and returns status. */
int cimg_fail(cimg_error *error, int status, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/** A growable output buffer for encoders. */
typedef struct cimg_growable {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} cimg_growable;

void cimg_growable_append(cimg_growable *buffer, const uint8_t *bytes, size_t count);

#endif
