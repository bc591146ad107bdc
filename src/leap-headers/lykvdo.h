/**
 * @file lykvdo.h
 * @brief Take raw and encoded video frames from the image pipeline as continuous streams.
 * @library liblykvdo
 * @since 3.3
 *
 * A stream delivers frames of one video channel at the size, format and frame rate the
 * application asks for. The image pipeline scales and converts in hardware, so a stream
 * opened at a model's input size in `LYKVDO_FORMAT_RGB` hands out frames that can be passed
 * to an inference call without any work on the CPU. Raw frames come as NV12 or interleaved
 * RGB; encoded streams deliver H.264 or H.265 access units.
 *
 * Open a stream once with lykvdo_stream_open(), take frames in a loop with
 * lykvdo_stream_get_frame(), release each frame with lykvdo_frame_free() as soon as it is
 * processed, and close the stream with lykvdo_stream_close(). Every stream owns a small pool
 * of buffers: a frame the application holds is a buffer the pipeline cannot fill, so a
 * program that keeps frames stalls its own stream.
 *
 * Since LEAP 4.6 (LyktaOS 11.0), frames on LykChip 8 products share memory with the image
 * pipeline instead of being copied (zero-copy buffers). That memory is mapped read-only:
 * writing into it ends the process with `SIGSEGV`. Copy the frame first, or draw into the
 * video with `liblykoverlay`. LykChip 7 products still copy; the interface is the same.
 *
 * Opening a stream needs the `video` group. Manifests of schema v1.0 to v1.2 get it
 * implicitly; from schema v1.3 the application gets exactly the groups listed in
 * `resources.groups`, and without `video` lykvdo_stream_open() returns `-EACCES`.
 *
 * Channels are numbered from 1, like the `videoChannels` list of the Basic Device Info
 * API. Most cameras have one channel; the M40 has one per sensor (1 to 4) plus the stitched
 * panorama (5). Read the list at run time
 * instead of assuming channel 1 only.
 *
 * The library has no callbacks. lykvdo_stream_get_frame() blocks for up to its timeout;
 * call it from a worker thread, or with short timeouts, if the same thread runs a GLib
 * main loop.
 *
 * @threadsafety A stream is used by one thread at a time; different streams may be used
 * from different threads concurrently. A frame may be read and freed in any thread, also
 * after it was handed to another thread than the one that took it.
 */
#ifndef LYKVDO_H
#define LYKVDO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief An open frame stream of one video channel.
 *
 * Opaque; obtained from lykvdo_stream_open() and released with lykvdo_stream_close().
 * @since 3.3
 */
typedef struct lykvdo_stream lykvdo_stream_t;

/**
 * @brief One frame taken from a stream.
 *
 * Opaque; obtained from lykvdo_stream_get_frame() and released with lykvdo_frame_free().
 * @since 3.3
 */
typedef struct lykvdo_frame lykvdo_frame_t;

/**
 * @brief Pixel or coding format of a stream.
 * @since 3.3
 */
typedef enum {
    LYKVDO_FORMAT_NV12 = 0, /**< Raw YUV 4:2:0: a full-resolution Y plane followed by an interleaved
                                 half-resolution UV plane. Rows may be padded; see lykvdo_frame_stride(). */
    LYKVDO_FORMAT_RGB = 1,  /**< Raw interleaved 8-bit RGB, three bytes per pixel in the order R, G, B,
                                 rows without padding. The layout of an NHWC uint8 tensor. */
    LYKVDO_FORMAT_H264 = 2, /**< H.264 access units in Annex B byte-stream format. */
    LYKVDO_FORMAT_H265 = 3, /**< H.265 access units in Annex B byte-stream format. */
} lykvdo_format_t;

/**
 * @brief What a stream should deliver, given to lykvdo_stream_open().
 *
 * Initialise it with designated initializers so that members you do not set are zero.
 * @since 3.3
 */
typedef struct {
    unsigned channel;       /**< Video channel, from 1. */
    unsigned width;         /**< Frame width in pixels, at most the channel's maximum. Even for NV12 and
                                 the encoded formats. */
    unsigned height;        /**< Frame height in pixels, at most the channel's maximum. Even for NV12 and
                                 the encoded formats. */
    lykvdo_format_t format; /**< Pixel or coding format. */
    unsigned framerate;     /**< Frames per second the application wants; 0 takes the channel's capture
                                 rate. The pipeline delivers the nearest rate it supports that is not
                                 higher. */
} lykvdo_stream_settings_t;

/**
 * @brief Lens model of the intrinsics returned by lykvdo_stream_get_intrinsics().
 * @since 12.2
 */
typedef enum {
    LYKVDO_LENS_PINHOLE = 0, /**< Pinhole with Brown-Conrady distortion: `dist` holds k1, k2, p1, p2, k3. */
    LYKVDO_LENS_FISHEYE = 1, /**< Equidistant fisheye: `dist` holds k1, k2, k3, k4; `dist[4]` is 0. */
} lykvdo_lens_model_t;

/**
 * @brief Lens intrinsics of a stream, in pixels of that stream.
 *
 * The values are already scaled, cropped and rotated to the stream's resolution and
 * orientation. The coefficient order is OpenCV's. The values come from Lykta's design
 * data for the camera model (and, on the F52-LV, the selected lens profile); they are not
 * measured per unit.
 * @since 12.2
 */
typedef struct {
    lykvdo_lens_model_t model; /**< Lens model; decides the meaning of `dist`. */
    unsigned width;            /**< Width in pixels the values refer to (the stream's width). */
    unsigned height;           /**< Height in pixels the values refer to (the stream's height). */
    double fx;                 /**< Horizontal focal length in pixels. */
    double fy;                 /**< Vertical focal length in pixels. */
    double cx;                 /**< Horizontal position of the principal point in pixels. */
    double cy;                 /**< Vertical position of the principal point in pixels. */
    double dist[5];            /**< Distortion coefficients in the order of `model`; all 0 when
                                    `rectified` is true. */
    bool rectified;            /**< True when the image pipeline has already removed the distortion,
                                    for example because a lens profile with distortion correction is
                                    active. */
} lykvdo_intrinsics_t;

/**
 * @brief Opens a frame stream on a video channel.
 *
 * The stream starts at once; frames that the application does not take in time are dropped
 * by the pipeline, which shows as a gap in lykvdo_frame_sequence(). Encoded streams use the
 * encoder settings of the device's default stream profile and start with a key frame.
 *
 * @param settings Channel, size, format and frame rate; copied, so it need not outlive the call.
 * @param[out] stream Receives the new stream; close it with lykvdo_stream_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EACCES The application's user is not in the `video` group: a manifest of schema v1.3 or
 * later that does not list `video` in `resources.groups`.
 * @retval -ENODEV No video channel has that number on this product.
 * @retval -EINVAL A size of zero, above the channel's maximum or odd where the format needs it, an
 * unknown format, or a NULL argument.
 * @retval -ENOTSUP The channel does not offer the format, for example an encoded format on a
 * channel without an encoder for it.
 * @retval -EBUSY The image pipeline has no capacity left for another stream of this size and
 * frame rate; close other streams or ask for less.
 * @threadsafety Safe to call from any thread.
 * @since 3.3
 */
int lykvdo_stream_open(const lykvdo_stream_settings_t *settings, lykvdo_stream_t **stream);

/**
 * @brief Takes the next frame of a stream, waiting for it if necessary.
 *
 * Returns the oldest frame the application has not taken yet. Release it with
 * lykvdo_frame_free() as soon as you are done; the stream's buffer pool is small. Since
 * LEAP 4.6 on LykChip 8 (LyktaOS 11.0), the frame's memory is the pipeline's own buffer
 * (zero-copy) and is mapped read-only.
 *
 * After the pipeline was reconfigured under the stream, for example because an
 * administrator changed the rotation or the capture mode (from LyktaOS 12.2 also the lens
 * profile), the call fails with `-EPIPE`: close the stream, open it again, and read any
 * lens data again.
 *
 * @param stream From lykvdo_stream_open().
 * @param timeout_ms Longest wait in milliseconds; 0 returns at once, a negative value waits
 * without limit.
 * @param[out] frame Receives the frame; release it with lykvdo_frame_free().
 * @return 0 on success, or a negative errno value.
 * @retval -ETIMEDOUT No frame arrived within `timeout_ms`. Normal at low frame rates; call again.
 * @retval -ENOBUFS The application holds every buffer of the stream's pool; free frames first.
 * @retval -EPIPE The stream was invalidated by a reconfiguration of the pipeline; re-open it.
 * @retval -EINVAL A NULL argument.
 * @threadsafety One thread per stream at a time.
 * @since 3.3
 */
int lykvdo_stream_get_frame(lykvdo_stream_t *stream, int timeout_ms, lykvdo_frame_t **frame);

/**
 * @brief Reads the lens intrinsics of a stream.
 *
 * The values refer to the stream as opened: its resolution, crop and rotation. On cameras
 * with a zoom lens, such as the F34 and the Q61, the focal length follows the zoom
 * position; read the intrinsics again after every zoom change. They are also invalidated,
 * together with the stream, when an administrator changes the lens profile.
 *
 * @param stream From lykvdo_stream_open(); any format.
 * @param[out] intrinsics Filled in on success; left unchanged on failure.
 * @return 0 on success, or a negative errno value.
 * @retval -ENODATA No lens data for this channel, for example an F52-LV with the `generic` lens
 * profile. Select the right profile or calibrate the unit yourself.
 * @retval -ENOTSUP The channel has no single lens: the stitched panorama of an M40 or a dewarped
 * view of an M10. Open a sensor channel or the full fisheye circle instead.
 * @retval -EAGAIN The lens is moving (zoom or focus in progress); try again after a short delay.
 * @retval -EPIPE The stream was invalidated by a reconfiguration of the pipeline; re-open it.
 * @retval -EINVAL A NULL argument.
 * @threadsafety One thread per stream at a time, like lykvdo_stream_get_frame().
 * @note Needs LyktaOS 12.2 or later; on older firmware an application that calls it fails to
 * start with an unresolved symbol.
 * @since 12.2
 */
int lykvdo_stream_get_intrinsics(lykvdo_stream_t *stream, lykvdo_intrinsics_t *intrinsics);

/**
 * @brief Closes a stream.
 *
 * Frames the application still holds stay valid and must still be released with
 * lykvdo_frame_free(). (Before LEAP 4.7 the zero-copy buffers of such frames leaked until
 * the application exited.)
 *
 * @param stream From lykvdo_stream_open(); NULL is allowed and does nothing.
 * @threadsafety Not while another thread uses the same stream.
 * @since 3.3
 */
void lykvdo_stream_close(lykvdo_stream_t *stream);

/**
 * @brief Returns the start of a frame's data.
 *
 * Raw frames: the pixels, laid out as the stream's format describes. Encoded frames: one
 * access unit with start codes; key frames carry the parameter sets in front. Since LEAP
 * 4.6 on LykChip 8 the memory is mapped read-only; never write through a cast.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return The data, valid until lykvdo_frame_free().
 * @threadsafety Any thread.
 * @since 3.3
 */
const void *lykvdo_frame_data(const lykvdo_frame_t *frame);

/**
 * @brief Returns the number of bytes of a frame's data.
 *
 * RGB: width × height × 3. NV12: stride × height × 3 / 2. Encoded: the size of this
 * access unit.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return Size in bytes.
 * @threadsafety Any thread.
 * @since 3.3
 */
size_t lykvdo_frame_size(const lykvdo_frame_t *frame);

/**
 * @brief Returns the distance in bytes between the starts of two rows of a raw frame.
 *
 * RGB rows are never padded (width × 3). NV12 rows may be padded; the Y and the UV plane
 * use the same stride, and the UV plane starts at stride × height.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return Stride in bytes; 0 for encoded frames.
 * @threadsafety Any thread.
 * @since 3.3
 */
size_t lykvdo_frame_stride(const lykvdo_frame_t *frame);

/**
 * @brief Returns when the frame was captured, in nanoseconds.
 *
 * On LyktaOS 10.10 and later (the firmware of LEAP 4.3), for every application whatever SDK
 * built it, the value is on `CLOCK_MONOTONIC` and comparable with
 * `clock_gettime(CLOCK_MONOTONIC, ...)`. Earlier firmware used the wall clock, which jumped
 * whenever NTP stepped the device time.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return Capture time in nanoseconds.
 * @threadsafety Any thread.
 * @since 3.3
 */
uint64_t lykvdo_frame_timestamp(const lykvdo_frame_t *frame);

/**
 * @brief Returns the frame's sequence number in its stream.
 *
 * Numbers start at 0 when the stream opens and grow by one per frame the pipeline
 * produced for the stream, so a gap counts the frames dropped because the application
 * did not take them in time.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return Sequence number.
 * @threadsafety Any thread.
 * @since 3.3
 */
uint64_t lykvdo_frame_sequence(const lykvdo_frame_t *frame);

/**
 * @brief Tells whether a frame of an encoded stream is a key frame.
 *
 * A decoder can start at a key frame. When frames of an encoded stream are dropped, the
 * stream continues at the next key frame.
 *
 * @param frame From lykvdo_stream_get_frame().
 * @return true for a key frame (an IDR picture); always true for raw frames.
 * @threadsafety Any thread.
 * @since 3.3
 */
bool lykvdo_frame_is_keyframe(const lykvdo_frame_t *frame);

/**
 * @brief Releases a frame and returns its buffer to the stream's pool.
 *
 * @param frame From lykvdo_stream_get_frame(); NULL is allowed and does nothing.
 * @threadsafety Any thread, also after the stream was closed.
 * @since 3.3
 */
void lykvdo_frame_free(lykvdo_frame_t *frame);

#ifdef __cplusplus
}
#endif

#endif /* LYKVDO_H */
