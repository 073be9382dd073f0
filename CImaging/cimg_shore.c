/*
 * Shorelines shim: GSHHG's binned files as GMT reads them (Debian's
 * gmt-gshhg-full: binned_GSHHS_f.nc, binned_river_f.nc; LGPL-3), through
 * libnetcdf, loaded on first use (cimg_lazy.h). The world is cut into bins
 * (1° in the full resolution), row 0 at the north pole, column 0 at 0° E;
 * a bin lists its segments, a segment its points as offsets from the bin's
 * south-west corner in 1/65535 of the bin. Only the bins that meet the box
 * asked for are read (netCDF hyperslabs), never the whole file.
 */
#include "cimg_internal.h"

#include <math.h>
#include <netcdf.h>
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

/* Reads bin `bin` (row-major from the north-west) into the builder: 0, or a cimg status. */
static int read_bin(int file, const shore_vars *v, int rivers, int bin, int columns, double size, size_t max_points,
                    builder *b, cimg_error *error) {
    size_t at = (size_t)bin, one = 1;
    int first = 0;
    short count = 0, levels = 0;
    if (nc_get_vara_int(file, v->first_segment, &at, &one, &first) != NC_NOERR
        || nc_get_vara_short(file, v->segment_count, &at, &one, &count) != NC_NOERR
        || (!rivers && nc_get_vara_short(file, v->node_levels, &at, &one, &levels) != NC_NOERR))
        return cimg_fail(error, CIMG_ERR_CORRUPT, "bin %d cannot be read", bin);
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

int cimg_shore_read(const char *path, int rivers, double south, double west, double north, double east,
                    size_t max_bins, size_t max_points, cimg_shore *shore, cimg_error *error) {
    memset(shore, 0, sizeof *shore);
    int loaded = cimg_lazy_require(&cimg_lazy_netcdf, error);
    if (loaded != CIMG_OK) return loaded;
    if (!(isfinite(south) && isfinite(west) && isfinite(north) && isfinite(east)) || south > north)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "not a box");
    int file;
    int opened = nc_open(path, NC_NOWRITE, &file);
    if (opened != NC_NOERR) return cimg_fail(error, CIMG_ERR_CORRUPT, "%s", nc_strerror(opened));

    int minutes = 0, columns = 0, rows = 0, bins = 0;
    shore_vars v = {.ant_flag = -1};
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
    double size = minutes / 60.0;
    int row_first = (int)floor((90.0 - fmin(90, north)) / size), row_last = (int)floor((90.0 - fmax(-90, south)) / size);
    if (row_last >= rows) row_last = rows - 1;
    if (row_first < 0) row_first = 0;
    double span = east >= west ? east - west : east + 360 - west;
    if (span > 360) span = 360;
    double start = fmod(fmod(west, 360) + 360, 360);
    int column_first = (int)floor(start / size), column_count = (int)floor((start + span) / size) - column_first + 1;
    if (column_count > columns) column_count = columns;
    if ((size_t)(row_last - row_first + 1) * (size_t)column_count > max_bins) {
        nc_close(file);
        return cimg_fail(error, CIMG_ERR_LIMIT, "the box meets %d bins (at most %zu)", (row_last - row_first + 1) * column_count, max_bins);
    }
    builder b = {.shore = shore};
    int status = CIMG_OK;
    for (int row = row_first; row <= row_last && status == CIMG_OK; row++) {
        for (int k = 0; k < column_count && status == CIMG_OK; k++) {
            int column = (column_first + k) % columns;
            status = read_bin(file, &v, rivers, row * columns + column, columns, size, max_points, &b, error);
        }
    }
    nc_close(file);
    if (status != CIMG_OK) cimg_shore_free(shore);
    return status;
}

void cimg_shore_free(cimg_shore *shore) {
    if (shore == NULL) return;
    free(shore->bins);
    free(shore->segments);
    free(shore->points);
    memset(shore, 0, sizeof *shore);
}
