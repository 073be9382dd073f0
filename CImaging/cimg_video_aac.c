/*
 * AAC for the web clips: decode, resample to the encoder's planar float
 * (swresample), gather whole encoder frames (an audio FIFO: AAC takes 1024
 * samples a frame), encode with FFmpeg's native AAC encoder, write. Times
 * are counted in samples from the first sound kept, as ffmpeg does.
 */
#include "cimg_video_aac.h"

#include <libavcodec/avcodec.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libswresample/swresample.h>

#include "cimg_lazy_ffmpeg.h"

struct cimg_aac {
    AVCodecContext *decoder;
    AVCodecContext *encoder;
    SwrContext *resampler;
    AVAudioFifo *fifo;
    AVStream *stream;
    AVRational input_time_base;
    AVFrame *decoded;
    AVFrame *chunk;
    AVPacket *packet;
    int64_t next_pts;       /* in samples at the encoder's rate */
    int started;
};

/* The rates AAC is defined at; others are resampled to 48 kHz. */
static int cimg_aac_rate(int rate) {
    static const int rates[] = {96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000};
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++)
        if (rates[i] == rate) return rate;
    return 48000;
}

int cimg_aac_open(const AVStream *input, AVFormatContext *format, cimg_aac **out) {
    *out = NULL;
    const AVCodec *decoding = avcodec_find_decoder(input->codecpar->codec_id);
    const AVCodec *encoding = avcodec_find_encoder(AV_CODEC_ID_AAC);
    if (decoding == NULL || encoding == NULL) return AVERROR_DECODER_NOT_FOUND;
    cimg_aac *aac = calloc(1, sizeof *aac);
    if (aac == NULL) return AVERROR(ENOMEM);
    *out = aac;
    aac->input_time_base = input->time_base;
    aac->decoder = avcodec_alloc_context3(decoding);
    aac->encoder = avcodec_alloc_context3(encoding);
    aac->decoded = av_frame_alloc();
    aac->chunk = av_frame_alloc();
    aac->packet = av_packet_alloc();
    if (!aac->decoder || !aac->encoder || !aac->decoded || !aac->chunk || !aac->packet) return AVERROR(ENOMEM);
    int result = avcodec_parameters_to_context(aac->decoder, input->codecpar);
    if (result < 0) return result;
    aac->decoder->pkt_timebase = input->time_base;
    result = avcodec_open2(aac->decoder, decoding, NULL);
    if (result < 0) return result;
    if (aac->decoder->sample_rate <= 0 || aac->decoder->ch_layout.nb_channels <= 0) return AVERROR_INVALIDDATA;

    AVCodecContext *encoder = aac->encoder;
    encoder->sample_fmt = AV_SAMPLE_FMT_FLTP;
    encoder->sample_rate = cimg_aac_rate(aac->decoder->sample_rate);
    av_channel_layout_default(&encoder->ch_layout, aac->decoder->ch_layout.nb_channels >= 2 ? 2 : 1);
    encoder->bit_rate = 64000 * encoder->ch_layout.nb_channels;
    encoder->time_base = (AVRational){1, encoder->sample_rate};
    if (format->oformat->flags & AVFMT_GLOBALHEADER) encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    result = avcodec_open2(encoder, encoding, NULL);
    if (result < 0) return result;

    /* Zeroed: av_channel_layout_copy uninits its destination first, and a
       stack struct's garbage could read as a custom layout to free. */
    AVChannelLayout source_layout = {0};
    if (aac->decoder->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC)
        av_channel_layout_default(&source_layout, aac->decoder->ch_layout.nb_channels);
    else if ((result = av_channel_layout_copy(&source_layout, &aac->decoder->ch_layout)) < 0)
        return result;
    result = swr_alloc_set_opts2(&aac->resampler, &encoder->ch_layout, encoder->sample_fmt, encoder->sample_rate,
                                 &source_layout, aac->decoder->sample_fmt, aac->decoder->sample_rate, 0, NULL);
    av_channel_layout_uninit(&source_layout);
    if (result < 0) return result;
    if ((result = swr_init(aac->resampler)) < 0) return result;
    aac->fifo = av_audio_fifo_alloc(encoder->sample_fmt, encoder->ch_layout.nb_channels, encoder->frame_size);
    if (aac->fifo == NULL) return AVERROR(ENOMEM);

    aac->stream = avformat_new_stream(format, NULL);
    if (aac->stream == NULL) return AVERROR(ENOMEM);
    result = avcodec_parameters_from_context(aac->stream->codecpar, encoder);
    if (result < 0) return result;
    aac->stream->time_base = encoder->time_base;
    return 0;
}

AVStream *cimg_aac_stream(const cimg_aac *aac) {
    return aac->stream;
}

/* Writes every packet the encoder has ready. */
static int cimg_aac_drain(cimg_aac *aac, AVFormatContext *format) {
    for (;;) {
        int result = avcodec_receive_packet(aac->encoder, aac->packet);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return 0;
        if (result < 0) return result;
        aac->packet->stream_index = aac->stream->index;
        av_packet_rescale_ts(aac->packet, aac->encoder->time_base, aac->stream->time_base);
        result = av_interleaved_write_frame(format, aac->packet);
        av_packet_unref(aac->packet);
        if (result < 0) return result;
    }
}

/* Encodes the FIFO's whole frames; with `all`, the last short one too. */
static int cimg_aac_encode(cimg_aac *aac, AVFormatContext *format, int all) {
    int frame_size = aac->encoder->frame_size;
    while (av_audio_fifo_size(aac->fifo) >= frame_size || (all && av_audio_fifo_size(aac->fifo) > 0)) {
        int count = FFMIN(av_audio_fifo_size(aac->fifo), frame_size);
        av_frame_unref(aac->chunk);
        aac->chunk->nb_samples = count;
        aac->chunk->format = aac->encoder->sample_fmt;
        aac->chunk->sample_rate = aac->encoder->sample_rate;
        int result = av_channel_layout_copy(&aac->chunk->ch_layout, &aac->encoder->ch_layout);
        if (result < 0 || (result = av_frame_get_buffer(aac->chunk, 0)) < 0) return result;
        if (av_audio_fifo_read(aac->fifo, (void **)aac->chunk->data, count) < count) return AVERROR_BUG;
        aac->chunk->pts = aac->next_pts;
        aac->next_pts += count;
        if ((result = avcodec_send_frame(aac->encoder, aac->chunk)) < 0) return result;
        if ((result = cimg_aac_drain(aac, format)) < 0) return result;
    }
    return 0;
}

/* Resamples `frame` (NULL: what the resampler still holds) into the FIFO. */
static int cimg_aac_resample(cimg_aac *aac, const AVFrame *frame) {
    int capacity = swr_get_out_samples(aac->resampler, frame != NULL ? frame->nb_samples : 0);
    if (capacity < 0) return capacity;
    if (capacity == 0) return 0;
    uint8_t **planes = NULL;
    int result = av_samples_alloc_array_and_samples(&planes, NULL, aac->encoder->ch_layout.nb_channels, capacity,
                                                    aac->encoder->sample_fmt, 0);
    if (result < 0) return result;
    int made = swr_convert(aac->resampler, planes, capacity, frame != NULL ? (const uint8_t **)frame->extended_data : NULL,
                           frame != NULL ? frame->nb_samples : 0);
    result = made < 0 ? made : (made > 0 && av_audio_fifo_write(aac->fifo, (void **)planes, made) < made ? AVERROR(ENOMEM) : 0);
    av_freep(&planes[0]);
    av_freep(&planes);
    return result;
}

/* Moves every frame the decoder has ready through the resampler. */
static int cimg_aac_decode(cimg_aac *aac) {
    for (;;) {
        int result = avcodec_receive_frame(aac->decoder, aac->decoded);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return 0;
        if (result < 0) return result;
        result = cimg_aac_resample(aac, aac->decoded);
        av_frame_unref(aac->decoded);
        if (result < 0) return result;
    }
}

int cimg_aac_add(cimg_aac *aac, AVPacket *packet, int64_t start, AVFormatContext *format) {
    if (!aac->started) {
        /* The first sound kept starts where it is heard, after the first frame. */
        aac->next_pts = av_rescale_q(packet->pts - start, aac->input_time_base, aac->encoder->time_base);
        if (aac->next_pts < 0) aac->next_pts = 0;
        aac->started = 1;
    }
    int result = avcodec_send_packet(aac->decoder, packet);
    /* A damaged packet of sound is skipped, as players do. */
    if (result < 0 && result != AVERROR_INVALIDDATA) return result;
    if ((result = cimg_aac_decode(aac)) < 0 && result != AVERROR_INVALIDDATA) return result;
    return cimg_aac_encode(aac, format, 0);
}

int cimg_aac_finish(cimg_aac *aac, AVFormatContext *format) {
    if (!aac->started) return 0;
    int result = avcodec_send_packet(aac->decoder, NULL);
    if (result < 0 && result != AVERROR_EOF) return result;
    if ((result = cimg_aac_decode(aac)) < 0) return result;
    if ((result = cimg_aac_resample(aac, NULL)) < 0) return result;
    if ((result = cimg_aac_encode(aac, format, 1)) < 0) return result;
    if ((result = avcodec_send_frame(aac->encoder, NULL)) < 0) return result;
    return cimg_aac_drain(aac, format);
}

void cimg_aac_free(cimg_aac *aac) {
    if (aac == NULL) return;
    avcodec_free_context(&aac->decoder);
    avcodec_free_context(&aac->encoder);
    swr_free(&aac->resampler);
    if (aac->fifo != NULL) av_audio_fifo_free(aac->fifo);
    av_frame_free(&aac->decoded);
    av_frame_free(&aac->chunk);
    av_packet_free(&aac->packet);
    free(aac);
}
