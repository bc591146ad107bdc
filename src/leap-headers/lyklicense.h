/**
 * @file lyklicense.h
 * @brief Check the license key installed for the application.
 * @library liblyklicense
 * @since 3.0
 *
 * Applications sold through the LEAP Service Portal can require a Lykta license key:
 * `LICENSE="lykta"` in a LEAP 3 `package.conf`, `license.method` `lykta` with the
 * portal's `appId` in a manifest (schema v1.0 and later). The portal issues one key file per
 * application and device serial number, perpetual or with an expiry date; an administrator
 * installs it on the Apps page or with `PUT /vireo/applications/v1/apps/{name}/license`
 * (LyktaOS 10.12 LTS and later). LEAP 3 keys are bound to `APPNAME` and the serial number,
 * later keys to the `appId` and the serial number.
 *
 * The device refuses to start an application that requires a license and has no key
 * (`applications.license_required`). Everything else is the application's decision: this
 * library tells it whether the installed key is valid and until when, so it can decide what
 * an expired or invalid installation may still do. Keys are verified offline on the device;
 * nothing contacts the portal, and revoking a key on the portal does not reach devices.
 * A key installed or removed while the application runs is seen by the next call, so check
 * at start-up and then periodically, for example once an hour from a GLib timeout.
 *
 * Link with `pkg-config --libs liblyklicense`.
 *
 * @threadsafety Every function may be called from any thread; none of them keeps state
 * between calls or uses the main loop.
 */
#ifndef LYKLICENSE_H
#define LYKLICENSE_H

#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Largest length of a device serial number, in bytes, without the terminating NUL.
 * @since 3.0
 */
#define LYKLICENSE_SERIAL_MAX 32

/**
 * @brief The state of an application's license.
 *
 * The Application API reports the same states in the `state` member of
 * `GET /vireo/applications/v1/apps/{name}/license`, as `notRequired`, `valid`, `missing`,
 * `invalid` and `expired`; it reports a key for another device as `invalid`.
 * @since 3.0
 */
typedef enum {
    LYKLICENSE_STATE_NOT_REQUIRED = 0, /**< The application declares no licensing (`none`); no key is needed. */
    LYKLICENSE_STATE_VALID = 1,        /**< A key for this application and this device is installed and has not expired. */
    LYKLICENSE_STATE_MISSING = 2,      /**< A key is required but none is installed, for example after an administrator removed it. */
    LYKLICENSE_STATE_INVALID = 3,      /**< The installed key is damaged, does not verify or belongs to another application. */
    LYKLICENSE_STATE_EXPIRED = 4,      /**< The installed key is genuine but its expiry time has passed. */
    LYKLICENSE_STATE_OTHER_DEVICE = 5, /**< The installed key was issued for another serial number, for example restored from another device's backup. */
} lyklicense_state_t;

/**
 * @brief Details of the installed license key.
 *
 * Filled by lyklicense_get_info(); owned by the caller, nothing to release.
 * @since 3.0
 */
typedef struct {
    lyklicense_state_t state;                     /**< Same value as lyklicense_check() returns. */
    time_t issued;                                /**< When the portal issued the key, in seconds since the Epoch (UTC); 0 without a key. */
    time_t expires;                               /**< The instant the key stops being valid, in seconds since the Epoch (UTC); 0 for a perpetual key or without a key. */
    char serial_number[LYKLICENSE_SERIAL_MAX + 1]; /**< Serial number the key was issued for, NUL-terminated; empty without a key. */
} lyklicense_info_t;

/**
 * @brief Reports the license state of an application.
 *
 * Reads and verifies the installed key each time it is called; it takes milliseconds and
 * does not block on the network. The result depends on the device clock for `EXPIRED`, so
 * devices that sell time-limited keys should synchronise with a time server.
 *
 * @param app_name The application's own name (`APPNAME` or `application.name`).
 * @param[out] state Receives the state.
 * @return 0 on success, or a negative errno value. A state other than
 *         `LYKLICENSE_STATE_VALID` is not an error.
 * @retval -EINVAL `app_name` or `state` is NULL.
 * @retval -ENOENT No application of that name is installed.
 * @retval -EACCES The calling process does not belong to that application.
 * @retval -EIO The license store of the device could not be read.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 */
int lyklicense_check(const char *app_name, lyklicense_state_t *state);

/**
 * @brief Reports the license state together with the key's issue and expiry times.
 *
 * `expires` is an absolute UTC instant: compare it with `time(NULL)`, never with a date in
 * local time. Before LyktaOS 10.12 LTS (fixed in LEAP 4.5) the library itself compared the
 * expiry date with local midnight, so on devices whose time zone lies east of UTC keys
 * reported `LYKLICENSE_STATE_EXPIRED` up to a day early.
 *
 * @param app_name The application's own name (`APPNAME` or `application.name`).
 * @param[out] info Receives the details; every member is set, also when no key is installed.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `app_name` or `info` is NULL.
 * @retval -ENOENT No application of that name is installed.
 * @retval -EACCES The calling process does not belong to that application.
 * @retval -EIO The license store of the device could not be read.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 */
int lyklicense_get_info(const char *app_name, lyklicense_info_t *info);

/**
 * @brief Returns a fixed English name for a license state, for log messages.
 *
 * The names are `notRequired`, `valid`, `missing`, `invalid`, `expired` and `otherDevice`;
 * an unknown value gives `unknown`.
 *
 * @param state A license state.
 * @return A static string; do not free it.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 */
const char *lyklicense_state_name(lyklicense_state_t state);

#ifdef __cplusplus
}
#endif

#endif /* LYKLICENSE_H */
