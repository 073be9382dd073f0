/*
 * libexif shim: reads the handful of tags Filmroll uses from a JPEG APP1
 * or PNG eXIf payload. libexif never longjmps; damaged data loads partially,
 * which is what we want: a bad pointer in one IFD must not lose the others.
 * Related documentation: libexif's exif-data.h and the EXIF 2.32 spec.
 */
#include "cimg_internal.h"

#include <stdlib.h>
#include <math.h>
#include <string.h>

#include <libexif/exif-data.h>

enum {
    CIMG_TAG_ORIENTATION = 0x0112,
    CIMG_TAG_MAKE = 0x010F,
    CIMG_TAG_MODEL = 0x0110,
    CIMG_TAG_DATE_TIME_ORIGINAL = 0x9003,
    CIMG_TAG_OFFSET_TIME_ORIGINAL = 0x9011,
    CIMG_TAG_SUBSEC_TIME_ORIGINAL = 0x9291,
    CIMG_TAG_PIXEL_X_DIMENSION = 0xA002,
    CIMG_TAG_PIXEL_Y_DIMENSION = 0xA003,
    CIMG_TAG_GPS_LATITUDE_REF = 0x0001,
    CIMG_TAG_GPS_LATITUDE = 0x0002,
    CIMG_TAG_GPS_LONGITUDE_REF = 0x0003,
    CIMG_TAG_GPS_LONGITUDE = 0x0004,
    CIMG_TAG_DATE_TIME = 0x0132,
    CIMG_TAG_DATE_TIME_DIGITIZED = 0x9004,
    CIMG_TAG_OFFSET_TIME = 0x9010,
    CIMG_TAG_OFFSET_TIME_DIGITIZED = 0x9012,
    CIMG_TAG_SUBSEC_TIME_DIGITIZED = 0x9292,
    CIMG_TAG_GPS_TIME_STAMP = 0x0007,
    CIMG_TAG_GPS_DATE_STAMP = 0x001D,
    CIMG_TAG_EXPOSURE_TIME = 0x829A,
    CIMG_TAG_F_NUMBER = 0x829D,
    CIMG_TAG_ISO = 0x8827,
    CIMG_TAG_FOCAL_LENGTH = 0x920A,
    CIMG_TAG_LENS_MODEL = 0xA434,
    CIMG_TAG_MAKER_NOTE = 0x927C,
};

static ExifEntry *cimg_exif_entry(ExifData *exif, ExifIfd ifd, int tag) {
    ExifContent *content = exif->ifd[ifd];
    return content ? exif_content_get_entry(content, (ExifTag)tag) : NULL;
}

/* Copies an ASCII entry, trimming trailing NULs and spaces. */
static void cimg_exif_copy_text(ExifEntry *entry, char *out, size_t capacity) {
    out[0] = 0;
    if (entry == NULL || entry->data == NULL || entry->size == 0) return;
    if (entry->format != EXIF_FORMAT_ASCII && entry->format != EXIF_FORMAT_UNDEFINED) return;
    size_t length = entry->size < capacity - 1 ? entry->size : capacity - 1;
    memcpy(out, entry->data, length);
    out[length] = 0;
    length = strlen(out);
    while (length > 0 && (out[length - 1] == ' ')) out[--length] = 0;
}


/*
 * Value `index` of a numeric entry, whatever numeric type the camera stored
 * it in (BYTE, SHORT, LONG, RATIONAL, their signed forms, FLOAT, DOUBLE), as
 * exiftool reads them: some phones write GPS as SRATIONAL where the standard
 * says RATIONAL. Returns 0 and sets *value, or -1 when absent or unusable.
 */
static int cimg_exif_number(ExifEntry *entry, ExifByteOrder order, unsigned long index, double *value) {
    if (entry == NULL || entry->data == NULL || index >= entry->components) return -1;
    unsigned char size = exif_format_get_size(entry->format);
    if (size == 0 || entry->size < (index + 1) * size) return -1;
    const unsigned char *data = entry->data + index * size;
    switch (entry->format) {
    case EXIF_FORMAT_BYTE: *value = data[0]; return 0;
    case EXIF_FORMAT_SBYTE: *value = (signed char)data[0]; return 0;
    case EXIF_FORMAT_SHORT: *value = exif_get_short(data, order); return 0;
    case EXIF_FORMAT_SSHORT: *value = exif_get_sshort(data, order); return 0;
    case EXIF_FORMAT_LONG: *value = exif_get_long(data, order); return 0;
    case EXIF_FORMAT_SLONG: *value = exif_get_slong(data, order); return 0;
    case EXIF_FORMAT_RATIONAL: {
        ExifRational rational = exif_get_rational(data, order);
        if (rational.denominator == 0) return rational.numerator == 0 ? (*value = 0, 0) : -1;
        *value = (double)rational.numerator / (double)rational.denominator;
        return 0;
    }
    case EXIF_FORMAT_SRATIONAL: {
        ExifSRational rational = exif_get_srational(data, order);
        if (rational.denominator == 0) return rational.numerator == 0 ? (*value = 0, 0) : -1;
        *value = (double)rational.numerator / (double)rational.denominator;
        return 0;
    }
    case EXIF_FORMAT_FLOAT: {
        uint32_t bits = exif_get_long(data, order);
        float number;
        memcpy(&number, &bits, sizeof number);
        *value = number;
        return isfinite(number) ? 0 : -1;
    }
    case EXIF_FORMAT_DOUBLE: {
        uint64_t bits = order == EXIF_BYTE_ORDER_MOTOROLA
            ? ((uint64_t)exif_get_long(data, order) << 32) | exif_get_long(data + 4, order)
            : ((uint64_t)exif_get_long(data + 4, order) << 32) | exif_get_long(data, order);
        double number;
        memcpy(&number, &bits, sizeof number);
        *value = number;
        return isfinite(number) ? 0 : -1;
    }
    default: return -1;
    }
}

/* Reads a whole non-negative number of any numeric type (a SHORT tag written
 * as LONG or BYTE, say); returns 0 when absent, negative, fractional or too large. */
static uint32_t cimg_exif_unsigned(ExifEntry *entry, ExifByteOrder order) {
    double value;
    if (cimg_exif_number(entry, order, 0, &value) != 0) return 0;
    if (value < 0 || value > 4294967295.0 || value != floor(value)) return 0;
    return (uint32_t)value;
}

/*
 * Degrees from degrees, minutes and seconds (one, two or three values of
 * any numeric type; a signed value carries the hemisphere). Sets *negative
 * when the stored value was below zero. Returns -1 when unusable.
 */
static double cimg_exif_degrees(ExifEntry *entry, ExifByteOrder order, int *negative) {
    *negative = 0;
    if (entry == NULL || entry->components < 1) return -1;
    double degrees = 0;
    static const double scale[3] = {1, 60, 3600};
    for (unsigned long i = 0; i < 3 && i < entry->components; i++) {
        double part;
        if (cimg_exif_number(entry, order, i, &part) != 0) return -1;
        if (part < 0) *negative = 1;
        degrees += fabs(part) / scale[i];
    }
    return degrees;
}

static void cimg_exif_read_gps(ExifData *exif, ExifByteOrder order, cimg_exif *out) {
    char latitude_ref[8], longitude_ref[8];
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_LATITUDE_REF), latitude_ref, sizeof latitude_ref);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_LONGITUDE_REF), longitude_ref, sizeof longitude_ref);
    int south = 0, west = 0;
    double latitude = cimg_exif_degrees(cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_LATITUDE), order, &south);
    double longitude = cimg_exif_degrees(cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_LONGITUDE), order, &west);
    if (latitude < 0 || latitude > 90 || longitude < 0 || longitude > 180) return;
    if (south || latitude_ref[0] == 'S' || latitude_ref[0] == 's') latitude = -latitude;
    if (west || longitude_ref[0] == 'W' || longitude_ref[0] == 'w') longitude = -longitude;
    out->has_gps = 1;
    out->latitude = latitude;
    out->longitude = longitude;
}

/* GPSDateStamp and GPSTimeStamp (hours, minutes, seconds, UTC). */
static void cimg_exif_read_gps_time(ExifData *exif, ExifByteOrder order, cimg_exif *out) {
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_DATE_STAMP), out->gps_date_stamp,
                        sizeof out->gps_date_stamp);
    ExifEntry *time = cimg_exif_entry(exif, EXIF_IFD_GPS, CIMG_TAG_GPS_TIME_STAMP);
    double hours, minutes, seconds;
    if (time == NULL || time->components < 3 || cimg_exif_number(time, order, 0, &hours) != 0 ||
        cimg_exif_number(time, order, 1, &minutes) != 0 || cimg_exif_number(time, order, 2, &seconds) != 0) return;
    double total = hours * 3600 + minutes * 60 + seconds;
    if (!(total >= 0 && total < 86400)) return;
    out->has_gps_time = 1;
    out->gps_seconds = total;
}

/* A positive finite number, else 0. */
static double cimg_exif_positive(ExifEntry *entry, ExifByteOrder order) {
    double value;
    if (cimg_exif_number(entry, order, 0, &value) != 0 || !(value > 0) || !isfinite(value)) return 0;
    return value;
}

/* Copies the MakerNote entry's bytes as the file has them: libexif reads
 * some vendors' MakerNotes itself, but the entry keeps the raw data. Out of
 * memory, the MakerNote is left out and the other tags are kept. */
static void cimg_exif_copy_maker_note(ExifData *exif, cimg_buffer *output) {
    ExifEntry *entry = cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_MAKER_NOTE);
    if (entry == NULL || entry->data == NULL || entry->size == 0) return;
    output->data = malloc(entry->size);
    if (output->data == NULL) return;
    memcpy(output->data, entry->data, entry->size);
    output->size = entry->size;
}

int cimg_exif_parse(const uint8_t *data, size_t size, cimg_exif *out, cimg_error *error) {
    return cimg_exif_parse_with_maker_note(data, size, out, NULL, error);
}

int cimg_exif_parse_with_maker_note(const uint8_t *data, size_t size, cimg_exif *out, cimg_buffer *maker_note,
                                    cimg_error *error) {
    static const uint8_t header[6] = {'E', 'x', 'i', 'f', 0, 0};
    memset(out, 0, sizeof *out);
    if (maker_note != NULL) {
        maker_note->data = NULL;
        maker_note->size = 0;
    }
    if (data == NULL || size < 8) return cimg_fail(error, CIMG_ERR_CORRUPT, "EXIF payload too short");

    /* libexif wants the APP1 form; a PNG eXIf chunk is the TIFF alone. */
    uint8_t *prefixed = NULL;
    const uint8_t *payload = data;
    size_t payload_size = size;
    if (memcmp(data, header, sizeof header) != 0) {
        if (size > 0x7fffffff - sizeof header) return cimg_fail(error, CIMG_ERR_LIMIT, "EXIF payload too large");
        prefixed = malloc(size + sizeof header);
        if (prefixed == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        memcpy(prefixed, header, sizeof header);
        memcpy(prefixed + sizeof header, data, size);
        payload = prefixed;
        payload_size = size + sizeof header;
    }

    ExifData *exif = exif_data_new();
    if (exif == NULL) {
        free(prefixed);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    /* Read what is there: no tags added, none dropped as unknown. */
    exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_unset_option(exif, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_load_data(exif, payload, (unsigned int)payload_size);
    ExifByteOrder order = exif_data_get_byte_order(exif);

    uint32_t orientation = cimg_exif_unsigned(cimg_exif_entry(exif, EXIF_IFD_0, CIMG_TAG_ORIENTATION), order);
    out->orientation = (orientation >= 1 && orientation <= 8) ? (int)orientation : 0;
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_0, CIMG_TAG_MAKE), out->make, sizeof out->make);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_0, CIMG_TAG_MODEL), out->model, sizeof out->model);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_DATE_TIME_ORIGINAL),
                        out->date_time_original, sizeof out->date_time_original);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_OFFSET_TIME_ORIGINAL),
                        out->offset_time_original, sizeof out->offset_time_original);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_SUBSEC_TIME_ORIGINAL),
                        out->subsec_time_original, sizeof out->subsec_time_original);
    out->pixel_width = cimg_exif_unsigned(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_PIXEL_X_DIMENSION), order);
    out->pixel_height = cimg_exif_unsigned(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_PIXEL_Y_DIMENSION), order);
    cimg_exif_read_gps(exif, order, out);
    cimg_exif_read_gps_time(exif, order, out);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_DATE_TIME_DIGITIZED),
                        out->date_time_digitized, sizeof out->date_time_digitized);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_OFFSET_TIME_DIGITIZED),
                        out->offset_time_digitized, sizeof out->offset_time_digitized);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_SUBSEC_TIME_DIGITIZED),
                        out->subsec_time_digitized, sizeof out->subsec_time_digitized);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_0, CIMG_TAG_DATE_TIME), out->date_time, sizeof out->date_time);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_OFFSET_TIME), out->offset_time, sizeof out->offset_time);
    out->exposure_time = cimg_exif_positive(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_EXPOSURE_TIME), order);
    out->f_number = cimg_exif_positive(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_F_NUMBER), order);
    out->iso = cimg_exif_unsigned(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_ISO), order);
    out->focal_length = cimg_exif_positive(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_FOCAL_LENGTH), order);
    cimg_exif_copy_text(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_LENS_MODEL), out->lens_model, sizeof out->lens_model);
    if (maker_note != NULL) cimg_exif_copy_maker_note(exif, maker_note);

    exif_data_unref(exif);
    free(prefixed);
    return CIMG_OK;
}

/* Sets an integer entry's first value, when the entry exists, in whatever
 * integer type it was stored (as cimg_exif_unsigned reads them all). */
static void cimg_exif_set_unsigned(ExifEntry *entry, ExifByteOrder order, uint32_t value) {
    if (entry == NULL || entry->data == NULL || entry->components < 1) return;
    switch (entry->format) {
    case EXIF_FORMAT_BYTE: case EXIF_FORMAT_SBYTE:
        if (entry->size >= 1) entry->data[0] = (unsigned char)value;
        break;
    case EXIF_FORMAT_SHORT: case EXIF_FORMAT_SSHORT:
        if (entry->size >= 2) exif_set_short(entry->data, order, (ExifShort)value);
        break;
    case EXIF_FORMAT_LONG: case EXIF_FORMAT_SLONG:
        if (entry->size >= 4) exif_set_long(entry->data, order, value);
        break;
    case EXIF_FORMAT_RATIONAL: case EXIF_FORMAT_SRATIONAL:
        if (entry->size >= 8) {
            exif_set_long(entry->data, order, value);
            exif_set_long(entry->data + 4, order, 1);
        }
        break;
    case EXIF_FORMAT_FLOAT:
        if (entry->size >= 4) {
            float number = (float)value;
            uint32_t bits;
            memcpy(&bits, &number, sizeof bits);
            exif_set_long(entry->data, order, bits);
        }
        break;
    case EXIF_FORMAT_DOUBLE:
        if (entry->size >= 8) {
            double number = (double)value;
            uint64_t bits;
            memcpy(&bits, &number, sizeof bits);
            int high_first = order == EXIF_BYTE_ORDER_MOTOROLA;
            exif_set_long(entry->data + (high_first ? 0 : 4), order, (uint32_t)(bits >> 32));
            exif_set_long(entry->data + (high_first ? 4 : 0), order, (uint32_t)bits);
        }
        break;
    default:
        break;
    }
}

int cimg_exif_rewrite_upright(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                              cimg_buffer *output, cimg_error *error) {
    static const uint8_t header[6] = {'E', 'x', 'i', 'f', 0, 0};
    output->data = NULL;
    output->size = 0;
    if (data == NULL || size < 14 || memcmp(data, header, sizeof header) != 0) {
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "EXIF payload must start with Exif\\0\\0");
    }
    ExifData *exif = exif_data_new();
    if (exif == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    exif_data_unset_option(exif, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_unset_option(exif, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_load_data(exif, data, (unsigned int)size);
    ExifByteOrder order = exif_data_get_byte_order(exif);

    cimg_exif_set_unsigned(cimg_exif_entry(exif, EXIF_IFD_0, CIMG_TAG_ORIENTATION), order, 1);
    cimg_exif_set_unsigned(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_PIXEL_X_DIMENSION), order, width);
    cimg_exif_set_unsigned(cimg_exif_entry(exif, EXIF_IFD_EXIF, CIMG_TAG_PIXEL_Y_DIMENSION), order, height);
    /* The embedded thumbnail (IFD1) shows the old orientation: drop it. */
    ExifContent *ifd1 = exif->ifd[EXIF_IFD_1];
    while (ifd1 != NULL && ifd1->count > 0) exif_content_remove_entry(ifd1, ifd1->entries[0]);
    if (exif->data != NULL) {
        free(exif->data);   /* libexif's default allocator is malloc */
        exif->data = NULL;
        exif->size = 0;
    }

    unsigned char *saved = NULL;
    unsigned int saved_size = 0;
    exif_data_save_data(exif, &saved, &saved_size);
    exif_data_unref(exif);
    if (saved == NULL || saved_size == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "EXIF could not be rewritten");
    if (saved_size > 65533) {
        free(saved);
        return cimg_fail(error, CIMG_ERR_LIMIT, "rewritten EXIF is larger than one APP1 marker");
    }
    output->data = saved;
    output->size = saved_size;
    return CIMG_OK;
}
