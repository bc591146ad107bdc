/**
 * @file lykcapture.h
 * @brief Grab single JPEG or YUV still images from a video channel.
 * @library liblykcapture
 * @since 3.0
 *
 * Each call asks the image pipeline for one new image of the requested size and format,
 * waits for it and returns it in a buffer of its own. Every call pays for a full scaling
 * and conversion, so a loop of captures reaches a few images per second at most; that is
 * fine for a snapshot on request or a slow time lapse, not for video analysis.
 *
 * LEAP 3.3 introduced `liblykvdo`, which hands out frames from a pool of buffers as the
 * sensor produces them, and deprecated this library. It keeps working on every LyktaOS 10
 * release, but LEAP 4.0 removed it from the SDK, so code that uses it must be rewritten
 * for `liblykvdo` before any port. Link with `pkg-config --libs liblykcapture`.
 *
 * @deprecated 3.3 Open a `liblykvdo` stream once and take frames from it in a loop.
 * @removed 4.0 The header and library are not in the LEAP 4 and 12 SDK images.
 * @threadsafety Every function may be called from any thread. lykcapture_capture() blocks
 * the calling thread until the image is ready; call it from a worker thread if the GLib main
 * loop must stay responsive.
 */
#ifndef LYKCAPTURE_H
#define LYKCAPTURE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Image formats a capture can return.
 * @since 3.0
 */
typedef enum {
    LYKCAPTURE_FORMAT_JPEG = 0, /**< A complete baseline JPEG file (JFIF), ready to store or send. */
    LYKCAPTURE_FORMAT_YUV = 1,  /**< Raw YUV 4:2:0 in NV12 layout: the Y plane, then one plane of interleaved Cb and Cr samples at half width and half height; no row padding. */
} lykcapture_format_t;

/**
 * @brief One captured image.
 *
 * Allocated by lykcapture_capture() and released with lykcapture_image_free().
 * @since 3.0
 */
typedef struct {
    lykcapture_format_t format; /**< The format that was requested. */
    unsigned int width;         /**< Width in pixels. */
    unsigned int height;        /**< Height in pixels. */
    size_t size;                /**< Number of bytes at `data`: the JPEG file size, or `width * height * 3 / 2` for YUV. */
    void *data;                 /**< The image bytes, owned by the image. */
} lykcapture_image_t;

/**
 * @brief Reports the largest image size a video channel delivers.
 *
 * @param channel Video channel, starting at 1.
 * @param[out] width Receives the largest width in pixels.
 * @param[out] height Receives the largest height in pixels.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `width` or `height` is NULL.
 * @retval -ENODEV The product has no video channel with that number.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 * @deprecated 3.3 Use `liblykvdo`.
 */
int lykcapture_get_max_resolution(unsigned int channel, unsigned int *width, unsigned int *height);

/**
 * @brief Captures one new image from a video channel.
 *
 * The image is taken after the call starts, scaled to the requested size, with the
 * rotation and privacy masks of the channel applied but without overlays. It returns
 * within a second in normal operation.
 *
 * @param channel Video channel, starting at 1.
 * @param format  `LYKCAPTURE_FORMAT_JPEG` or `LYKCAPTURE_FORMAT_YUV`.
 * @param width   Width in pixels, even, at most the channel's maximum; 0 together with
 *        `height` 0 for the channel's largest size.
 * @param height  Height in pixels, even, at most the channel's maximum.
 * @param[out] image Receives the new image; set to NULL on failure. Release it with
 *        lykcapture_image_free().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `image` is NULL, `format` is unknown, or the size is odd, larger than the channel's maximum or has only one of `width` and `height` set to 0.
 * @retval -ENODEV The product has no video channel with that number.
 * @retval -EAGAIN The image pipeline is not running yet, for example right after boot; try again later.
 * @retval -ETIMEDOUT No image arrived within 5 seconds.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread; blocks until the image is ready.
 * @since 3.0
 * @deprecated 3.3 Use `liblykvdo`.
 */
int lykcapture_capture(unsigned int channel, lykcapture_format_t format, unsigned int width,
                       unsigned int height, lykcapture_image_t **image);

/**
 * @brief Releases an image returned by lykcapture_capture().
 *
 * @param image The image to release, or NULL, which does nothing.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 * @deprecated 3.3 Use `liblykvdo`.
 */
void lykcapture_image_free(lykcapture_image_t *image);

#ifdef __cplusplus
}
#endif

#endif /* LYKCAPTURE_H */
