/*
 * lcms2 shim: colour transforms from a photo's own profile to sRGB, and the
 * profiles that formats describe without an ICC file (HEIF/AVIF nclx code
 * points, PNG cHRM/gAMA). Transforms are built with cmsFLAGS_NOCACHE, so one
 * transform may be applied from several threads at once.
 *
 * lcms2 returns NULL or FALSE on failure and, with no log handler set,
 * prints nothing; each failure becomes a cimg_error here.
 */
#include "cimg_internal.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lcms2.h>

struct cimg_color_transform {
    cmsHTRANSFORM transform;
    int input_channels;
    int output_channels;
};

/* sRGB's transfer curve, IEC 61966-2-1, as an ICC parametric curve (type 4). */
static cmsToneCurve *cimg_srgb_curve(void) {
    const cmsFloat64Number parameters[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
    return cmsBuildParametricToneCurve(NULL, 4, parameters);
}

/* The output profile for a data colour space: sRGB, or gray with sRGB's curve. */
static cmsHPROFILE cimg_output_profile(int gray) {
    if (!gray) return cmsCreate_sRGBProfile();
    cmsToneCurve *curve = cimg_srgb_curve();
    cmsHPROFILE profile = curve ? cmsCreateGrayProfile(cmsD50_xyY(), curve) : NULL;
    if (curve) cmsFreeToneCurve(curve);
    return profile;
}

/* Whether the transform leaves every sample of a 9x9x9 grid within 1 of itself. */
static int cimg_transform_is_identity(cmsHTRANSFORM transform, int channels) {
    enum { steps = 9, count = steps * steps * steps };
    uint8_t input[count * 4], output[count * 4];
    int index = 0;
    for (int r = 0; r < steps; r++)
        for (int g = 0; g < steps; g++)
            for (int b = 0; b < steps; b++, index++) {
                uint8_t values[4] = {(uint8_t)(r * 255 / (steps - 1)), (uint8_t)(g * 255 / (steps - 1)),
                                     (uint8_t)(b * 255 / (steps - 1)), 255};
                for (int c = 0; c < channels; c++) input[index * channels + c] = values[channels == 1 ? 0 : c];
            }
    cmsDoTransform(transform, input, output, count);
    for (int i = 0; i < count * channels; i++) {
        if (abs((int)input[i] - (int)output[i]) > 1) return 0;
    }
    return 1;
}

int cimg_color_transform_create(const uint8_t *icc, size_t size, int input_format, cimg_color_transform **out,
                                int *is_identity, cimg_error *error) {
    *out = NULL;
    *is_identity = 0;
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (source == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "the ICC profile cannot be read");
    cmsColorSpaceSignature space = cmsGetColorSpace(source);
    cmsUInt32Number in_type, out_type, flags = cmsFLAGS_NOCACHE;
    int gray = 0, in_channels, out_channels, intent = INTENT_RELATIVE_COLORIMETRIC;
    switch (input_format) {
    case CIMG_COLOR_INPUT_RGB8: in_type = TYPE_RGB_8; out_type = TYPE_RGB_8; in_channels = out_channels = 3; break;
    case CIMG_COLOR_INPUT_RGBA8:
        in_type = TYPE_RGBA_8; out_type = TYPE_RGBA_8; in_channels = out_channels = 4;
        flags |= cmsFLAGS_COPY_ALPHA;
        break;
    case CIMG_COLOR_INPUT_GRAY8: in_type = TYPE_GRAY_8; out_type = TYPE_GRAY_8; in_channels = out_channels = 1; gray = 1; break;
    case CIMG_COLOR_INPUT_CMYK8: in_type = TYPE_CMYK_8; out_type = TYPE_RGB_8; in_channels = 4; out_channels = 3; break;
    case CIMG_COLOR_INPUT_CMYK8_INVERTED:
        in_type = TYPE_CMYK_8_REV; out_type = TYPE_RGB_8; in_channels = 4; out_channels = 3;
        break;
    default:
        cmsCloseProfile(source);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "unknown pixel layout %d", input_format);
    }
    int expected_space = in_channels == 4 && out_channels == 3 ? cmsSigCmykData : gray ? cmsSigGrayData : cmsSigRgbData;
    if ((int)space != expected_space) {
        cmsCloseProfile(source);
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "the ICC profile does not describe these pixels");
    }
    if (expected_space == cmsSigCmykData) intent = INTENT_PERCEPTUAL;
    cmsHPROFILE destination = cimg_output_profile(gray);
    cmsHTRANSFORM transform = destination ? cmsCreateTransform(source, in_type, destination, out_type, intent, flags) : NULL;
    cmsCloseProfile(source);
    if (destination) cmsCloseProfile(destination);
    if (transform == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "no colour transform can be built from the ICC profile");
    cimg_color_transform *result = malloc(sizeof *result);
    if (result == NULL) {
        cmsDeleteTransform(transform);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    result->transform = transform;
    result->input_channels = in_channels;
    result->output_channels = out_channels;
    *is_identity = in_channels == out_channels && cimg_transform_is_identity(transform, in_channels);
    *out = result;
    return CIMG_OK;
}

void cimg_color_transform_apply(cimg_color_transform *transform, const uint8_t *input, size_t input_stride,
                                uint8_t *output, size_t output_stride, uint32_t width, uint32_t height) {
    cmsDoTransformLineStride(transform->transform, input, output, width, height, (cmsUInt32Number)input_stride,
                             (cmsUInt32Number)output_stride, 0, 0);
}

void cimg_color_transform_free(cimg_color_transform *transform) {
    if (transform == NULL) return;
    cmsDeleteTransform(transform->transform);
    free(transform);
}

int cimg_color_profile_describe(const uint8_t *icc, size_t size, cimg_color_profile_facts *facts, cimg_error *error) {
    memset(facts, 0, sizeof *facts);
    cmsHPROFILE profile = cmsOpenProfileFromMem(icc, (cmsUInt32Number)size);
    if (profile == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "the ICC profile cannot be read");
    switch (cmsGetColorSpace(profile)) {
    case cmsSigRgbData: facts->color_space = CIMG_COLOR_SPACE_RGB; break;
    case cmsSigGrayData: facts->color_space = CIMG_COLOR_SPACE_GRAY; break;
    case cmsSigCmykData: facts->color_space = CIMG_COLOR_SPACE_CMYK; break;
    default: facts->color_space = CIMG_COLOR_SPACE_OTHER; break;
    }
    facts->version = cmsGetProfileVersion(profile);
    wchar_t wide[CIMG_COLOR_DESCRIPTION_CAPACITY];
    cmsUInt32Number length = cmsGetProfileInfo(profile, cmsInfoDescription, "en", "US", wide,
                                               CIMG_COLOR_DESCRIPTION_CAPACITY);
    /* UTF-8 from wchar_t (UTF-32 on Linux), dropping what cannot be encoded. */
    size_t used = 0;
    for (cmsUInt32Number i = 0; length > 0 && i < length / sizeof(wchar_t) && wide[i] != 0; i++) {
        uint32_t code = (uint32_t)wide[i];
        uint8_t bytes[4];
        size_t count;
        if (code < 0x80) { bytes[0] = (uint8_t)code; count = 1; }
        else if (code < 0x800) { bytes[0] = 0xC0 | (code >> 6); bytes[1] = 0x80 | (code & 0x3F); count = 2; }
        else if (code < 0x10000 && (code < 0xD800 || code > 0xDFFF)) {
            bytes[0] = 0xE0 | (code >> 12); bytes[1] = 0x80 | ((code >> 6) & 0x3F); bytes[2] = 0x80 | (code & 0x3F); count = 3;
        } else if (code >= 0x10000 && code < 0x110000) {
            bytes[0] = 0xF0 | (code >> 18); bytes[1] = 0x80 | ((code >> 12) & 0x3F);
            bytes[2] = 0x80 | ((code >> 6) & 0x3F); bytes[3] = 0x80 | (code & 0x3F); count = 4;
        } else continue;
        if (used + count >= sizeof facts->description) break;
        memcpy(facts->description + used, bytes, count);
        used += count;
    }
    facts->description[used] = 0;
    cmsCloseProfile(profile);
    return CIMG_OK;
}

/* Serialises a profile into a cimg_buffer and closes it. */
static int cimg_save_profile(cmsHPROFILE profile, const char *description, cimg_buffer *output, cimg_error *error) {
    memset(output, 0, sizeof *output);
    if (profile == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "no profile could be built");
    cmsMLU *text = cmsMLUalloc(NULL, 1);
    if (text != NULL) {
        cmsMLUsetASCII(text, "en", "US", description);
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
        cmsMLUfree(text);
    }
    cmsUInt32Number size = 0;
    int status = CIMG_OK;
    if (!cmsSaveProfileToMem(profile, NULL, &size) || size == 0) {
        status = cimg_fail(error, CIMG_ERR_MEMORY, "the profile cannot be written");
    } else if ((output->data = malloc(size)) == NULL) {
        status = cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    } else if (!cmsSaveProfileToMem(profile, output->data, &size)) {
        cimg_buffer_free(output);
        status = cimg_fail(error, CIMG_ERR_MEMORY, "the profile cannot be written");
    } else {
        output->size = size;
    }
    cmsCloseProfile(profile);
    return status;
}

int cimg_color_profile_from_chromaticities(const double white[2], const double red[2], const double green[2],
                                           const double blue[2], double exponent, const char *description,
                                           cimg_buffer *output, cimg_error *error) {
    cmsCIExyY white_point = {white[0], white[1], 1.0};
    cmsCIExyYTRIPLE primaries = {{red[0], red[1], 1.0}, {green[0], green[1], 1.0}, {blue[0], blue[1], 1.0}};
    cmsToneCurve *curve = exponent > 0 ? cmsBuildGamma(NULL, exponent) : cimg_srgb_curve();
    if (curve == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white_point, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (profile == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "the chromaticities do not make a profile");
    return cimg_save_profile(profile, description, output, error);
}

/* ---- HDR signals shown as SDR ------------------------------------------ */

enum { cimg_hdr_points = 4096 };
/* Light at and below the knee is kept; above it, eased towards 1. */
static const double cimg_hdr_knee = 0.9;

/* HLG (BT.2100): the inverse OETF gives scene light E, the OOTF (its
 * gamma 1.2 at a 1000 cd/m2 peak, per channel) display light; the
 * reference white, signal 0.75, is 0.2031 of the peak. */
static double cimg_hlg_light(double signal) {
    const double a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a);
    double scene = signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12;
    double reference = pow((exp((0.75 - c) / a) + b) / 12, 1.2);
    return pow(scene, 1.2) / reference;
}

/* PQ (SMPTE ST 2084): absolute light, reference white at 203 cd/m2. */
static double cimg_pq_light(double signal) {
    const double m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128;
    const double c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32;
    double power = pow(signal, 1 / m2);
    double nits = 10000 * pow(fmax(power - c1, 0) / (c2 - c3 * power), 1 / m1);
    return nits / 203;
}

/* Light relative to SDR white, in [0, 1): above the knee the excess is
 * eased in with slope 1 at the knee, so no highlight clips to a flat white. */
static double cimg_hdr_roll_off(double light) {
    if (light <= cimg_hdr_knee) return fmax(light, 0);
    double room = 1 - cimg_hdr_knee;
    return cimg_hdr_knee + room * (1 - exp(-(light - cimg_hdr_knee) / room));
}

int cimg_color_profile_hdr(const double white[2], const double red[2], const double green[2], const double blue[2],
                           int transfer, const char *description, cimg_buffer *output, cimg_error *error) {
    if (transfer != CIMG_TRANSFER_PQ && transfer != CIMG_TRANSFER_HLG)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "transfer %d is no HDR curve", transfer);
    float table[cimg_hdr_points];
    for (int i = 0; i < cimg_hdr_points; i++) {
        double signal = (double)i / (cimg_hdr_points - 1);
        double light = transfer == CIMG_TRANSFER_HLG ? cimg_hlg_light(signal) : cimg_pq_light(signal);
        table[i] = (float)cimg_hdr_roll_off(light);
    }
    cmsToneCurve *curve = cmsBuildTabulatedToneCurveFloat(NULL, cimg_hdr_points, table);
    if (curve == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    cmsCIExyY white_point = {white[0], white[1], 1.0};
    cmsCIExyYTRIPLE primaries = {{red[0], red[1], 1.0}, {green[0], green[1], 1.0}, {blue[0], blue[1], 1.0}};
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white_point, &primaries, curves);
    cmsFreeToneCurve(curve);
    if (profile == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "the chromaticities do not make a profile");
    return cimg_save_profile(profile, description, output, error);
}

/* ---- Lab pixels (TIFF CIELab) ------------------------------------------- */

static cmsHTRANSFORM cimg_lab_transform;
static pthread_once_t cimg_lab_once = PTHREAD_ONCE_INIT;

/* Unoptimised: lcms2's precalculated 16-bit table (what Pillow's ImageCms
 * uses) is off by up to 24 levels on saturated colours and makes white
 * (254, 255, 254); the full pipeline gives what transicc's floating-point
 * path does, at about 0.2 s a megapixel (Lab pages are rare). */
static void cimg_lab_transform_make(void) {
    cmsHPROFILE lab = cmsCreateLab4Profile(NULL);   /* D50, the ICC's connection space */
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    if (lab != NULL && srgb != NULL) {
        cimg_lab_transform = cmsCreateTransform(lab, TYPE_Lab_16, srgb, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC,
                                                cmsFLAGS_NOCACHE | cmsFLAGS_NOOPTIMIZE);
    }
    if (lab != NULL) cmsCloseProfile(lab);
    if (srgb != NULL) cmsCloseProfile(srgb);
}

int cimg_color_lab_to_srgb(const uint16_t *lab, uint8_t *rgb, uint32_t count) {
    pthread_once(&cimg_lab_once, cimg_lab_transform_make);
    if (cimg_lab_transform == NULL) {
        memset(rgb, 0, (size_t)count * 3);
        return CIMG_ERR_MEMORY;
    }
    cmsDoTransform(cimg_lab_transform, lab, rgb, count);
    return CIMG_OK;
}

const char *cimg_color_lcms_version(void) {
    static char version[16];
    int value = cmsGetEncodedCMMversion();
    snprintf(version, sizeof version, "%d.%d", value / 1000, (value % 1000) / 10);
    return version;
}
