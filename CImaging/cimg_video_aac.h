/*
 * Sound that an MP4 cannot carry as it is (PCM from cameras, AMR from 3GP,
 * ALAC, MP3 ...) re-encoded to AAC with FFmpeg's own encoder, for the web
 * clips. Internal to cimg_video.c: every call returns 0 or a libav error.
 */
#ifndef CIMG_VIDEO_AAC_H
#define CIMG_VIDEO_AAC_H

#include <libavformat/avformat.h>

typedef struct cimg_aac cimg_aac;

/* A decoder for `input`'s sound and an AAC encoder (its rate when AAC has
 * it, else 48 kHz; mono or stereo), with a new stream for it in `format`. */
int cimg_aac_open(const AVStream *input, AVFormatContext *format, cimg_aac **out);

/* The stream the AAC goes into. */
AVStream *cimg_aac_stream(const cimg_aac *aac);

/* Decodes `packet` (its times in the input stream's time base, `start`
 * taken off them) and writes the AAC ready by then, interleaved. */
int cimg_aac_add(cimg_aac *aac, AVPacket *packet, int64_t start, AVFormatContext *format);

/* Flushes the decoder, the resampler and the encoder into the file. */
int cimg_aac_finish(cimg_aac *aac, AVFormatContext *format);

void cimg_aac_free(cimg_aac *aac);

#endif
