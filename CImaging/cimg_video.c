/*
 * FFmpeg shim (libavformat, libavcodec, libswscale, libavutil): H.264 in
 * MP4 through libx264, and a reader that decodes video frames back to RGB.
 *
 * Why a shim: libav's structs, macros and option strings stay here; Swift
 * sees two opaque handles, RGB rows and cimg_error. libav returns negative
 * AVERROR codes and never aborts on bad input, but it logs to stderr; its
 * log goes through a callback that prints nothing and keeps the calling
 * thread's last error line, which becomes the message.
 *
 * The writer never opens or deletes the output itself: it writes through
 * the caller's file descriptor (a temporary the caller renames or removes),
 * and re-opens that path read-only only for the +faststart pass, which
 * moves the moov box before mdat. So a stopped process can never leave a
 * file the caller does not know of.
 */
#include "cimg_internal.h"
#include "cimg_video_aac.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
#include <libavutil/ffversion.h>

#include "cimg_lazy_ffmpeg.h"

CIMG_LAZY_DEFINE(ffmpeg);

/* The header's plain ints mirror these libav values. */
_Static_assert(CIMG_VIDEO_BT709 == AVCOL_SPC_BT709 && CIMG_VIDEO_BT709 == AVCOL_PRI_BT709
                   && CIMG_VIDEO_BT709 == AVCOL_TRC_BT709, "H.273 code points");

/* ---- Logging: silent, the last error line kept per thread -------------- */

static _Thread_local char cimg_av_last_line[CIMG_MESSAGE_CAPACITY];
static pthread_once_t cimg_av_once = PTHREAD_ONCE_INIT;

static void cimg_av_log(void *context, int level, const char *format, va_list arguments) {
    if (level > AV_LOG_ERROR) return;
    char line[CIMG_MESSAGE_CAPACITY];
    int print_prefix = 0;   /* no "[libx264 @ 0x...]" prefix */
    av_log_format_line2(context, level, format, arguments, line, sizeof line, &print_prefix);
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == ' ' || line[length - 1] == '.'))
        line[--length] = 0;
    for (char *c = line; *c; c++) if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
    if (length > 0) memcpy(cimg_av_last_line, line, length + 1);
}

static void cimg_av_initialize(void) {
    av_log_set_level(AV_LOG_ERROR);
    av_log_set_callback(cimg_av_log);
}

static void cimg_av_begin(void) {
    pthread_once(&cimg_av_once, cimg_av_initialize);
    cimg_av_last_line[0] = 0;
}

/* Fills error from a libav code: "prefix: reason" (or the reason alone), the
 * reason being libav's last error line on this thread, else the code's text. */
static int cimg_av_fail(cimg_error *error, int averror, const char *prefix) {
    char reason[CIMG_MESSAGE_CAPACITY];
    if (cimg_av_last_line[0] != 0) {
        snprintf(reason, sizeof reason, "%s", cimg_av_last_line);
    } else if (av_strerror(averror, reason, sizeof reason) < 0) {
        snprintf(reason, sizeof reason, "error %d", averror);
    }
    /* "Invalid data found" reads as "invalid data found"; "AVC ..." stays. */
    if (reason[0] >= 'A' && reason[0] <= 'Z' && !(reason[1] >= 'A' && reason[1] <= 'Z')) reason[0] += 'a' - 'A';
    int status = averror == AVERROR(ENOMEM) ? CIMG_ERR_MEMORY
               : averror == AVERROR(EINVAL) ? CIMG_ERR_ARGUMENT
               : averror == AVERROR_EOF ? CIMG_ERR_TRUNCATED
               : CIMG_ERR_CORRUPT;
    if (prefix == NULL) return cimg_fail(error, status, "%s", reason);
    return cimg_fail(error, status, "%s: %s", prefix, reason);
}

/* A write to the output failed: the system's reason ("no space left on device"). */
static int cimg_io_fail(cimg_error *error, int system_errno) {
    char reason[CIMG_MESSAGE_CAPACITY];
    snprintf(reason, sizeof reason, "%s", strerror(system_errno));
    for (char *c = reason; *c; c++) if (*c >= 'A' && *c <= 'Z') *c += 'a' - 'A';
    return cimg_fail(error, CIMG_ERR_CORRUPT, "%s", reason);
}

static enum AVPixelFormat cimg_av_pixel_format(int pixel_format) {
    switch (pixel_format) {
    case CIMG_PIXEL_GRAY8: return AV_PIX_FMT_GRAY8;
    case CIMG_PIXEL_RGB8: return AV_PIX_FMT_RGB24;
    case CIMG_PIXEL_RGBA8: return AV_PIX_FMT_RGBA;
    default: return AV_PIX_FMT_NONE;
    }
}

/* The header's: FFmpeg is loaded on first use, and --version loads none. */
const char *cimg_video_version(void) { return FFMPEG_VERSION; }

int cimg_video_require(cimg_error *error) { return cimg_lazy_require(&cimg_lazy_ffmpeg, error); }

/* ---- Writer: file output through the caller's descriptor ---------------- */

typedef struct cimg_file_io {
    int fd;
    int system_errno;   /* the errno of the last failed write, for the message */
} cimg_file_io;

static int cimg_file_write(void *opaque, uint8_t *bytes, int count) {
    cimg_file_io *io = opaque;
    int left = count;
    while (left > 0) {
        ssize_t written = write(io->fd, bytes, (size_t)left);
        if (written < 0) {
            if (errno == EINTR) continue;
            io->system_errno = errno;
            return AVERROR(errno);
        }
        bytes += written;
        left -= (int)written;
    }
    return count;
}

static int cimg_file_read(void *opaque, uint8_t *bytes, int count) {
    cimg_file_io *io = opaque;
    for (;;) {
        ssize_t got = read(io->fd, bytes, (size_t)count);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return AVERROR(errno);
        return got == 0 ? AVERROR_EOF : (int)got;
    }
}

static int64_t cimg_file_seek(void *opaque, int64_t offset, int whence) {
    cimg_file_io *io = opaque;
    if (whence == AVSEEK_SIZE) {
        struct stat status;
        return fstat(io->fd, &status) == 0 ? (int64_t)status.st_size : AVERROR(errno);
    }
    off_t at = lseek(io->fd, (off_t)offset, whence & ~AVSEEK_FORCE);
    return at < 0 ? AVERROR(errno) : (int64_t)at;
}

#define CIMG_IO_BUFFER (256 * 1024)

static AVIOContext *cimg_file_context(cimg_file_io *io, int writing) {
    uint8_t *buffer = av_malloc(CIMG_IO_BUFFER);
    if (buffer == NULL) return NULL;
    AVIOContext *context = avio_alloc_context(buffer, CIMG_IO_BUFFER, writing, io, writing ? NULL : cimg_file_read,
                                              writing ? cimg_file_write : NULL, cimg_file_seek);
    if (context == NULL) av_free(buffer);
    return context;
}

static void cimg_file_context_free(AVIOContext **context) {
    if (*context == NULL) return;
    av_freep(&(*context)->buffer);
    avio_context_free(context);
}

/* The +faststart pass re-opens the output to read it: the same path,
 * read-only, never created. Any other URL is refused. */
static int cimg_writer_io_open(AVFormatContext *format, AVIOContext **pb, const char *url, int flags,
                               AVDictionary **options) {
    (void)options;
    if (!(flags & AVIO_FLAG_READ) || (flags & AVIO_FLAG_WRITE) || url == NULL || format->url == NULL
        || strcmp(url, format->url) != 0)
        return AVERROR(EPERM);
    cimg_file_io *io = calloc(1, sizeof *io);
    if (io == NULL) return AVERROR(ENOMEM);
    io->fd = open(url, O_RDONLY | O_CLOEXEC);
    if (io->fd < 0) {
        int failure = AVERROR(errno);
        free(io);
        return failure;
    }
    *pb = cimg_file_context(io, 0);
    if (*pb == NULL) {
        close(io->fd);
        free(io);
        return AVERROR(ENOMEM);
    }
    return 0;
}

static int cimg_writer_io_close(AVFormatContext *format, AVIOContext *pb) {
    (void)format;
    if (pb == NULL) return 0;
    cimg_file_io *io = pb->opaque;
    cimg_file_context_free(&pb);
    if (io != NULL) {
        close(io->fd);
        free(io);
    }
    return 0;
}

/* ---- Writer ------------------------------------------------------------- */

/* A frame sent to the encoder whose packet has not come out yet. */
typedef struct cimg_pending_frame {
    int64_t pts;
    int64_t duration;
} cimg_pending_frame;

struct cimg_video_writer {
    AVFormatContext *format;
    AVCodecContext *codec;
    AVStream *stream;
    struct SwsContext *scaler;
    enum AVPixelFormat scaler_input;   /* the layout the scaler converts from */
    /* The picture copied, with zeroed slack after it: swscale's SIMD reads
     * a few bytes past the end of its input, and a caller's buffer ends at
     * its last pixel (valgrind: invalid reads; at a page's end, a fault). */
    uint8_t *padded;
    size_t padded_size;
    AVFrame *frame;
    AVPacket *packet;
    cimg_file_io io;
    int header_written;
    int failed;             /* after a failure only free is allowed */
    int64_t next_pts;
    int64_t frame_count;
    /* Frames in the encoder, oldest first: libx264 hands packets out with
     * pts and dts only, so each packet's duration is looked up here. */
    cimg_pending_frame *pending;
    size_t pending_count;
    size_t pending_capacity;
    /* The source whose sound goes into audio_stream, or NULL: AAC copied as
     * it is, other sound re-encoded to AAC by `aac`. */
    cimg_video_reader *audio_source;
    uint64_t sound_limit;   /* cimg_video_writer_limit_sound's mark */
    AVStream *audio_stream;
    cimg_aac *aac;
};

static int cimg_writer_copy_audio(cimg_video_writer *writer, cimg_error *error);
static int cimg_writer_add_audio_stream(cimg_video_writer *writer, cimg_video_reader *source);

static int cimg_writer_remember(cimg_video_writer *writer, int64_t pts, int64_t duration) {
    if (writer->pending_count == writer->pending_capacity) {
        size_t capacity = writer->pending_capacity ? writer->pending_capacity * 2 : 64;
        cimg_pending_frame *grown = realloc(writer->pending, capacity * sizeof *grown);
        if (grown == NULL) return AVERROR(ENOMEM);
        writer->pending = grown;
        writer->pending_capacity = capacity;
    }
    writer->pending[writer->pending_count++] = (cimg_pending_frame){pts, duration};
    return 0;
}

/* The duration of the frame with this pts, forgotten once found. */
static int64_t cimg_writer_duration(cimg_video_writer *writer, int64_t pts) {
    for (size_t index = 0; index < writer->pending_count; index++) {
        if (writer->pending[index].pts != pts) continue;
        int64_t duration = writer->pending[index].duration;
        memmove(writer->pending + index, writer->pending + index + 1,
                (writer->pending_count - index - 1) * sizeof *writer->pending);
        writer->pending_count--;
        return duration;
    }
    return 0;
}

/* Moves every packet the encoder has ready into the file. */
static int cimg_writer_drain(cimg_video_writer *writer, cimg_error *error) {
    for (;;) {
        int result = avcodec_receive_packet(writer->codec, writer->packet);
        if (result == AVERROR(EAGAIN) || result == AVERROR_EOF) return CIMG_OK;
        if (result < 0) return cimg_av_fail(error, result, "libx264");
        writer->packet->duration = cimg_writer_duration(writer, writer->packet->pts);
        writer->packet->stream_index = writer->stream->index;
        av_packet_rescale_ts(writer->packet, writer->codec->time_base, writer->stream->time_base);
        /* With sound, the muxer interleaves the two streams by time. */
        result = writer->audio_stream != NULL ? av_interleaved_write_frame(writer->format, writer->packet)
                                              : av_write_frame(writer->format, writer->packet);
        av_packet_unref(writer->packet);
        if (result < 0) {
            if (writer->io.system_errno != 0) return cimg_io_fail(error, writer->io.system_errno);
            return cimg_av_fail(error, result, NULL);
        }
    }
}

void cimg_video_writer_free(cimg_video_writer *writer) {
    if (writer == NULL) return;
    if (writer->format != NULL) {
        cimg_file_context_free(&writer->format->pb);
        avformat_free_context(writer->format);
    }
    avcodec_free_context(&writer->codec);
    cimg_aac_free(writer->aac);
    sws_freeContext(writer->scaler);
    av_free(writer->padded);
    av_frame_free(&writer->frame);
    av_packet_free(&writer->packet);
    free(writer->pending);
    free(writer);
}

static int cimg_writer_setup(cimg_video_writer *writer, const char *path, const cimg_video_writer_options *options,
                             cimg_error *error) {
    int result = avformat_alloc_output_context2(&writer->format, NULL, "mp4", path);
    if (result < 0 || writer->format == NULL) return cimg_av_fail(error, result, NULL);
    writer->format->pb = cimg_file_context(&writer->io, 1);
    if (writer->format->pb == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    writer->format->flags |= AVFMT_FLAG_CUSTOM_IO;
    writer->format->io_open = cimg_writer_io_open;
    writer->format->io_close2 = cimg_writer_io_close;

    const AVCodec *codec = avcodec_find_encoder_by_name("libx264");
    if (codec == NULL)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "this FFmpeg has no libx264 encoder");
    writer->codec = avcodec_alloc_context3(codec);
    writer->frame = av_frame_alloc();
    writer->packet = av_packet_alloc();
    if (writer->codec == NULL || writer->frame == NULL || writer->packet == NULL)
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");

    AVCodecContext *context = writer->codec;
    context->width = (int)options->width;
    context->height = (int)options->height;
    context->pix_fmt = AV_PIX_FMT_YUV420P;
    context->sample_aspect_ratio = (AVRational){1, 1};
    context->time_base = (AVRational){options->time_base_num, options->time_base_den};
    context->framerate = (AVRational){options->frame_rate_num, options->frame_rate_den};
    /* sRGB pictures as SDR video: BT.709 primaries, transfer and matrix,
     * limited range, written in the VUI and the MP4's colr box. */
    context->color_primaries = AVCOL_PRI_BT709;
    context->color_trc = AVCOL_TRC_BT709;
    context->colorspace = AVCOL_SPC_BT709;
    context->color_range = AVCOL_RANGE_MPEG;
    context->thread_count = options->threads;   /* 0: libx264 picks, as ffmpeg's "-threads auto" */
    if (writer->format->oformat->flags & AVFMT_GLOBALHEADER) context->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;

    AVDictionary *settings = NULL;
    char crf[32];
    snprintf(crf, sizeof crf, "%g", options->crf);
    av_dict_set(&settings, "crf", crf, 0);
    av_dict_set(&settings, "preset", options->preset != NULL ? options->preset : "medium", 0);
    if (options->tune != NULL && options->tune[0] != 0) av_dict_set(&settings, "tune", options->tune, 0);
    if (options->lookahead > 0) {
        char lookahead[32];
        snprintf(lookahead, sizeof lookahead, "%d", options->lookahead);
        av_dict_set(&settings, "rc-lookahead", lookahead, 0);
    }
    result = avcodec_open2(context, codec, &settings);
    av_dict_free(&settings);
    if (result < 0) return cimg_av_fail(error, result, "libx264");

    writer->stream = avformat_new_stream(writer->format, NULL);
    if (writer->stream == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    result = avcodec_parameters_from_context(writer->stream->codecpar, context);
    if (result < 0) return cimg_av_fail(error, result, NULL);
    writer->stream->time_base = context->time_base;
    writer->stream->avg_frame_rate = context->framerate;

    writer->frame->format = AV_PIX_FMT_YUV420P;
    writer->frame->width = context->width;
    writer->frame->height = context->height;
    writer->frame->color_primaries = context->color_primaries;
    writer->frame->color_trc = context->color_trc;
    writer->frame->colorspace = context->colorspace;
    writer->frame->color_range = context->color_range;
    result = av_frame_get_buffer(writer->frame, 0);
    if (result < 0) return cimg_av_fail(error, result, NULL);

    if (options->audio_source != NULL) {
        result = cimg_writer_add_audio_stream(writer, options->audio_source);
        if (result < 0) return cimg_av_fail(error, result, NULL);
    }

    /* +faststart: the moov box before mdat, so playback starts before the
     * whole file has arrived. */
    AVDictionary *muxing = NULL;
    av_dict_set(&muxing, "movflags", "+faststart+write_colr", 0);
    if (options->comment != NULL) av_dict_set(&writer->format->metadata, "comment", options->comment, 0);
    result = avformat_write_header(writer->format, &muxing);
    av_dict_free(&muxing);
    if (result < 0) {
        if (writer->io.system_errno != 0) return cimg_io_fail(error, writer->io.system_errno);
        return cimg_av_fail(error, result, NULL);
    }
    writer->header_written = 1;
    return CIMG_OK;
}

int cimg_video_writer_open(int fd, const char *path, const cimg_video_writer_options *options,
                           cimg_video_writer **out, cimg_error *error) {
    *out = NULL;
    int loaded = cimg_lazy_require(&cimg_lazy_ffmpeg, error);
    if (loaded != CIMG_OK) return loaded;
    cimg_av_begin();
    if (options == NULL || path == NULL || fd < 0)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "no output file");
    if (options->width == 0 || options->height == 0 || options->width % 2 != 0 || options->height % 2 != 0
        || options->width > 16384 || options->height > 16384)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "H.264 4:2:0 needs an even width and height up to 16384, not %ux%u",
                         options->width, options->height);
    if (options->time_base_num <= 0 || options->time_base_den <= 0 || options->frame_rate_num <= 0
        || options->frame_rate_den <= 0)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "the time base and frame rate must be positive");
    if (!(options->crf >= 0 && options->crf <= 51))
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "crf %g is outside 0-51", options->crf);
    cimg_video_writer *writer = calloc(1, sizeof *writer);
    if (writer == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    writer->io.fd = fd;
    writer->sound_limit = UINT64_MAX;
    int status = cimg_writer_setup(writer, path, options, error);
    if (status != CIMG_OK) {
        cimg_video_writer_free(writer);
        return status;
    }
    *out = writer;
    return CIMG_OK;
}

static int cimg_writer_send(cimg_video_writer *writer, int64_t duration, cimg_error *error);

int cimg_video_writer_add(cimg_video_writer *writer, const uint8_t *pixels, size_t bytes_per_row, int pixel_format,
                          int64_t duration, cimg_error *error) {
    cimg_av_begin();
    if (writer == NULL || writer->failed) return cimg_fail(error, CIMG_ERR_ARGUMENT, "the video writer has failed");
    int width = writer->codec->width, height = writer->codec->height;
    if (pixel_format == CIMG_VIDEO_PLANES_YUV420_SCALED) {
        /* Y, Cb and Cr planes already at the video's size, packed: copied as they are. */
        if (pixels == NULL || duration <= 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "invalid frame");
        int result = av_frame_make_writable(writer->frame);
        if (result < 0) {
            writer->failed = 1;
            return cimg_av_fail(error, result, "libx264");
        }
        int chroma_width = (width + 1) / 2, chroma_height = (height + 1) / 2;
        const uint8_t *at = pixels;
        av_image_copy_plane(writer->frame->data[0], writer->frame->linesize[0], at, width, width, height);
        at += (size_t)width * height;
        av_image_copy_plane(writer->frame->data[1], writer->frame->linesize[1], at, chroma_width, chroma_width, chroma_height);
        at += (size_t)chroma_width * chroma_height;
        av_image_copy_plane(writer->frame->data[2], writer->frame->linesize[2], at, chroma_width, chroma_width, chroma_height);
        return cimg_writer_send(writer, duration, error);
    }
    enum AVPixelFormat input = cimg_av_pixel_format(pixel_format);
    if (input == AV_PIX_FMT_NONE || pixels == NULL || duration <= 0 || bytes_per_row > INT32_MAX
        || bytes_per_row < (size_t)writer->codec->width * (size_t)pixel_format)
        return cimg_fail(error, CIMG_ERR_ARGUMENT, "invalid frame");
    /* The BT.709 matrix into limited range, with exact rounding and the
     * chroma of every pixel filtered down (not every other pixel's). */
    if (writer->scaler == NULL || writer->scaler_input != input) {
        sws_freeContext(writer->scaler);
        writer->scaler = sws_getContext(width, height, input, width, height, AV_PIX_FMT_YUV420P,
                                        SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INP, NULL, NULL, NULL);
        if (writer->scaler == NULL) {
            writer->failed = 1;
            return cimg_fail(error, CIMG_ERR_MEMORY, "cannot convert the frame to YUV");
        }
        const int *bt709 = sws_getCoefficients(SWS_CS_ITU709);
        sws_setColorspaceDetails(writer->scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
        writer->scaler_input = input;
    }
    int result = av_frame_make_writable(writer->frame);
    if (result < 0) {
        writer->failed = 1;
        return cimg_av_fail(error, result, "libx264");
    }
    size_t picture_size = bytes_per_row * (size_t)height;
    if (writer->padded_size < picture_size + AV_INPUT_BUFFER_PADDING_SIZE) {
        av_free(writer->padded);
        writer->padded = av_mallocz(picture_size + AV_INPUT_BUFFER_PADDING_SIZE);
        writer->padded_size = writer->padded != NULL ? picture_size + AV_INPUT_BUFFER_PADDING_SIZE : 0;
        if (writer->padded == NULL) {
            writer->failed = 1;
            return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
        }
    }
    memcpy(writer->padded, pixels, picture_size);
    const uint8_t *source[4] = {writer->padded, NULL, NULL, NULL};
    const int strides[4] = {(int)bytes_per_row, 0, 0, 0};
    sws_scale(writer->scaler, source, strides, 0, height, writer->frame->data, writer->frame->linesize);
    return cimg_writer_send(writer, duration, error);
}

/* Encodes writer->frame, filled, lasting `duration` ticks. */
static int cimg_writer_send(cimg_video_writer *writer, int64_t duration, cimg_error *error) {
    int result;
    writer->frame->pts = writer->next_pts;
    writer->frame->pkt_duration = duration;
    result = cimg_writer_remember(writer, writer->next_pts, duration);
    if (result == 0) result = avcodec_send_frame(writer->codec, writer->frame);
    if (result < 0) {
        writer->failed = 1;
        return cimg_av_fail(error, result, "libx264");
    }
    writer->next_pts += duration;
    writer->frame_count++;
    int status = cimg_writer_drain(writer, error);
    if (status == CIMG_OK) status = cimg_writer_copy_audio(writer, error);
    if (status != CIMG_OK) writer->failed = 1;
    return status;
}

void cimg_video_writer_limit_sound(cimg_video_writer *writer, uint64_t mark) {
    if (writer != NULL) writer->sound_limit = mark;
}

int cimg_video_writer_finish(cimg_video_writer *writer, cimg_error *error) {
    cimg_av_begin();
    if (writer == NULL || writer->failed) return cimg_fail(error, CIMG_ERR_ARGUMENT, "the video writer has failed");
    writer->failed = 1;   /* finished: nothing more may be added */
    writer->sound_limit = UINT64_MAX;
    if (writer->frame_count == 0) return cimg_fail(error, CIMG_ERR_ARGUMENT, "a video needs at least one frame");
    int result = avcodec_send_frame(writer->codec, NULL);
    if (result < 0) return cimg_av_fail(error, result, "libx264");
    int status = cimg_writer_drain(writer, error);
    if (status == CIMG_OK) status = cimg_writer_copy_audio(writer, error);
    if (status == CIMG_OK && writer->aac != NULL && (result = cimg_aac_finish(writer->aac, writer->format)) < 0) {
        status = writer->io.system_errno != 0 ? cimg_io_fail(error, writer->io.system_errno)
                                              : cimg_av_fail(error, result, "AAC");
    }
    if (status != CIMG_OK) return status;
    result = av_write_trailer(writer->format);
    if (result >= 0) {
        avio_flush(writer->format->pb);
        result = writer->format->pb->error;
    }
    if (result < 0) {
        if (writer->io.system_errno != 0) return cimg_io_fail(error, writer->io.system_errno);
        return cimg_av_fail(error, result, NULL);
    }
    return CIMG_OK;
}

/* ---- Reader ------------------------------------------------------------- */

struct cimg_video_reader {
    AVFormatContext *format;
    AVCodecContext *codec;
    int stream_index;
    AVPacket *packet;
    AVFrame *frame;
    struct SwsContext *scaler;
    int draining;           /* the file has ended; the decoder is being flushed */
    int ended;
    int audio_index;        /* the best audio stream, or -1 */
    int keeps_audio;        /* a writer copies its packets: they are queued as they are read */
    /* The queue is filled by the thread that reads and emptied by the one
     * that writes, which may be another (a transcode decodes ahead). */
    pthread_mutex_t audio_lock;
    uint64_t audio_first;   /* the number, counted from the first queued, of audio[0] */
    AVPacket **audio;       /* queued audio packets, oldest first */
    size_t audio_count;
    size_t audio_capacity;
    int64_t first_pts;      /* the first frame decoded, in the video stream's time base; AV_NOPTS_VALUE before */
};

static void cimg_reader_queue_audio_locked(cimg_video_reader *reader, const AVPacket *packet);

/* The most audio packets queued between two video frames (a few MB of AAC):
 * past it a file's sound is dropped, not its memory grown. */
enum { CIMG_AUDIO_QUEUE_MAX = 8192 };

static void cimg_reader_queue_audio(cimg_video_reader *reader, const AVPacket *packet) {
    pthread_mutex_lock(&reader->audio_lock);
    cimg_reader_queue_audio_locked(reader, packet);
    pthread_mutex_unlock(&reader->audio_lock);
}

static void cimg_reader_queue_audio_locked(cimg_video_reader *reader, const AVPacket *packet) {
    if (reader->audio_count == reader->audio_capacity) {
        size_t capacity = reader->audio_capacity ? reader->audio_capacity * 2 : 64;
        if (capacity > CIMG_AUDIO_QUEUE_MAX) {
            reader->keeps_audio = 0;
            return;
        }
        AVPacket **grown = realloc(reader->audio, capacity * sizeof *grown);
        if (grown == NULL) {
            reader->keeps_audio = 0;
            return;
        }
        reader->audio = grown;
        reader->audio_capacity = capacity;
    }
    AVPacket *copy = av_packet_clone(packet);
    if (copy == NULL) {
        reader->keeps_audio = 0;
        return;
    }
    reader->audio[reader->audio_count++] = copy;
}

static int cimg_writer_add_audio_stream(cimg_video_writer *writer, cimg_video_reader *source) {
    if (source->audio_index < 0) return 0;
    const AVStream *input = source->format->streams[source->audio_index];
    /* AAC goes into an MP4 as it is; other sound (a camera's PCM, 3GP's AMR,
     * ALAC) is re-encoded to AAC, or left out when FFmpeg cannot decode it. */
    if (input->codecpar->codec_id != AV_CODEC_ID_AAC) {
        unsigned int streams = writer->format->nb_streams;
        int result = cimg_aac_open(input, writer->format, &writer->aac);
        if (result < 0) {
            cimg_aac_free(writer->aac);
            writer->aac = NULL;
            /* Its stream is added last: a failure after it (out of memory) fails the clip. */
            return writer->format->nb_streams > streams ? result : 0;
        }
        writer->audio_stream = cimg_aac_stream(writer->aac);
        writer->audio_source = source;
        source->keeps_audio = 1;
        return 0;
    }
    AVStream *stream = avformat_new_stream(writer->format, NULL);
    if (stream == NULL) return AVERROR(ENOMEM);
    int result = avcodec_parameters_copy(stream->codecpar, input->codecpar);
    if (result < 0) return result;
    stream->codecpar->codec_tag = 0;
    stream->time_base = input->time_base;
    writer->audio_stream = stream;
    writer->audio_source = source;
    source->keeps_audio = 1;
    return 0;
}

/* Writes the source's queued sound, its times moved so that the first video
 * frame decoded is time 0 (sound before it is dropped). */
static int cimg_writer_copy_audio(cimg_video_writer *writer, cimg_error *error) {
    cimg_video_reader *source = writer->audio_source;
    if (source == NULL || writer->audio_stream == NULL) return CIMG_OK;
    /* The packets before the limit are taken from the queue, and written outside the lock. */
    pthread_mutex_lock(&source->audio_lock);
    size_t count = source->audio_count;
    if (writer->sound_limit < source->audio_first + count) {
        count = writer->sound_limit > source->audio_first ? (size_t)(writer->sound_limit - source->audio_first) : 0;
    }
    AVPacket **queued = count > 0 ? malloc(count * sizeof *queued) : NULL;
    if (queued != NULL) {
        memcpy(queued, source->audio, count * sizeof *queued);
        memmove(source->audio, source->audio + count, (source->audio_count - count) * sizeof *queued);
        source->audio_count -= count;
        source->audio_first += count;
    }
    pthread_mutex_unlock(&source->audio_lock);
    if (count == 0) return CIMG_OK;
    if (queued == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    const AVStream *input = source->format->streams[source->audio_index];
    const AVStream *video = source->format->streams[source->stream_index];
    int64_t start = source->first_pts == AV_NOPTS_VALUE ? 0 : av_rescale_q(source->first_pts, video->time_base, input->time_base);
    int status = CIMG_OK;
    for (size_t index = 0; index < count; index++) {
        AVPacket *packet = queued[index];
        if (status == CIMG_OK && packet->pts != AV_NOPTS_VALUE && packet->pts >= start && writer->aac != NULL) {
            int result = cimg_aac_add(writer->aac, packet, start, writer->format);
            if (result < 0) {
                status = writer->io.system_errno != 0 ? cimg_io_fail(error, writer->io.system_errno)
                                                      : cimg_av_fail(error, result, "AAC");
            }
        } else if (status == CIMG_OK && packet->pts != AV_NOPTS_VALUE && packet->pts >= start) {
            packet->pts -= start;
            if (packet->dts != AV_NOPTS_VALUE) packet->dts -= start;
            packet->stream_index = writer->audio_stream->index;
            packet->pos = -1;
            av_packet_rescale_ts(packet, input->time_base, writer->audio_stream->time_base);
            int result = av_interleaved_write_frame(writer->format, packet);
            if (result < 0) {
                status = writer->io.system_errno != 0 ? cimg_io_fail(error, writer->io.system_errno)
                                                      : cimg_av_fail(error, result, NULL);
            }
        }
        av_packet_free(&queued[index]);
    }
    free(queued);
    return status;
}

void cimg_video_reader_free(cimg_video_reader *reader) {
    if (reader == NULL) return;
    avcodec_free_context(&reader->codec);
    avformat_close_input(&reader->format);
    av_packet_free(&reader->packet);
    av_frame_free(&reader->frame);
    sws_freeContext(reader->scaler);
    for (size_t index = 0; index < reader->audio_count; index++) av_packet_free(&reader->audio[index]);
    free(reader->audio);
    pthread_mutex_destroy(&reader->audio_lock);
    free(reader);
}

/* The display matrix's turn, as degrees clockwise that make a frame
 * upright (what players apply): 0, 90, 180 or 270; 0 without a matrix. */
static int cimg_stream_rotation(const AVStream *stream) {
    const int32_t *matrix = NULL;
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    const AVPacketSideData *side = av_packet_side_data_get(stream->codecpar->coded_side_data,
                                                           stream->codecpar->nb_coded_side_data,
                                                           AV_PKT_DATA_DISPLAYMATRIX);
    if (side != NULL && side->size >= 9 * sizeof(int32_t)) matrix = (const int32_t *)side->data;
#else
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (data != NULL && size >= 9 * sizeof(int32_t)) matrix = (const int32_t *)data;
#endif
    if (matrix == NULL) return 0;
    double counterclockwise = av_display_rotation_get(matrix);
    if (counterclockwise != counterclockwise) return 0;   /* NaN: a degenerate matrix */
    long clockwise = lround(-counterclockwise / 90.0) * 90;
    clockwise %= 360;
    if (clockwise < 0) clockwise += 360;
    return (int)clockwise;
}

/* Whether the container left a video stream's codec or size unknown, which
 * only probing (decoding a few frames) finds. */
static int cimg_needs_probe(const AVFormatContext *format) {
    for (unsigned index = 0; index < format->nb_streams; index++) {
        const AVCodecParameters *parameters = format->streams[index]->codecpar;
        if (parameters->codec_type == AVMEDIA_TYPE_VIDEO
            && (parameters->codec_id == AV_CODEC_ID_NONE || parameters->width <= 0 || parameters->height <= 0))
            return 1;
    }
    return 0;
}

static int cimg_reader_setup(cimg_video_reader *reader, const char *path, int64_t start, int64_t end, int quick,
                             int threads, int64_t max_pixels, cimg_video_info *info, cimg_error *error) {
    reader->format = avformat_alloc_context();
    if (reader->format == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    /* Local files only: a hostile file cannot make the demuxer open URLs.
     * The path is given as a file: URL, so that a name like "a:b.mov" is
     * never taken for a protocol; a part of a file (a motion photo's video)
     * is read through the subfile protocol. */
    size_t url_size = strlen(path) + 96;
    char *url = malloc(url_size);
    if (url == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    if (end > start) {
        snprintf(url, url_size, "subfile,,start,%lld,end,%lld,,:file:%s", (long long)start, (long long)end, path);
    } else {
        snprintf(url, url_size, "file:%s", path);
    }
    AVDictionary *settings = NULL;
    av_dict_set(&settings, "protocol_whitelist", end > start ? "subfile,file" : "file", 0);
    const AVInputFormat *mp4 = av_find_input_format("mov");
    int result = avformat_open_input(&reader->format, url, mp4, &settings);
    av_dict_free(&settings);
    free(url);
    if (result < 0) return cimg_av_fail(error, result, NULL);
    /* Probing decodes a few frames (with the pixel limit too); a quick open
     * takes what an MP4's sample descriptions say when they say enough. */
    unsigned streams = quick && !cimg_needs_probe(reader->format) ? 0 : reader->format->nb_streams;
    AVDictionary **probing = streams > 0 ? calloc(streams, sizeof *probing) : NULL;
    if (streams > 0 && probing == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    for (unsigned index = 0; index < streams && max_pixels > 0; index++)
        av_dict_set_int(&probing[index], "max_pixels", max_pixels, 0);
    result = streams > 0 ? avformat_find_stream_info(reader->format, probing) : 0;
    for (unsigned index = 0; index < streams; index++) av_dict_free(&probing[index]);
    free(probing);
    if (result < 0) return cimg_av_fail(error, result, NULL);
    const AVCodec *decoder = NULL;
    result = av_find_best_stream(reader->format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (result < 0 || decoder == NULL) return cimg_fail(error, CIMG_ERR_CORRUPT, "the file has no video stream it can decode");
    reader->stream_index = result;
    AVStream *stream = reader->format->streams[result];
    AVCodecParameters *parameters = stream->codecpar;
    if (parameters->width <= 0 || parameters->height <= 0)
        return cimg_fail(error, CIMG_ERR_CORRUPT, "the video has no size");
    info->width = (uint32_t)parameters->width;
    info->height = (uint32_t)parameters->height;
    info->frame_count = stream->nb_frames > 0 ? stream->nb_frames : 0;
    info->time_base_num = stream->time_base.num;
    info->time_base_den = stream->time_base.den;
    info->duration = stream->duration != AV_NOPTS_VALUE ? stream->duration : 0;
    info->frame_rate_num = stream->avg_frame_rate.num;
    info->frame_rate_den = stream->avg_frame_rate.den;
    info->color_primaries = parameters->color_primaries;
    info->color_transfer = parameters->color_trc;
    info->color_matrix = parameters->color_space;
    info->full_range = parameters->color_range == AVCOL_RANGE_JPEG;
    info->chroma_420 = parameters->format == AV_PIX_FMT_YUV420P || parameters->format == AV_PIX_FMT_YUVJ420P;
    snprintf(info->codec, sizeof info->codec, "%s", decoder->name);
    info->rotation = cimg_stream_rotation(stream);
    reader->audio_index = av_find_best_stream(reader->format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0);
    if (reader->audio_index < 0) reader->audio_index = -1;
    info->has_audio = reader->audio_index >= 0;
    if (info->has_audio) {
        enum AVCodecID sound = reader->format->streams[reader->audio_index]->codecpar->codec_id;
        info->audio_plays_in_browsers = sound == AV_CODEC_ID_AAC || sound == AV_CODEC_ID_MP3 || sound == AV_CODEC_ID_OPUS
                                        || sound == AV_CODEC_ID_FLAC;
    }
    /* avcC: version 1, then profile_idc (read without decoding, for the quick reader too). */
    if (parameters->codec_id == AV_CODEC_ID_H264 && parameters->extradata_size >= 4 && parameters->extradata[0] == 1)
        info->h264_profile = parameters->extradata[1];
    reader->first_pts = AV_NOPTS_VALUE;
    int64_t container_duration = reader->format->duration;
    info->container_seconds = container_duration > 0 && container_duration != AV_NOPTS_VALUE
                                  ? (double)container_duration / AV_TIME_BASE : 0;
    /* Checked here, before libavcodec allocates anything for a frame. */
    if (max_pixels > 0 && (int64_t)info->width * info->height > max_pixels)
        return cimg_fail(error, CIMG_ERR_LIMIT, "frames of %ux%u are above the limit of %lld pixels", info->width,
                         info->height, (long long)max_pixels);

    reader->codec = avcodec_alloc_context3(decoder);
    reader->packet = av_packet_alloc();
    reader->frame = av_frame_alloc();
    if (reader->codec == NULL || reader->packet == NULL || reader->frame == NULL)
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    result = avcodec_parameters_to_context(reader->codec, stream->codecpar);
    if (result < 0) return cimg_av_fail(error, result, NULL);
    reader->codec->thread_count = threads;
    /* A quick reader wants one frame soon: frame threads would decode one
     * more before giving the first; slices (HEVC's wavefronts) do not. */
    if (quick) reader->codec->thread_type = FF_THREAD_SLICE;
    if (max_pixels > 0) reader->codec->max_pixels = max_pixels;
    reader->codec->pkt_timebase = stream->time_base;
    result = avcodec_open2(reader->codec, decoder, NULL);
    if (result < 0) return cimg_av_fail(error, result, NULL);

    return CIMG_OK;
}

int cimg_video_reader_open(const char *path, int threads, int64_t max_pixels, cimg_video_reader **out,
                           cimg_video_info *info, cimg_error *error) {
    return cimg_video_reader_open_part(path, 0, 0, 0, threads, max_pixels, out, info, error);
}

int cimg_video_reader_open_part(const char *path, int64_t start, int64_t end, int quick, int threads, int64_t max_pixels,
                                cimg_video_reader **out, cimg_video_info *info, cimg_error *error) {
    *out = NULL;
    memset(info, 0, sizeof *info);
    int loaded = cimg_lazy_require(&cimg_lazy_ffmpeg, error);
    if (loaded != CIMG_OK) return loaded;
    cimg_av_begin();
    cimg_video_reader *reader = calloc(1, sizeof *reader);
    if (reader == NULL) return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    pthread_mutex_init(&reader->audio_lock, NULL);
    int status = cimg_reader_setup(reader, path, start, end, quick, threads, max_pixels, info, error);
    if (status != CIMG_OK) {
        cimg_video_reader_free(reader);
        return status;
    }
    *out = reader;
    return CIMG_OK;
}

/* Decodes the next frame into reader->frame: 1, or 0 at the end. */
static int cimg_reader_decode(cimg_video_reader *reader, cimg_error *error) {
    for (;;) {
        int result = avcodec_receive_frame(reader->codec, reader->frame);
        if (result == 0) return 1;
        if (result == AVERROR_EOF) return 0;
        if (result != AVERROR(EAGAIN)) return -cimg_av_fail(error, result, NULL);
        if (reader->draining) return 0;
        result = av_read_frame(reader->format, reader->packet);
        if (result == AVERROR_EOF) {
            reader->draining = 1;
            result = avcodec_send_packet(reader->codec, NULL);
        } else if (result < 0) {
            return -cimg_av_fail(error, result, NULL);
        } else {
            if (reader->packet->stream_index == reader->stream_index)
                result = avcodec_send_packet(reader->codec, reader->packet);
            else if (reader->keeps_audio && reader->packet->stream_index == reader->audio_index)
                cimg_reader_queue_audio(reader, reader->packet);
            av_packet_unref(reader->packet);
        }
        if (result < 0 && result != AVERROR_EOF) return -cimg_av_fail(error, result, NULL);
    }
}

int cimg_video_reader_next(cimg_video_reader *reader, int output, uint8_t *pixels, size_t bytes_per_row,
                           cimg_video_frame_info *frame_info, cimg_error *error) {
    AVCodecParameters *parameters = reader->format->streams[reader->stream_index]->codecpar;
    return cimg_video_reader_next_scaled(reader, output, (uint32_t)parameters->width, (uint32_t)parameters->height,
                                         pixels, bytes_per_row, frame_info, error);
}

int cimg_video_reader_next_scaled(cimg_video_reader *reader, int output, uint32_t width, uint32_t height,
                                  uint8_t *pixels, size_t bytes_per_row, cimg_video_frame_info *frame_info,
                                  cimg_error *error) {
    cimg_av_begin();
    memset(frame_info, 0, sizeof *frame_info);
    if (reader->ended) return CIMG_OK;
    int decoded = cimg_reader_decode(reader, error);
    if (decoded < 0) {
        reader->ended = 1;
        return -decoded;
    }
    if (decoded == 0) {
        reader->ended = 1;
        return CIMG_OK;
    }
    AVFrame *frame = reader->frame;
    AVCodecParameters *parameters = reader->format->streams[reader->stream_index]->codecpar;
    int status = CIMG_OK;
    if (frame->width != parameters->width || frame->height != parameters->height) {
        status = cimg_fail(error, CIMG_ERR_CORRUPT, "a frame is %dx%d in a %dx%d video", frame->width, frame->height,
                           parameters->width, parameters->height);
    } else if (output == CIMG_VIDEO_PLANES_YUV420_SCALED) {
        /* Scaled (bicubic, with the default rounding, as ffmpeg's scale
         * filter: SWS_ACCURATE_RND would leave swscale's SIMD paths for
         * nothing a viewer sees) into 8-bit 4:2:0 of the same matrix,
         * limited range, packed as below. */
        if (width == 0 || height == 0 || width > (uint32_t)frame->width || height > (uint32_t)frame->height) {
            status = cimg_fail(error, CIMG_ERR_ARGUMENT, "a %ux%u picture cannot be made from a %dx%d frame", width,
                               height, frame->width, frame->height);
        } else {
            reader->scaler = sws_getCachedContext(reader->scaler, frame->width, frame->height, frame->format, (int)width,
                                                  (int)height, AV_PIX_FMT_YUV420P, SWS_BICUBIC, NULL,
                                                  NULL, NULL);
            if (reader->scaler == NULL) {
                status = cimg_fail(error, CIMG_ERR_CORRUPT, "cannot scale the video's pictures");
            } else {
                int full_range = frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P
                                 || frame->format == AV_PIX_FMT_YUVJ422P || frame->format == AV_PIX_FMT_YUVJ444P;
                const int *matrix = sws_getCoefficients(frame->colorspace);
                sws_setColorspaceDetails(reader->scaler, matrix, full_range, matrix, 0, 0, 1 << 16, 1 << 16);
                int chroma_width = ((int)width + 1) / 2, chroma_height = ((int)height + 1) / 2;
                uint8_t *planes[4] = {pixels, pixels + (size_t)width * height,
                                      pixels + (size_t)width * height + (size_t)chroma_width * chroma_height, NULL};
                int strides[4] = {(int)width, chroma_width, chroma_width, 0};
                sws_scale(reader->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height, planes,
                          strides);
            }
        }
    } else if (output == CIMG_VIDEO_PLANES_YUV420) {
        /* The planes as coded: Y (width x height), then Cb and Cr (half size, rounded up), packed. */
        if (frame->format != AV_PIX_FMT_YUV420P && frame->format != AV_PIX_FMT_YUVJ420P) {
            status = cimg_fail(error, CIMG_ERR_ARGUMENT, "the video is not 8-bit 4:2:0");
        } else {
            int chroma_width = (frame->width + 1) / 2, chroma_height = (frame->height + 1) / 2;
            uint8_t *at = pixels;
            av_image_copy_plane(at, frame->width, frame->data[0], frame->linesize[0], frame->width, frame->height);
            at += (size_t)frame->width * frame->height;
            av_image_copy_plane(at, chroma_width, frame->data[1], frame->linesize[1], chroma_width, chroma_height);
            at += (size_t)chroma_width * chroma_height;
            av_image_copy_plane(at, chroma_width, frame->data[2], frame->linesize[2], chroma_width, chroma_height);
        }
    } else if ((output == CIMG_PIXEL_RGB8 || output == CIMG_PIXEL_RGBA8)
               && (width == 0 || height == 0 || width > (uint32_t)frame->width || height > (uint32_t)frame->height)) {
        status = cimg_fail(error, CIMG_ERR_ARGUMENT, "a %ux%u picture cannot be made from a %dx%d frame", width, height,
                           frame->width, frame->height);
    } else if ((output == CIMG_PIXEL_RGB8 || output == CIMG_PIXEL_RGBA8)
               && (bytes_per_row < (size_t)width * (size_t)output || bytes_per_row > INT32_MAX)) {
        status = cimg_fail(error, CIMG_ERR_ARGUMENT, "the rows are too short for the frame");
    } else if (output == CIMG_PIXEL_RGB8 || output == CIMG_PIXEL_RGBA8) {
        enum AVPixelFormat target = cimg_av_pixel_format(output);
        /* Chroma interpolated for every pixel, exact rounding; the matrix
         * and range the stream declares (untagged: BT.601, as players do). */
        int shrinks = width < (uint32_t)frame->width || height < (uint32_t)frame->height;
        reader->scaler = sws_getCachedContext(reader->scaler, frame->width, frame->height, frame->format, (int)width,
                                              (int)height, target,
                                              (shrinks ? SWS_AREA : SWS_BICUBIC) | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT,
                                              NULL, NULL, NULL);
        if (reader->scaler == NULL) {
            status = cimg_fail(error, CIMG_ERR_CORRUPT, "cannot convert the video's pixels to RGB");
        } else {
            int full_range = frame->color_range == AVCOL_RANGE_JPEG || frame->format == AV_PIX_FMT_YUVJ420P
                             || frame->format == AV_PIX_FMT_YUVJ422P || frame->format == AV_PIX_FMT_YUVJ444P;
            const int *matrix = sws_getCoefficients(frame->colorspace);
            sws_setColorspaceDetails(reader->scaler, matrix, full_range, sws_getCoefficients(SWS_CS_DEFAULT), 1, 0,
                                     1 << 16, 1 << 16);
            uint8_t *target_planes[4] = {pixels, NULL, NULL, NULL};
            int target_strides[4] = {(int)bytes_per_row, 0, 0, 0};
            sws_scale(reader->scaler, (const uint8_t *const *)frame->data, frame->linesize, 0, frame->height,
                      target_planes, target_strides);
        }
    } else {
        status = cimg_fail(error, CIMG_ERR_ARGUMENT, "unknown output layout");
    }
    if (status == CIMG_OK) {
        frame_info->decoded = 1;
        if (reader->first_pts == AV_NOPTS_VALUE) {
            reader->first_pts = frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
        }
        frame_info->pts = frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
        frame_info->duration = frame->pkt_duration;
    }
    pthread_mutex_lock(&reader->audio_lock);
    frame_info->sound_mark = reader->audio_first + reader->audio_count;
    pthread_mutex_unlock(&reader->audio_lock);
    av_frame_unref(frame);
    return status;
}

int cimg_video_reader_seek(cimg_video_reader *reader, int64_t ticks, int forward, cimg_error *error) {
    cimg_av_begin();
    int result = av_seek_frame(reader->format, reader->stream_index, ticks, forward ? 0 : AVSEEK_FLAG_BACKWARD);
    if (result < 0) return cimg_av_fail(error, result, NULL);
    avcodec_flush_buffers(reader->codec);
    reader->draining = 0;
    reader->ended = 0;
    return CIMG_OK;
}

void cimg_video_reader_key_frames_only(cimg_video_reader *reader, int on) {
    reader->codec->skip_frame = on ? AVDISCARD_NONKEY : AVDISCARD_DEFAULT;
}

static void cimg_append_tags(cimg_growable *tags, const AVDictionary *dictionary, size_t limit) {
    const AVDictionaryEntry *entry = NULL;
    while ((entry = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX)) != NULL) {
        size_t key = strlen(entry->key) + 1, value = strlen(entry->value) + 1;
        if (tags->size + key + value > limit) return;
        cimg_growable_append(tags, (const uint8_t *)entry->key, key);
        cimg_growable_append(tags, (const uint8_t *)entry->value, value);
    }
}

int cimg_video_reader_tags(cimg_video_reader *reader, size_t limit, cimg_buffer *output, cimg_error *error) {
    output->data = NULL;
    output->size = 0;
    cimg_growable tags = {0};
    cimg_append_tags(&tags, reader->format->metadata, limit);
    cimg_append_tags(&tags, reader->format->streams[reader->stream_index]->metadata, limit);
    if (tags.failed) {
        free(tags.data);
        return cimg_fail(error, CIMG_ERR_MEMORY, "out of memory");
    }
    output->data = tags.data;
    output->size = tags.size;
    return CIMG_OK;
}
