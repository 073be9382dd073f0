/*
 * The built-in gazetteer: GeoNames' cities1000 (CC BY 4.0), about 144,000
 * towns of 1,000 people or more, written by Scripts/make-place-data.py into
 * data/places.bin (its format is described there) and embedded here with
 * C23 #embed. Decoding inflates it once (zlib) and points each place's
 * strings into the inflated block; every index and length is checked.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The package builds C in its default mode, where #embed is an accepted extension. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc23-extensions"
static const unsigned char places_data[] = {
#embed "data/places.bin"
};
#pragma clang diagnostic pop

static uint32_t read_u32(const unsigned char *bytes) {
    return (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
}

static uint16_t read_u16(const unsigned char *bytes) { return (uint16_t)(bytes[0] | bytes[1] << 8); }

enum { header_size = 12, place_size = 13, country_size = 6 };

int cimg_places_load_builtin(cimg_places *places, cimg_error *error) {
    memset(places, 0, sizeof *places);
    if (sizeof places_data < header_size || memcmp(places_data, "FRPL", 4) != 0 || read_u32(places_data + 4) != 1)
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the built-in place data has no FRPL version 1 header");
    uLongf raw_size = read_u32(places_data + 8);
    if (raw_size < 14 || raw_size > 64u * 1024 * 1024)
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the built-in place data claims %lu bytes", (unsigned long)raw_size);
    unsigned char *body = malloc(raw_size);
    if (body == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory inflating the place data");
    uLongf inflated = raw_size;
    if (uncompress(body, &inflated, places_data + header_size, sizeof places_data - header_size) != Z_OK || inflated != raw_size) {
        free(body);
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the built-in place data does not inflate");
    }
    size_t count = read_u32(body), string_count = read_u32(body + 4), text_size = read_u32(body + 8);
    const char *text = (const char *)body + 12;
    size_t at = 12 + text_size;
    if (count == 0 || string_count < count || text_size > raw_size - 12 || at + 2 > raw_size || text_size == 0 || text[text_size - 1] != '\0')
        goto corrupt;
    size_t country_count = read_u16(body + at);
    at += 2;
    const unsigned char *countries = body + at;
    at += country_count * country_size;
    if (at > raw_size || (raw_size - at) / place_size != count || (raw_size - at) % place_size != 0) goto corrupt;
    const unsigned char *records = body + at;

    /* Where each string starts. */
    const char **strings = malloc(string_count * sizeof *strings);
    cimg_place *list = calloc(count, sizeof *list);
    if (strings == NULL || list == NULL) {
        free(strings);
        free(list);
        free(body);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory decoding %zu places", count);
    }
    size_t found = 0;
    for (size_t offset = 0; offset < text_size && found < string_count; found++) {
        strings[found] = text + offset;
        offset += strlen(text + offset) + 1;
    }
    size_t shared = string_count - count;
    int bad = found != string_count;
    for (size_t index = 0; index < count && !bad; index++) {
        const unsigned char *record = records + index * place_size;
        size_t region = read_u16(record + 8), district = read_u16(record + 10), country = record[12];
        if (region >= shared || district >= shared || country >= country_count) { bad = 1; break; }
        const unsigned char *entry = countries + country * country_size;
        size_t country_name = read_u32(entry + 2);
        if (country_name >= shared) { bad = 1; break; }
        cimg_place *place = &list[index];
        place->name = strings[shared + index];
        place->state = strings[region];
        place->district = strings[district];
        place->country = strings[country_name];
        place->country_code[0] = (char)entry[0];
        place->country_code[1] = (char)entry[1];
        place->latitude = (int32_t)read_u32(record) / 1e5;
        place->longitude = (int32_t)read_u32(record + 4) / 1e5;
    }
    free(strings);
    if (bad) {
        free(list);
        goto corrupt;
    }
    places->places = list;
    places->count = count;
    places->text = (char *)body;
    places->text_size = raw_size;
    return CIMG_OK;

corrupt:
    free(body);
    return cimg_fail(error, CIMG_ERR_CORRUPT, "the built-in place data is inconsistent");
}

void cimg_places_free(cimg_places *places) {
    if (places == NULL) return;
    free(places->places);
    free(places->text);
    memset(places, 0, sizeof *places);
}
