/* Loading the libraries reached through dlopen/dlsym on first use
 * (cimg_lazy.h): each group once, under one lock, whichever thread asks. */
#include "cimg_lazy.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t cimg_lazy_lock = PTHREAD_MUTEX_INITIALIZER;

/* dlerror's reason, or "unknown reason". */
static const char *cimg_lazy_reason(void) {
    const char *reason = dlerror();
    return reason != NULL ? reason : "unknown reason";
}

/* Opens one file by its versioned name, else its development name; the
 * reason given is the versioned name's, the one a user's system should have. */
static void *cimg_lazy_open(const cimg_lazy_file *file, char *reason, size_t capacity) {
    void *handle = dlopen(file->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle != NULL) return handle;
    snprintf(reason, capacity, "%s", cimg_lazy_reason());
    if (file->development_name == NULL) return NULL;
    return dlopen(file->development_name, RTLD_NOW | RTLD_LOCAL);
}

/* Opens the group's files and fills its table: 1, or 0 with library->failure set. */
static int cimg_lazy_load(cimg_lazy_library *library) {
    void *handles[8];
    if (library->file_count > sizeof handles / sizeof *handles) {
        snprintf(library->failure, sizeof library->failure, "cannot load %s: too many files", library->name);
        return 0;
    }
    char reason[CIMG_MESSAGE_CAPACITY];
    for (size_t i = 0; i < library->file_count; i++) {
        handles[i] = cimg_lazy_open(&library->files[i], reason, sizeof reason);
        if (handles[i] == NULL) {
            snprintf(library->failure, sizeof library->failure, "cannot load %s: %s", library->name, reason);
            return 0;
        }
    }
    for (size_t s = 0; s < library->symbol_count; s++) {
        void *address = NULL;
        for (size_t i = 0; i < library->file_count && address == NULL; i++) {
            address = dlsym(handles[i], library->symbols[s]);
        }
        if (address == NULL) {
            snprintf(library->failure, sizeof library->failure, "cannot load %s: %s has no function %s",
                     library->name, library->files[0].soname, library->symbols[s]);
            return 0;
        }
        library->entries[s] = address;
    }
    return 1;
}

int cimg_lazy_require(cimg_lazy_library *library, cimg_error *error) {
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&cimg_lazy_lock);
        state = library->state;
        if (state == 0) {
            state = cimg_lazy_load(library) ? 1 : -1;
            __atomic_store_n(&library->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&cimg_lazy_lock);
    }
    if (state == 1) return CIMG_OK;
    return cimg_fail(error, CIMG_ERR_LIBRARY, "%s", library->failure);
}

void cimg_lazy_require_or_exit(cimg_lazy_library *library) {
    if (cimg_lazy_require(library, NULL) == CIMG_OK) return;
    fprintf(stderr, "filmroll: %s\n", library->failure);
    exit(70);
}
