/* Libraries reached through dlopen/dlsym on first use, not linked into the
 * executable: loading libheif, libjxl, FFmpeg, LibRaw, libtiff, FreeType with
 * fontconfig (about 120 shared objects with what they pull
 * in) took most of the time of commands that use none of them
 * (`filmroll --version`, `ls`, `stats`).
 *
 * A shim includes its library's headers, then its generated table header
 * (cimg_lazy_<group>.h, written by Scripts/make-lazy-symbols.py), which
 * turns each library function it calls into a typed call through the
 * table. Each of the shim's entry points first calls cimg_lazy_require,
 * which loads the library once and returns CIMG_ERR_LIBRARY with a
 * one-line message naming it when it cannot be loaded. */
#ifndef CIMG_LAZY_H
#define CIMG_LAZY_H

#include "cimg_internal.h"

#include <stddef.h>

/** One shared object of a group, by its versioned name (the SONAME the
 *  library had when the table was generated) and its development name
 *  (libheif.so), tried when the first is missing. */
typedef struct cimg_lazy_file {
    const char *soname;
    const char *development_name;
} cimg_lazy_file;

/** A group of shared objects loaded together (FFmpeg's five), its
 *  functions' names, and the table their addresses go in. */
typedef struct cimg_lazy_library {
    const char *name;                 /* "libheif", for messages */
    const cimg_lazy_file *files;
    size_t file_count;
    const char *const *symbols;
    size_t symbol_count;
    void **entries;                   /* symbol_count addresses, filled by the load */
    int state;                        /* 0 not tried, 1 loaded, -1 failed (atomic) */
    char failure[CIMG_MESSAGE_CAPACITY];
} cimg_lazy_library;

/** Loads `library` on the first call (once, whichever thread calls):
 *  CIMG_OK, or CIMG_ERR_LIBRARY with error's message "cannot load libheif:
 *  <dlerror's reason>", on this call and every later one. */
int cimg_lazy_require(cimg_lazy_library *library, cimg_error *error);

/** cimg_lazy_require, or a message and exit status 70 (EX_SOFTWARE). */
void cimg_lazy_require_or_exit(cimg_lazy_library *library);

/** The address of a library function, for the generated table headers'
 *  macros: loads the library when no entry point did; a library that
 *  cannot be loaded here (a shim's entry point without its
 *  cimg_lazy_require) ends the process with a message naming it. */
static inline void *cimg_lazy_entry(cimg_lazy_library *library, size_t index) {
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) != 1) cimg_lazy_require_or_exit(library);
    return library->entries[index];
}

/** Defines group's table, once, in one of the group's shims, after its
 *  table header (which names the group, its files and its symbols). */
#define CIMG_LAZY_DEFINE(group)                                                                             \
    static const cimg_lazy_file cimg_lazy_##group##_files[] = CIMG_LAZY_##group##_FILES;                   \
    static const char *const cimg_lazy_##group##_symbols[] = CIMG_LAZY_##group##_SYMBOLS;                  \
    static void *cimg_lazy_##group##_entries[sizeof cimg_lazy_##group##_symbols / sizeof(char *)];        \
    cimg_lazy_library cimg_lazy_##group = {                                                                \
        CIMG_LAZY_##group##_NAME, cimg_lazy_##group##_files,                                               \
        sizeof cimg_lazy_##group##_files / sizeof(cimg_lazy_file), cimg_lazy_##group##_symbols,            \
        sizeof cimg_lazy_##group##_symbols / sizeof(char *), cimg_lazy_##group##_entries, 0, {0}}

#ifdef CIMG_LAZY_LISTING /* Scripts/make-lazy-symbols.py: the shim's calls left plain */
#undef CIMG_LAZY_DEFINE
#define CIMG_LAZY_DEFINE(group) extern cimg_lazy_library cimg_lazy_##group
#endif

#endif
