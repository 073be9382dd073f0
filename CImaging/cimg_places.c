/*
 * Places shim: the cities of libgeonames (GeoNames' cities data, CC BY 4.0,
 * compiled into the library) copied once into a plain C array, for the
 * reverse geocoder. libgeonames hands out each city as a GVariant and
 * reports no errors; a city it cannot give, or one without a name or with
 * coordinates off the globe, is left out and counted.
 *
 * The few functions used are declared here with an opaque city type (the
 * library's GeonamesCity is a GVariant), so no glib header or include path
 * is needed; they match /usr/include/geonames/geonames.h of libgeonames 0.3.
 */
#include "cimg_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct cimg_geonames_city cimg_geonames_city;   /* GVariant */
extern int geonames_get_n_cities(void);
extern cimg_geonames_city *geonames_get_city(int index);
extern void geonames_city_free(cimg_geonames_city *city);
extern const char *geonames_city_get_name(cimg_geonames_city *city);
extern const char *geonames_city_get_state(cimg_geonames_city *city);
extern const char *geonames_city_get_country(cimg_geonames_city *city);
extern const char *geonames_city_get_country_code(cimg_geonames_city *city);
extern double geonames_city_get_latitude(cimg_geonames_city *city);
extern double geonames_city_get_longitude(cimg_geonames_city *city);
extern unsigned int geonames_city_get_population(cimg_geonames_city *city);

#include "cimg_lazy_geonames.h"

CIMG_LAZY_DEFINE(geonames);

/* No real name comes near this; a longer string is cut at a UTF-8 boundary. */
enum { max_text = 200 };

/* The strings' storage while loading: one growing block, addressed by offset. */
typedef struct text_pool {
    char *bytes;
    size_t size;
    size_t capacity;
} text_pool;

/* Appends text (NULL: "") with its NUL; the offset, or (size_t)-1 when out of memory. */
static size_t pool_add(text_pool *pool, const char *text) {
    if (text == NULL) text = "";
    size_t length = 0;
    while (length <= max_text && text[length] != '\0') length++;
    if (length > max_text) {
        length = max_text;
        while (length > 0 && ((unsigned char)text[length] & 0xC0) == 0x80) length--;
    }
    if (pool->size + length + 1 > pool->capacity) {
        size_t capacity = pool->capacity ? pool->capacity : 512 * 1024;
        while (capacity < pool->size + length + 1) capacity *= 2;
        char *grown = realloc(pool->bytes, capacity);
        if (grown == NULL) return (size_t)-1;
        pool->bytes = grown;
        pool->capacity = capacity;
    }
    size_t offset = pool->size;
    memcpy(pool->bytes + offset, text, length);
    pool->bytes[offset + length] = '\0';
    pool->size += length + 1;
    return offset;
}

static int usable_position(double latitude, double longitude) {
    return isfinite(latitude) && isfinite(longitude) && fabs(latitude) <= 90 && fabs(longitude) <= 180
        && !(latitude == 0 && longitude == 0);
}

int cimg_places_load(cimg_places *places, cimg_error *error) {
    memset(places, 0, sizeof *places);
    int loaded = cimg_lazy_require(&cimg_lazy_geonames, error);
    if (loaded != CIMG_OK) return loaded;
    int total = geonames_get_n_cities();
    if (total <= 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "libgeonames has no cities");

    cimg_place *list = calloc((size_t)total, sizeof *list);
    size_t *offsets = calloc((size_t)total * 3, sizeof *offsets);   /* name, state, country */
    text_pool pool = {0};
    size_t count = 0, left_out = 0;
    if (list == NULL || offsets == NULL) goto out_of_memory;

    for (int index = 0; index < total; index++) {
        cimg_geonames_city *city = geonames_get_city(index);
        if (city == NULL) { left_out++; continue; }
        const char *name = geonames_city_get_name(city);
        double latitude = geonames_city_get_latitude(city);
        double longitude = geonames_city_get_longitude(city);
        if (name == NULL || name[0] == '\0' || !usable_position(latitude, longitude)) {
            geonames_city_free(city);
            left_out++;
            continue;
        }
        cimg_place *place = &list[count];
        size_t *offset = &offsets[count * 3];
        offset[0] = pool_add(&pool, name);
        offset[1] = pool_add(&pool, geonames_city_get_state(city));
        offset[2] = pool_add(&pool, geonames_city_get_country(city));
        const char *code = geonames_city_get_country_code(city);
        if (code != NULL && strlen(code) < sizeof place->country_code) strcpy(place->country_code, code);
        place->latitude = latitude;
        place->longitude = longitude;
        place->population = geonames_city_get_population(city);
        geonames_city_free(city);
        if (offset[0] == (size_t)-1 || offset[1] == (size_t)-1 || offset[2] == (size_t)-1) goto out_of_memory;
        count++;
    }
    if (count == 0) {
        free(list);
        free(offsets);
        free(pool.bytes);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "libgeonames has no usable cities (%zu left out)", left_out);
    }
    /* The pool is final: offsets become pointers. */
    for (size_t index = 0; index < count; index++) {
        list[index].name = pool.bytes + offsets[index * 3];
        list[index].state = pool.bytes + offsets[index * 3 + 1];
        list[index].country = pool.bytes + offsets[index * 3 + 2];
        list[index].district = "";
    }
    free(offsets);
    places->places = list;
    places->count = count;
    places->left_out = left_out;
    places->text = pool.bytes;
    places->text_size = pool.size;
    return CIMG_OK;

out_of_memory:
    free(list);
    free(offsets);
    free(pool.bytes);
    return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory loading %d cities", total);
}

void cimg_places_free(cimg_places *places) {
    if (places == NULL) return;
    free(places->places);
    free(places->text);
    memset(places, 0, sizeof *places);
}
