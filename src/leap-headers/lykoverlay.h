/**
 * @file lykoverlay.h
 * @brief Draw text, boxes and bitmaps into the video streams of a channel.
 * @library liblykoverlay
 * @since 3.2
 *
 * An overlay is a transparent canvas laid over the image of one video channel. The
 * application draws into the canvas with lykoverlay_draw_text(), lykoverlay_draw_rect()
 * and lykoverlay_draw_bitmap(), then publishes the result with lykoverlay_commit(); the
 * device shows the committed canvas in every encoded stream of the channel (live view,
 * RTSP, recordings) until the next commit or until the overlay is closed. Raw frames from
 * `liblykvdo` and `lykta.vdo.v1` never contain overlays, so analysis always sees the clean
 * image. Overlays disappear when the application exits.
 *
 * The canvas has its own size in pixels, chosen at lykoverlay_open(), and is scaled to
 * the resolution of each stream. Give it the aspect ratio of the channel (for example
 * 1920 × 1080 for a 16:9 channel) so that text keeps its proportions. Coordinates are in
 * canvas pixels from the top-left corner, in the orientation the viewer sees: the device
 * applies the stream's rotation. Anything drawn outside the canvas is clipped.
 *
 * A canvas is in one of two formats. `LYKOVERLAY_FORMAT_ARGB32` stores four bytes per
 * pixel and takes colours as ARGB values. `LYKOVERLAY_FORMAT_PALETTE8` (LEAP 4.8, LyktaOS
 * 11.2) stores one byte per pixel that indexes a palette of up to 256 ARGB colours set with
 * lykoverlay_set_palette(): a full-HD canvas needs about 2 MB instead of about 8 MB, and a
 * new palette recolours the whole overlay without redrawing it. LykChip 7 products expand
 * palette canvases to ARGB internally, so they show the same picture without the memory
 * saving.
 *
 * An ARGB colour is a `uint32_t` of the form 0xAARRGGBB: alpha in the top byte (0x00
 * transparent, 0xFF opaque), not premultiplied. 0xC0000000 is a semi-transparent black
 * background, 0xFFFFFFFF opaque white.
 *
 * Drawing needs the `video` group: LEAP 3 applications (package.conf) and manifests of
 * schema v1.0 to v1.2 get it implicitly,
 * from schema v1.3 list `video` in `resources.groups`, or lykoverlay_open() returns
 * `-EACCES`. (The `aarch64` image of LEAP 3.4 lacked the library's `pkg-config` file; add
 * `-llykoverlay` by hand there, or build with 3.5.)
 *
 * The library has no callbacks and its calls do not wait for the video pipeline, so they
 * are safe to make from a GLib main loop callback.
 *
 * @threadsafety An overlay is used by one thread at a time; different overlays may be
 * used from different threads concurrently.
 */
#ifndef LYKOVERLAY_H
#define LYKOVERLAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Canvas format: 32-bit ARGB pixels (0xAARRGGBB in native byte order), four bytes per pixel.
 * @since 3.2
 */
#define LYKOVERLAY_FORMAT_ARGB32 0

/**
 * @brief Canvas format: one byte per pixel, an index into the overlay's palette.
 *
 * Needs LyktaOS 11.2 or later; older firmware refuses it with `-EINVAL`.
 * @since 4.8
 */
#define LYKOVERLAY_FORMAT_PALETTE8 1

/**
 * @brief Largest number of colours in the palette of a `LYKOVERLAY_FORMAT_PALETTE8` overlay.
 * @since 4.8
 */
#define LYKOVERLAY_PALETTE_MAX 256

/**
 * @brief A canvas format, one of the `LYKOVERLAY_FORMAT_` constants.
 * @since 3.2
 */
typedef int lykoverlay_format_t;

/**
 * @brief An overlay on one video channel.
 *
 * Opaque; obtained from lykoverlay_open() and released with lykoverlay_close().
 * @since 3.2
 */
typedef struct lykoverlay lykoverlay_t;

/**
 * @brief Where an overlay goes and what its canvas looks like, given to lykoverlay_open().
 *
 * Initialise it with designated initializers so that members you do not set are zero.
 * @since 3.2
 */
typedef struct {
    unsigned channel;           /**< Video channel, from 1, as in `liblykvdo`. */
    unsigned width;             /**< Canvas width in pixels, 1 to 3840. */
    unsigned height;            /**< Canvas height in pixels, 1 to 2160. */
    lykoverlay_format_t format; /**< `LYKOVERLAY_FORMAT_ARGB32` (0), or from LEAP 4.8 `LYKOVERLAY_FORMAT_PALETTE8`. */
} lykoverlay_settings_t;

/**
 * @brief Creates an overlay on a video channel.
 *
 * The canvas starts fully transparent and nothing is shown until the first
 * lykoverlay_commit().
 *
 * @param settings Channel, canvas size and format; copied, so it need not outlive the call.
 * @param[out] overlay Receives the overlay; release it with lykoverlay_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EACCES The application's user is not in the `video` group: a manifest of schema v1.3 or
 * later that does not list `video` in `resources.groups`.
 * @retval -ENODEV No video channel has that number on this product.
 * @retval -EINVAL A canvas size out of range, an unknown format (also the LEAP 4.8
 * `LYKOVERLAY_FORMAT_PALETTE8` on firmware before LyktaOS 11.2), or a NULL argument.
 * @retval -ENOSPC The channel has no overlay slot left; the device limits how many overlays all
 * applications together may place on one channel.
 * @retval -ENOMEM Not enough memory for the canvas.
 * @threadsafety Safe to call from any thread.
 * @since 3.2
 */
int lykoverlay_open(const lykoverlay_settings_t *settings, lykoverlay_t **overlay);

/**
 * @brief Removes an overlay from the video and releases it.
 *
 * @param overlay From lykoverlay_open(); NULL is allowed and does nothing.
 * @threadsafety Not while another thread uses the same overlay.
 * @since 3.2
 */
void lykoverlay_close(lykoverlay_t *overlay);

/**
 * @brief Makes the whole canvas transparent.
 *
 * Fills an ARGB canvas with 0x00000000 and a palette canvas with index 0. What the video
 * shows changes only at the next lykoverlay_commit().
 *
 * @param overlay From lykoverlay_open().
 * @threadsafety One thread per overlay at a time.
 * @since 3.2
 */
void lykoverlay_clear(lykoverlay_t *overlay);

/**
 * @brief Draws a line of text.
 *
 * The device's built-in sans-serif font renders the text, antialiased on ARGB canvases and
 * without antialiasing on palette canvases. A `\n` starts a new line. Characters the font
 * lacks are drawn as boxes. (Before LyktaOS 11.2, combining characters such as decomposed
 * accents were drawn as boxes too; send precomposed text to older firmware.)
 *
 * @param overlay From lykoverlay_open().
 * @param x Left edge of the text in canvas pixels.
 * @param y Top edge of the first line in canvas pixels.
 * @param size Line height in canvas pixels, 8 to 256.
 * @param color ARGB colour on an ARGB canvas, palette index (0 to 255) on a palette canvas.
 * @param text UTF-8 text, NUL-terminated.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `size` out of range, text that is not valid UTF-8, or a NULL argument.
 * @threadsafety One thread per overlay at a time.
 * @since 3.2
 */
int lykoverlay_draw_text(lykoverlay_t *overlay, int x, int y, unsigned size, uint32_t color,
                         const char *text);

/**
 * @brief Draws a rectangle outline or a filled rectangle.
 *
 * @param overlay From lykoverlay_open().
 * @param x Left edge in canvas pixels.
 * @param y Top edge in canvas pixels.
 * @param width Width in canvas pixels.
 * @param height Height in canvas pixels.
 * @param line_width Thickness of the outline in canvas pixels, drawn inside the rectangle; 0 fills it.
 * @param color ARGB colour on an ARGB canvas, palette index (0 to 255) on a palette canvas.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL A NULL overlay, or a palette index above 255.
 * @threadsafety One thread per overlay at a time.
 * @since 3.2
 */
int lykoverlay_draw_rect(lykoverlay_t *overlay, int x, int y, unsigned width, unsigned height,
                         unsigned line_width, uint32_t color);

/**
 * @brief Copies a bitmap into the canvas.
 *
 * The bitmap is in the canvas's format: ARGB pixels for an ARGB canvas, and palette
 * indices for a `LYKOVERLAY_FORMAT_PALETTE8` canvas (LEAP 4.8 and later). Its pixels replace those of the canvas, alpha
 * included; they are not blended with what was drawn before.
 *
 * @param overlay From lykoverlay_open().
 * @param x Canvas column of the bitmap's left edge.
 * @param y Canvas row of the bitmap's top edge.
 * @param width Bitmap width in pixels.
 * @param height Bitmap height in pixels.
 * @param stride Bytes from the start of one bitmap row to the next, at least width × 4 (ARGB) or
 * width (palette).
 * @param pixels The bitmap; read during the call only.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL A stride too small for the width, or a NULL argument.
 * @threadsafety One thread per overlay at a time.
 * @since 3.2
 */
int lykoverlay_draw_bitmap(lykoverlay_t *overlay, int x, int y, unsigned width, unsigned height,
                           size_t stride, const void *pixels);

/**
 * @brief Sets the palette of a `LYKOVERLAY_FORMAT_PALETTE8` overlay.
 *
 * Until the first call every entry is transparent (0x00000000). The new colours apply to
 * the whole overlay from the next frame the device encodes, without a redraw and without
 * lykoverlay_commit(), which makes colour changes of status indicators and heat maps cheap.
 * Entries from `count` on become transparent.
 *
 * @param overlay From lykoverlay_open() with `LYKOVERLAY_FORMAT_PALETTE8`.
 * @param colors ARGB colours, entry 0 first; copied during the call.
 * @param count Number of colours, 1 to `LYKOVERLAY_PALETTE_MAX`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `count` out of range, an ARGB overlay, or a NULL argument.
 * @threadsafety One thread per overlay at a time.
 * @note Needs LyktaOS 11.2 or later; on older firmware an application that calls it fails to
 * start with an unresolved symbol.
 * @since 4.8
 */
int lykoverlay_set_palette(lykoverlay_t *overlay, const uint32_t *colors, unsigned count);

/**
 * @brief Shows the current canvas in the video.
 *
 * The canvas is handed over as a whole, so viewers never see a half-drawn state. The
 * device shows at most one new canvas per frame; a commit that follows another one within
 * the same frame replaces it. The canvas keeps its content after the commit, so the next
 * update can change only part of it.
 *
 * @param overlay From lykoverlay_open().
 * @return 0 on success, or a negative errno value.
 * @retval -EIO The device's video pipeline did not take the canvas; the system log has the reason.
 * @retval -EINVAL `overlay` is NULL.
 * @threadsafety One thread per overlay at a time.
 * @since 3.2
 */
int lykoverlay_commit(lykoverlay_t *overlay);

#ifdef __cplusplus
}
#endif

#endif /* LYKOVERLAY_H */
