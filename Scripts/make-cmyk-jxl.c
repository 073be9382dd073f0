/*
 * Writes a lossless CMYK JPEG XL through libjxl's encoder API, which cjxl
 * (0.7) cannot make: three colour channels holding C, M and Y, a black
 * extra channel (JXL_CHANNEL_BLACK) holding K, and a CMYK ICC profile. JPEG
 * XL stores every ink as 1 - amount (0 = full ink), as libjxl's colour
 * management reads it; this program takes ink amounts and inverts them.
 *
 * The picture, 64x48, ink amounts (C, M, Y, K) 0...255 on white paper:
 *   rows  0-15: 16-px blocks of cyan, magenta, yellow and black (255 each)
 *   rows 16-31: 16-px blocks of K 128, (64, 128, 32, 16), no ink, C 255 + K 128
 *   rows 32-47: no ink, with black (K 255) text-like bars: rows 36-37 and
 *               42-43, columns 4-59
 *
 * Usage: make-cmyk-jxl PROFILE.icc OUT.jxl [OUT.cmyk]
 * OUT.cmyk, when given, receives the inks as amounts, 4 bytes a pixel, row
 * by row (for a second transform to compare with).
 * Built by Scripts/make-cmyk-jxl.sh; see TestImages/jxl/README.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jxl/encode.h>

enum { WIDTH = 64, HEIGHT = 48 };

static void inks_at(int x, int y, unsigned char ink[4]) {
    static const unsigned char top[4][4] = {{255, 0, 0, 0}, {0, 255, 0, 0}, {0, 0, 255, 0}, {0, 0, 0, 255}};
    static const unsigned char middle[4][4] = {{0, 0, 0, 128}, {64, 128, 32, 16}, {0, 0, 0, 0}, {255, 0, 0, 128}};
    memset(ink, 0, 4);
    if (y < 16) memcpy(ink, top[x / 16], 4);
    else if (y < 32) memcpy(ink, middle[x / 16], 4);
    else if ((y == 36 || y == 37 || y == 42 || y == 43) && x >= 4 && x <= 59) ink[3] = 255;
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    unsigned char *data = malloc(1 << 20);
    *size = data ? fread(data, 1, 1 << 20, file) : 0;
    fclose(file);
    return data;
}

static int fail(const char *what) {
    fprintf(stderr, "make-cmyk-jxl: %s\n", what);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3) return fail("usage: make-cmyk-jxl PROFILE.icc OUT.jxl [OUT.cmyk]");
    size_t icc_size = 0;
    unsigned char *icc = read_file(argv[1], &icc_size);
    if (icc == NULL || icc_size == 0) return fail("cannot read the profile");

    static unsigned char cmy[WIDTH * HEIGHT * 3], black[WIDTH * HEIGHT], amounts[WIDTH * HEIGHT * 4];
    for (int y = 0; y < HEIGHT; y++) {
        for (int x = 0; x < WIDTH; x++) {
            unsigned char ink[4];
            inks_at(x, y, ink);
            size_t i = (size_t)y * WIDTH + x;
            for (int c = 0; c < 3; c++) cmy[i * 3 + c] = (unsigned char)(255 - ink[c]);
            black[i] = (unsigned char)(255 - ink[3]);
            memcpy(amounts + i * 4, ink, 4);
        }
    }

    JxlEncoder *encoder = JxlEncoderCreate(NULL);
    JxlBasicInfo info;
    JxlEncoderInitBasicInfo(&info);
    info.xsize = WIDTH;
    info.ysize = HEIGHT;
    info.bits_per_sample = 8;
    info.num_color_channels = 3;
    info.num_extra_channels = 1;
    info.uses_original_profile = JXL_TRUE;
    if (JxlEncoderSetBasicInfo(encoder, &info) != JXL_ENC_SUCCESS) return fail("basic info refused");
    JxlExtraChannelInfo channel;
    JxlEncoderInitExtraChannelInfo(JXL_CHANNEL_BLACK, &channel);
    channel.bits_per_sample = 8;
    if (JxlEncoderSetExtraChannelInfo(encoder, 0, &channel) != JXL_ENC_SUCCESS) return fail("black channel refused");
    if (JxlEncoderSetICCProfile(encoder, icc, icc_size) != JXL_ENC_SUCCESS) return fail("CMYK profile refused");
    JxlEncoderFrameSettings *settings = JxlEncoderFrameSettingsCreate(encoder, NULL);
    if (JxlEncoderSetFrameLossless(settings, JXL_TRUE) != JXL_ENC_SUCCESS) return fail("lossless refused");
    JxlPixelFormat color_format = {3, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    JxlPixelFormat black_format = {1, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    if (JxlEncoderAddImageFrame(settings, &color_format, cmy, sizeof cmy) != JXL_ENC_SUCCESS)
        return fail("colour channels refused");
    if (JxlEncoderSetExtraChannelBuffer(settings, &black_format, black, sizeof black, 0) != JXL_ENC_SUCCESS)
        return fail("black channel buffer refused");
    JxlEncoderCloseInput(encoder);

    size_t capacity = 1 << 20, used = 0;
    unsigned char *out = malloc(capacity);
    JxlEncoderStatus status = JXL_ENC_NEED_MORE_OUTPUT;
    while (status == JXL_ENC_NEED_MORE_OUTPUT) {
        unsigned char *next = out + used;
        size_t available = capacity - used;
        status = JxlEncoderProcessOutput(encoder, &next, &available);
        used = (size_t)(next - out);
        if (status == JXL_ENC_NEED_MORE_OUTPUT) return fail("more than 1 MB of output");
    }
    if (status != JXL_ENC_SUCCESS) return fail("encoding failed");
    JxlEncoderDestroy(encoder);

    FILE *file = fopen(argv[2], "wb");
    if (file == NULL || fwrite(out, 1, used, file) != used || fclose(file) != 0) return fail("cannot write the file");
    if (argc > 3) {
        file = fopen(argv[3], "wb");
        if (file == NULL || fwrite(amounts, 1, sizeof amounts, file) != sizeof amounts || fclose(file) != 0)
            return fail("cannot write the inks");
    }
    free(out);
    free(icc);
    return 0;
}
