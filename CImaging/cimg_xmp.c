/*
 * libexpat shim: reads the few XMP properties Filmroll uses from an XMP
 * packet (RDF/XML), with a real namespace-aware XML parser, never a string
 * search: a date inside a comment, in another namespace or in a nested
 * structure (xmpMM:History, xmpMM:Pantry) is not the photo's date.
 *
 * Only top-level properties count: attributes of an rdf:Description that is
 * a child of rdf:RDF, and its child elements with plain text content. The
 * one structure read is a motion photo's Container:Directory: an rdf:Seq
 * whose rdf:li each give one item's Item:* fields, as attributes or text.
 * Properties are matched by namespace URI, never by prefix.
 *
 * Hostile packets: a DOCTYPE (and with it every entity declaration) stops
 * the parser, so no entity is ever expanded; input is capped at
 * CIMG_XMP_MAX_BYTES. expat never longjmps: errors are return codes.
 * Related documentation: expat's reference (XML_ParserCreateNS,
 * XML_StopParser) and the XMP specification, part 1, section 7 (RDF).
 */
#include "cimg_internal.h"

#include <string.h>

#include <expat.h>

#define CIMG_XMP_SEPARATOR ' '
#define CIMG_NS_RDF "http://www.w3.org/1999/02/22-rdf-syntax-ns# "
#define CIMG_NS_EXIF "http://ns.adobe.com/exif/1.0/ "
#define CIMG_NS_XMP "http://ns.adobe.com/xap/1.0/ "
#define CIMG_NS_PHOTOSHOP "http://ns.adobe.com/photoshop/1.0/ "
#define CIMG_NS_TIFF "http://ns.adobe.com/tiff/1.0/ "
#define CIMG_NS_CAMERA "http://ns.google.com/photos/1.0/camera/ "
#define CIMG_NS_CONTAINER "http://ns.google.com/photos/1.0/container/ "
#define CIMG_NS_ITEM "http://ns.google.com/photos/1.0/container/item/ "

enum {
    CIMG_XMP_DATE_TIME_ORIGINAL,
    CIMG_XMP_CREATE_DATE,
    CIMG_XMP_DATE_CREATED,
    CIMG_XMP_ORIENTATION,
    CIMG_XMP_MAKE,
    CIMG_XMP_MODEL,
    CIMG_XMP_MOTION_PHOTO,
    CIMG_XMP_MICRO_VIDEO,
    CIMG_XMP_MICRO_VIDEO_OFFSET,
    CIMG_XMP_DIRECTORY,
    CIMG_XMP_PROPERTY_COUNT,
    CIMG_XMP_NONE = -1,
};

/* Expanded names as expat reports them: namespace URI, separator, local name. */
static const char *const cimg_xmp_names[CIMG_XMP_PROPERTY_COUNT] = {
    CIMG_NS_EXIF "DateTimeOriginal",
    CIMG_NS_XMP "CreateDate",
    CIMG_NS_PHOTOSHOP "DateCreated",
    CIMG_NS_TIFF "Orientation",
    CIMG_NS_TIFF "Make",
    CIMG_NS_TIFF "Model",
    CIMG_NS_CAMERA "MotionPhoto",
    CIMG_NS_CAMERA "MicroVideo",
    CIMG_NS_CAMERA "MicroVideoOffset",
    CIMG_NS_CONTAINER "Directory",
};

typedef struct cimg_xmp_reader {
    XML_Parser parser;
    cimg_xmp *out;
    unsigned long depth;             /* of the element being read; the root is 1 */
    unsigned long rdf_depth;         /* of the rdf:RDF being read; 0 outside one */
    unsigned long description_depth; /* of the top-level rdf:Description being read; 0 outside */
    int property;                    /* whose text is being collected, or CIMG_XMP_NONE */
    int property_is_structured;      /* the property element has child elements */
    char text[CIMG_XMP_TEXT_CAPACITY];
    size_t text_length;
    int refused;                     /* a DOCTYPE was seen */
    int directory_seen;              /* the first Container:Directory counts, no other */
    unsigned long directory_depth;   /* of the Container:Directory being read; 0 outside */
    unsigned long item_depth;        /* of its rdf:li being read; 0 outside */
    char *item_field;                /* the Item:* field whose element text is being collected, or NULL */
    unsigned long item_field_depth;
} cimg_xmp_reader;

static int cimg_xmp_lookup(const XML_Char *name) {
    for (int property = 0; property < CIMG_XMP_PROPERTY_COUNT; property++) {
        if (strcmp(name, cimg_xmp_names[property]) == 0) return property;
    }
    return CIMG_XMP_NONE;
}

static int cimg_xmp_is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* "1"..."8" (spaces around allowed); 0 for anything else. */
static int cimg_xmp_orientation(const char *text, size_t length) {
    return (length == 1 && text[0] >= '1' && text[0] <= '8') ? text[0] - '0' : 0;
}

/* Copies text into an empty field of CIMG_XMP_TEXT_CAPACITY, trimmed and
 * cut to fit; a field already set keeps its value. */
static void cimg_xmp_copy(char *field, const char *text, size_t length) {
    while (length > 0 && cimg_xmp_is_space(*text)) { text++; length--; }
    while (length > 0 && cimg_xmp_is_space(text[length - 1])) length--;
    if (length == 0 || field[0] != 0) return;
    if (length > CIMG_XMP_TEXT_CAPACITY - 1) length = CIMG_XMP_TEXT_CAPACITY - 1;
    memcpy(field, text, length);
    field[length] = 0;
}

/* Stores a property's value, trimmed; the first value found wins. */
static void cimg_xmp_store(cimg_xmp *out, int property, const char *text, size_t length) {
    while (length > 0 && cimg_xmp_is_space(*text)) { text++; length--; }
    while (length > 0 && cimg_xmp_is_space(text[length - 1])) length--;
    if (length == 0) return;
    if (property == CIMG_XMP_ORIENTATION) {
        if (out->orientation == 0) out->orientation = cimg_xmp_orientation(text, length);
        return;
    }
    char *field = NULL;
    switch (property) {
    case CIMG_XMP_DATE_TIME_ORIGINAL: field = out->date_time_original; break;
    case CIMG_XMP_CREATE_DATE: field = out->create_date; break;
    case CIMG_XMP_DATE_CREATED: field = out->date_created; break;
    case CIMG_XMP_MAKE: field = out->make; break;
    case CIMG_XMP_MODEL: field = out->model; break;
    case CIMG_XMP_MOTION_PHOTO: field = out->motion_photo; break;
    case CIMG_XMP_MICRO_VIDEO: field = out->micro_video; break;
    case CIMG_XMP_MICRO_VIDEO_OFFSET: field = out->micro_video_offset; break;
    default: return;
    }
    cimg_xmp_copy(field, text, length);
}

/* The field of `item` that an Item:* name stands for, or NULL. */
static char *cimg_xmp_item_field(cimg_xmp_item *item, const XML_Char *name) {
    static const char prefix[] = CIMG_NS_ITEM;
    if (strncmp(name, prefix, sizeof prefix - 1) != 0) return NULL;
    const char *local = name + sizeof prefix - 1;
    if (strcmp(local, "Semantic") == 0) return item->semantic;
    if (strcmp(local, "Mime") == 0) return item->mime;
    if (strcmp(local, "Length") == 0) return item->length;
    if (strcmp(local, "Padding") == 0) return item->padding;
    return NULL;
}

/* An element inside Container:Directory: each rdf:li of its rdf:Seq starts
 * an item; Item:* attributes on it or inside it, and Item:* elements with
 * plain text, fill that item. Items past CIMG_XMP_MAX_ITEMS are counted only. */
static void cimg_xmp_directory_start(cimg_xmp_reader *reader, const XML_Char *name, const XML_Char **attributes) {
    reader->item_field = NULL;   /* an Item:* element with children is no plain value */
    if (reader->item_depth == 0) {
        if (reader->depth != reader->directory_depth + 2 || strcmp(name, CIMG_NS_RDF "li") != 0) return;
        reader->item_depth = reader->depth;
        reader->out->item_count++;
    }
    if (reader->out->item_count > CIMG_XMP_MAX_ITEMS) return;
    cimg_xmp_item *item = &reader->out->items[reader->out->item_count - 1];
    for (size_t i = 0; attributes[i] != NULL && attributes[i + 1] != NULL; i += 2) {
        char *field = cimg_xmp_item_field(item, attributes[i]);
        if (field != NULL) cimg_xmp_copy(field, attributes[i + 1], strlen(attributes[i + 1]));
    }
    reader->item_field = cimg_xmp_item_field(item, name);
    reader->item_field_depth = reader->depth;
    reader->text_length = 0;
}

static void cimg_xmp_directory_end(cimg_xmp_reader *reader) {
    if (reader->item_field != NULL && reader->depth == reader->item_field_depth) {
        cimg_xmp_copy(reader->item_field, reader->text, reader->text_length);
    }
    reader->item_field = NULL;
    if (reader->depth == reader->item_depth) reader->item_depth = 0;
    if (reader->depth == reader->directory_depth) reader->directory_depth = 0;
}

static void XMLCALL cimg_xmp_start(void *user, const XML_Char *name, const XML_Char **attributes) {
    cimg_xmp_reader *reader = user;
    reader->depth++;
    if (reader->directory_depth != 0) {
        cimg_xmp_directory_start(reader, name, attributes);
        return;
    }
    if (reader->property != CIMG_XMP_NONE) {
        reader->property_is_structured = 1;   /* rdf:Alt, rdf:Seq, qualifiers: not a plain value */
        return;
    }
    if (reader->rdf_depth == 0) {
        if (strcmp(name, CIMG_NS_RDF "RDF") == 0) reader->rdf_depth = reader->depth;
        return;
    }
    if (reader->description_depth == 0) {
        if (reader->depth == reader->rdf_depth + 1 && strcmp(name, CIMG_NS_RDF "Description") == 0) {
            reader->description_depth = reader->depth;
            for (size_t i = 0; attributes[i] != NULL && attributes[i + 1] != NULL; i += 2) {
                int property = cimg_xmp_lookup(attributes[i]);
                if (property != CIMG_XMP_NONE) {
                    cimg_xmp_store(reader->out, property, attributes[i + 1], strlen(attributes[i + 1]));
                }
            }
        }
        return;
    }
    if (reader->depth == reader->description_depth + 1) {
        reader->property = cimg_xmp_lookup(name);
        reader->property_is_structured = 0;
        reader->text_length = 0;
        if (reader->property == CIMG_XMP_DIRECTORY) {
            reader->property = CIMG_XMP_NONE;
            if (!reader->directory_seen) reader->directory_depth = reader->depth;
            reader->directory_seen = 1;
        }
    }
}

static void XMLCALL cimg_xmp_end(void *user, const XML_Char *name) {
    cimg_xmp_reader *reader = user;
    (void)name;
    if (reader->directory_depth != 0) {
        cimg_xmp_directory_end(reader);
    } else if (reader->property != CIMG_XMP_NONE && reader->depth == reader->description_depth + 1) {
        if (!reader->property_is_structured) {
            cimg_xmp_store(reader->out, reader->property, reader->text, reader->text_length);
        }
        reader->property = CIMG_XMP_NONE;
    } else if (reader->depth == reader->description_depth) {
        reader->description_depth = 0;
    } else if (reader->depth == reader->rdf_depth) {
        reader->rdf_depth = 0;
    }
    reader->depth--;
}

static void XMLCALL cimg_xmp_text(void *user, const XML_Char *text, int length) {
    cimg_xmp_reader *reader = user;
    if (reader->item_field != NULL && length > 0) {
        size_t room = sizeof reader->text - 1 - reader->text_length;
        size_t count = (size_t)length < room ? (size_t)length : room;
        memcpy(reader->text + reader->text_length, text, count);
        reader->text_length += count;
        return;
    }
    if (reader->property == CIMG_XMP_NONE || reader->property_is_structured ||
        reader->depth != reader->description_depth + 1 || length <= 0) {
        return;
    }
    size_t room = sizeof reader->text - 1 - reader->text_length;
    size_t count = (size_t)length < room ? (size_t)length : room;
    memcpy(reader->text + reader->text_length, text, count);
    reader->text_length += count;
}

/* XMP forbids DTDs; refusing any DOCTYPE refuses every entity declaration
 * (billion laughs, external entities) before one is defined. */
static void XMLCALL cimg_xmp_doctype(void *user, const XML_Char *name, const XML_Char *system_id,
                                     const XML_Char *public_id, int has_internal_subset) {
    cimg_xmp_reader *reader = user;
    (void)name, (void)system_id, (void)public_id, (void)has_internal_subset;
    reader->refused = 1;
    XML_StopParser(reader->parser, XML_FALSE);
}

static void XMLCALL cimg_xmp_entity(void *user, const XML_Char *name, int is_parameter, const XML_Char *value,
                                    int value_length, const XML_Char *base, const XML_Char *system_id,
                                    const XML_Char *public_id, const XML_Char *notation) {
    cimg_xmp_reader *reader = user;
    (void)name, (void)is_parameter, (void)value, (void)value_length, (void)base, (void)system_id,
        (void)public_id, (void)notation;
    reader->refused = 1;
    XML_StopParser(reader->parser, XML_FALSE);
}

int cimg_xmp_parse(const uint8_t *data, size_t size, cimg_xmp *out, cimg_error *error) {
    memset(out, 0, sizeof *out);
    if (data == NULL || size == 0) return cimg_fail(error, CIMG_ERR_CORRUPT, "empty XMP packet");
    /* Writers pad packets and some end them with NULs, which XML forbids. */
    while (size > 0 && (data[size - 1] == 0 || cimg_xmp_is_space((char)data[size - 1]))) size--;
    size_t length = size > CIMG_XMP_MAX_BYTES ? CIMG_XMP_MAX_BYTES : size;

    cimg_xmp_reader reader;
    memset(&reader, 0, sizeof reader);
    reader.out = out;
    reader.property = CIMG_XMP_NONE;
    reader.parser = XML_ParserCreateNS(NULL, CIMG_XMP_SEPARATOR);
    if (reader.parser == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    XML_SetUserData(reader.parser, &reader);
    XML_SetElementHandler(reader.parser, cimg_xmp_start, cimg_xmp_end);
    XML_SetCharacterDataHandler(reader.parser, cimg_xmp_text);
    XML_SetStartDoctypeDeclHandler(reader.parser, cimg_xmp_doctype);
    XML_SetEntityDeclHandler(reader.parser, cimg_xmp_entity);
    XML_SetParamEntityParsing(reader.parser, XML_PARAM_ENTITY_PARSING_NEVER);

    int status = CIMG_OK;
    if (XML_Parse(reader.parser, (const char *)data, (int)length, length == size) == XML_STATUS_ERROR) {
        enum XML_Error code = XML_GetErrorCode(reader.parser);
        if (reader.refused) {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "XMP packet with a DOCTYPE refused");
        } else if (code == XML_ERROR_NO_MEMORY) {
            status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        } else {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "malformed XMP: %s at line %lu",
                               XML_ErrorString(code), (unsigned long)XML_GetCurrentLineNumber(reader.parser));
        }
    } else if (length < size) {
        status = cimg_fail(error, CIMG_ERR_LIMIT, "XMP packet larger than %u bytes: read in part",
                           (unsigned)CIMG_XMP_MAX_BYTES);
    }
    XML_ParserFree(reader.parser);
    return status;
}
