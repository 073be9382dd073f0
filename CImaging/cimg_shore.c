/*
 * Shorelines shim: GSHHG's binned files as GMT reads them (Debian's
 * gmt-gshhg-full: binned_GSHHS_f.nc, binned_river_f.nc; LGPL-3), through
 * libnetcdf, loaded on first use (cimg_lazy.h). The world is cut into bins
 * (1° in the full resolution), row 0 at the north pole, column 0 at 0° E;
 * a bin lists its segments, a segment its points as offsets from the bin's
 * south-west corner in 1/65535 of the bin. A file is opened once and its
 * bin index (every bin's first segment, segment count and corner levels)
 * read then; a bin's segments and points are read when asked for (netCDF
 * hyperslabs), never the whole file. libnetcdf and HDF5 are not thread-safe,
 * and HDF5 prints its diagnostics on standard error from any thread but the
 * one libnetcdf was started on: every call into them is made, one at a time,
 * on one thread of this file's own (`on_worker`), whichever thread asks.
 */
#include "cimg_internal.h"

#include <math.h>
#include <netcdf.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "cimg_lazy_netcdf.h"

CIMG_LAZY_DEFINE(netcdf);

/* The variables a file must have, by kind. */
typedef struct shore_vars {
    int first_segment, segment_count, node_levels, segment_info, segment_points, segment_levels, first_point, ant_flag, dx, dy;
} shore_vars;

static int var(int file, const char *name, int *id) { return nc_inq_varid(file, name, id) == NC_NOERR; }

static int scalar(int file, const char *name, int *value) {
    int id;
    return var(file, name, &id) && nc_get_var_int(file, id, value) == NC_NOERR;
}

/* Growing arrays. */
static int grow(void **array, size_t *capacity, size_t needed, size_t element) {
    if (needed <= *capacity) return 1;
    size_t capacity2 = *capacity ? *capacity : 64;
    while (capacity2 < needed) capacity2 *= 2;
    void *grown = realloc(*array, capacity2 * element);
    if (grown == NULL) return 0;
    *array = grown;
    *capacity = capacity2;
    return 1;
}

typedef struct builder {
    cimg_shore *shore;
    size_t bin_capacity, segment_capacity, point_capacity;
} builder;

/* An opened file: its netCDF id, variables and grid, and every bin's index
 * entries (first segment, segment count, corner levels), read once. */
struct cimg_shore_file {
    int id;
    int rivers;
    shore_vars vars;
    int columns, rows;
    double size;
    int *first_segments;
    short *segment_counts;
    short *node_levels;
};

/* Reads bin `bin` (row-major from the north-west) into the builder: 0, or a cimg status. */
static int read_bin(const cimg_shore_file *f, int bin, size_t max_points, builder *b, cimg_error *error) {
    int file = f->id, rivers = f->rivers, columns = f->columns;
    const shore_vars *v = &f->vars;
    double size = f->size;
    int first = f->first_segments[bin];
    short count = f->segment_counts[bin], levels = f->node_levels[bin];
    if (first < 0 || count < 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "bin %d lists %d segments from %d", bin, count, first);

    cimg_shore *shore = b->shore;
    if (!grow((void **)&shore->bins, &b->bin_capacity, shore->bin_count + 1, sizeof *shore->bins)) goto memory;
    cimg_shore_bin *entry = &shore->bins[shore->bin_count++];
    entry->size = size;
    entry->west = (bin % columns) * size;
    entry->south = 90.0 - (bin / columns + 1) * size;
    for (int corner = 0; corner < 4; corner++) entry->corner_levels[corner] = (levels >> (9 - 3 * corner)) & 7;
    entry->first_segment = shore->segment_count;
    entry->segment_count = 0;
    if (count == 0) return CIMG_OK;

    size_t start = (size_t)first, n = (size_t)count;
    int *info = calloc(n, sizeof *info), *starts = calloc(n, sizeof *starts);
    short *point_counts = calloc(n, sizeof *point_counts), *segment_levels = calloc(n, sizeof *segment_levels);
    signed char *ant = calloc(n, 1);
    short *dx = NULL, *dy = NULL;
    int status = CIMG_OK;
    if (!info || !starts || !point_counts || !segment_levels || !ant) { status = CIMG_ERR_MEMORY; goto done; }
    int ok = nc_get_vara_int(file, v->first_point, &start, &n, starts) == NC_NOERR;
    if (rivers) {
        ok = ok && nc_get_vara_short(file, v->segment_points, &start, &n, point_counts) == NC_NOERR
             && nc_get_vara_short(file, v->segment_levels, &start, &n, segment_levels) == NC_NOERR;
    } else {
        ok = ok && nc_get_vara_int(file, v->segment_info, &start, &n, info) == NC_NOERR
             && (v->ant_flag < 0 || nc_get_vara_schar(file, v->ant_flag, &start, &n, ant) == NC_NOERR);
    }
    if (!ok) { status = cimg_fail(error, CIMG_ERR_CORRUPT, "the segments of bin %d cannot be read", bin); goto done; }
    /* The bin's points: from its first segment's first to its last one's end. */
    size_t low = (size_t)-1, high = 0;
    for (size_t s = 0; s < n; s++) {
        size_t points = rivers ? (size_t)(unsigned short)point_counts[s] : (size_t)((unsigned)info[s] >> 9);
        if (starts[s] < 0) { status = cimg_fail(error, CIMG_ERR_CORRUPT, "bin %d: a segment starts at %d", bin, starts[s]); goto done; }
        if ((size_t)starts[s] < low) low = (size_t)starts[s];
        if ((size_t)starts[s] + points > high) high = (size_t)starts[s] + points;
    }
    if (high <= low) goto done;
    size_t span = high - low;
    if (shore->point_count + span > max_points) {
        status = cimg_fail(error, CIMG_ERR_LIMIT, "more than %zu points", max_points);
        goto done;
    }
    dx = malloc(span * sizeof *dx);
    dy = malloc(span * sizeof *dy);
    if (!dx || !dy) { status = CIMG_ERR_MEMORY; goto done; }
    if (nc_get_vara_short(file, v->dx, &low, &span, dx) != NC_NOERR || nc_get_vara_short(file, v->dy, &low, &span, dy) != NC_NOERR) {
        status = cimg_fail(error, CIMG_ERR_CORRUPT, "the points of bin %d cannot be read", bin);
        goto done;
    }
    double scale = size / 65535.0;
    for (size_t s = 0; s < n; s++) {
        /* Antarctica's grounding line (flag 2) is left out: its ice front is drawn. */
        if (!rivers && ant[s] == 2) continue;
        size_t points = rivers ? (size_t)(unsigned short)point_counts[s] : (size_t)((unsigned)info[s] >> 9);
        if (points == 0) continue;
        if (!grow((void **)&shore->segments, &b->segment_capacity, shore->segment_count + 1, sizeof *shore->segments)
            || !grow((void **)&shore->points, &b->point_capacity, (shore->point_count + points) * 2, sizeof *shore->points)) {
            status = CIMG_ERR_MEMORY;
            goto done;
        }
        cimg_shore_segment *segment = &shore->segments[shore->segment_count++];
        segment->level = rivers ? segment_levels[s] : (int)(((unsigned)info[s] >> 6) & 7);
        segment->entry = rivers ? 4 : (int)(((unsigned)info[s] >> 3) & 7);
        segment->exit = rivers ? 4 : (int)((unsigned)info[s] & 7);
        segment->first_point = shore->point_count;
        segment->point_count = points;
        size_t from = (size_t)starts[s] - low;
        for (size_t k = 0; k < points; k++) {
            shore->points[(shore->point_count + k) * 2] = entry->west + (unsigned short)dx[from + k] * scale;
            shore->points[(shore->point_count + k) * 2 + 1] = entry->south + (unsigned short)dy[from + k] * scale;
        }
        shore->point_count += points;
        entry->segment_count++;
    }

done:
    free(info);
    free(starts);
    free(point_counts);
    free(segment_levels);
    free(ant);
    free(dx);
    free(dy);
    if (status == CIMG_ERR_MEMORY) goto memory;
    return status;
memory:
    return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory reading shorelines");
}

/* The thread every libnetcdf call is made on: a caller hands it one job at
 * a time and waits for it to be done. */
typedef struct shore_job {
    int (*run)(void *);
    void *argument;
    int result;
    int done;
} shore_job;

static pthread_mutex_t worker_callers = PTHREAD_MUTEX_INITIALIZER;  /* one job at a time */
static pthread_mutex_t worker_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t worker_changed = PTHREAD_COND_INITIALIZER;
static shore_job *worker_job;
static int worker_state;   /* 0 not started, 1 running, -1 could not start */

static void *worker(void *unused) {
    (void)unused;
    pthread_mutex_lock(&worker_lock);
    for (;;) {
        while (worker_job == NULL || worker_job->done) pthread_cond_wait(&worker_changed, &worker_lock);
        shore_job *job = worker_job;
        pthread_mutex_unlock(&worker_lock);
        int result = job->run(job->argument);
        pthread_mutex_lock(&worker_lock);
        job->result = result;
        job->done = 1;
        worker_job = NULL;
        pthread_cond_broadcast(&worker_changed);
    }
    return NULL;
}

/* Runs `run(argument)` on the worker thread (started on first use; on the
 * caller's thread if it cannot be started), returning its result. */
static int on_worker(int (*run)(void *), void *argument) {
    pthread_mutex_lock(&worker_callers);
    pthread_mutex_lock(&worker_lock);
    if (worker_state == 0) {
        pthread_t thread;
        pthread_attr_t attributes;
        worker_state = -1;
        if (pthread_attr_init(&attributes) == 0) {
            pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
            if (pthread_create(&thread, &attributes, worker, NULL) == 0) worker_state = 1;
            pthread_attr_destroy(&attributes);
        }
    }
    int result;
    if (worker_state == 1) {
        shore_job job = {.run = run, .argument = argument};
        worker_job = &job;
        pthread_cond_broadcast(&worker_changed);
        while (!job.done) pthread_cond_wait(&worker_changed, &worker_lock);
        result = job.result;
        pthread_mutex_unlock(&worker_lock);
    } else {
        pthread_mutex_unlock(&worker_lock);
        result = run(argument);
    }
    pthread_mutex_unlock(&worker_callers);
    return result;
}

typedef struct open_call {
    const char *path;
    int rivers;
    cimg_shore_file **opened;
    cimg_error *error;
} open_call;

typedef struct read_call {
    cimg_shore_file *file;
    const int *bins;
    size_t bin_count, max_points;
    cimg_shore *shore;
    cimg_error *error;
} read_call;

static int open_file(const char *path, int rivers, cimg_shore_file **opened, cimg_error *error);
static int read_bins(cimg_shore_file *file, const int *bins, size_t bin_count, size_t max_points, cimg_shore *shore,
                     cimg_error *error);
static void close_file(cimg_shore_file *file);

static int run_open(void *argument) {
    open_call *call = argument;
    return open_file(call->path, call->rivers, call->opened, call->error);
}

static int run_read(void *argument) {
    read_call *call = argument;
    return read_bins(call->file, call->bins, call->bin_count, call->max_points, call->shore, call->error);
}

static int run_close(void *argument) {
    close_file(argument);
    return 0;
}

int cimg_shore_open(const char *path, int rivers, cimg_shore_file **opened, cimg_error *error) {
    *opened = NULL;
    int loaded = cimg_lazy_require(&cimg_lazy_netcdf, error);
    if (loaded != CIMG_OK) return loaded;
    open_call call = {path, rivers, opened, error};
    return on_worker(run_open, &call);
}

int cimg_shore_read_bins(cimg_shore_file *file, const int *bins, size_t bin_count, size_t max_points, cimg_shore *shore,
                         cimg_error *error) {
    read_call call = {file, bins, bin_count, max_points, shore, error};
    return on_worker(run_read, &call);
}

void cimg_shore_close(cimg_shore_file *file) {
    if (file != NULL) on_worker(run_close, file);
}

static int open_file(const char *path, int rivers, cimg_shore_file **opened, cimg_error *error) {
    int file;
    int status = nc_open(path, NC_NOWRITE, &file);
    if (status != NC_NOERR) return cimg_fail(error, CIMG_ERR_CORRUPT, "%s", nc_strerror(status));

    int minutes = 0, columns = 0, rows = 0, bins = 0;
    shore_vars v = {.ant_flag = -1, .node_levels = -1};
    int ok = scalar(file, "Bin_size_in_minutes", &minutes) && scalar(file, "N_bins_in_360_longitude_range", &columns)
             && scalar(file, "N_bins_in_180_degree_latitude_range", &rows) && scalar(file, "N_bins_in_file", &bins)
             && var(file, "Id_of_first_segment_in_a_bin", &v.first_segment) && var(file, "N_segments_in_a_bin", &v.segment_count)
             && var(file, "Id_of_first_point_in_a_segment", &v.first_point)
             && var(file, "Relative_longitude_from_SW_corner_of_bin", &v.dx) && var(file, "Relative_latitude_from_SW_corner_of_bin", &v.dy);
    if (rivers) {
        ok = ok && var(file, "N_points_for_a_segment", &v.segment_points) && var(file, "Hierarchial_level_of_a_segment", &v.segment_levels);
    } else {
        ok = ok && var(file, "Embedded_node_levels_in_a_bin", &v.node_levels)
             && var(file, "Embedded_npts_levels_exit_entry_for_a_segment", &v.segment_info);
        if (!var(file, "Embedded_ANT_flag", &v.ant_flag)) v.ant_flag = -1;
    }
    if (!ok || minutes <= 0 || columns * minutes != 360 * 60 || rows * minutes != 180 * 60 || bins != rows * columns) {
        nc_close(file);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "not a GSHHG binned %s file", rivers ? "river" : "shoreline");
    }
    cimg_shore_file *f = calloc(1, sizeof *f);
    if (f == NULL) {
        nc_close(file);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory opening shorelines");
    }
    f->id = file;
    f->rivers = rivers;
    f->vars = v;
    f->columns = columns;
    f->rows = rows;
    f->size = minutes / 60.0;
    size_t start = 0, count = (size_t)bins;
    f->first_segments = malloc(count * sizeof *f->first_segments);
    f->segment_counts = malloc(count * sizeof *f->segment_counts);
    f->node_levels = calloc(count, sizeof *f->node_levels);
    if (!f->first_segments || !f->segment_counts || !f->node_levels) {
        close_file(f);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory opening shorelines");
    }
    if (nc_get_vara_int(file, v.first_segment, &start, &count, f->first_segments) != NC_NOERR
        || nc_get_vara_short(file, v.segment_count, &start, &count, f->segment_counts) != NC_NOERR
        || (!rivers && nc_get_vara_short(file, v.node_levels, &start, &count, f->node_levels) != NC_NOERR)) {
        close_file(f);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the bin index of %s cannot be read", path);
    }
    *opened = f;
    return CIMG_OK;
}

void cimg_shore_grid(const cimg_shore_file *file, int *columns, int *rows, double *size) {
    *columns = file->columns;
    *rows = file->rows;
    *size = file->size;
}

static int read_bins(cimg_shore_file *file, const int *bins, size_t bin_count, size_t max_points, cimg_shore *shore,
                     cimg_error *error) {
    memset(shore, 0, sizeof *shore);
    builder b = {.shore = shore};
    int status = CIMG_OK;
    for (size_t k = 0; k < bin_count && status == CIMG_OK; k++) {
        if (bins[k] < 0 || bins[k] >= file->columns * file->rows) {
            status = cimg_fail(error, CIMG_ERR_ARGUMENT, "no bin %d", bins[k]);
            break;
        }
        status = read_bin(file, bins[k], max_points, &b, error);
    }
    if (status != CIMG_OK) cimg_shore_free(shore);
    return status;
}

static void close_file(cimg_shore_file *file) {
    if (file == NULL) return;
    nc_close(file->id);
    free(file->first_segments);
    free(file->segment_counts);
    free(file->node_levels);
    free(file);
}

void cimg_shore_free(cimg_shore *shore) {
    if (shore == NULL) return;
    free(shore->bins);
    free(shore->segments);
    free(shore->points);
    memset(shore, 0, sizeof *shore);
}
