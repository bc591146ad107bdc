/**
 * @file lykparam.h
 * @brief Read, write and watch the parameters an application declares.
 * @library liblykparam
 * @since 3.0
 *
 * Every application may declare up to 64 parameters of its own: in `param.conf` in LEAP 3,
 * in the `parameters` array of `manifest.json` from LEAP 4. Operators change them on the
 * settings form of the web interface or through the VIREO Application Configuration API;
 * the application reads them, writes them and is told about changes through this library.
 *
 * Values are always strings, exactly as the manifest and the Application Configuration API
 * store them: an `int` parameter reads as decimal digits such as `30`, a `bool` parameter as
 * `yes` or `no`. LEAP 3 parameters have no type at all. Convert in your code. Parameters of
 * type `password` (schema v1.7.1, LyktaOS 12.0) and `hidden` parameters (schema v1.7.2,
 * LyktaOS 12.1) are read and written like any other: write-only and hidden apply to the
 * Application Configuration API and the settings form, not to the application itself.
 *
 * A typical program opens one handle at start-up with its own application name, reads its
 * settings, registers change callbacks with lykparam_watch() and runs a GLib main loop.
 * Programs that do not watch their parameters only see new values after a restart.
 * Link with `pkg-config --libs liblykparam`; container applications use the
 * `lykta.param.v1` gRPC service instead.
 *
 * @threadsafety lykparam_get(), lykparam_set() and lykparam_free() may be called from any
 * thread. Open, close, watch and unwatch a handle from the thread that runs the GLib main
 * loop of the default main context, which is also where every callback is dispatched.
 */
#ifndef LYKPARAM_H
#define LYKPARAM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Largest length of a parameter name, in bytes, without the terminating NUL.
 *
 * Names match `^[A-Za-z][A-Za-z0-9]{0,63}$` and are case-sensitive.
 * @since 3.0
 */
#define LYKPARAM_NAME_MAX 64

/**
 * @brief An open connection to the parameter store of one application.
 *
 * Opaque; obtained from lykparam_open() and released with lykparam_close().
 * @since 3.0
 */
typedef struct lykparam_handle lykparam_handle_t;

/**
 * @brief Called after a watched parameter changed.
 *
 * Dispatched from the GLib main loop of the default main context, once per change. The
 * callback may call every function of this library on the same handle, including
 * lykparam_unwatch(), but not lykparam_close(). In C++, catch every exception inside the
 * callback: it must not unwind through the library.
 *
 * @param name      The parameter's name, as declared.
 * @param value     The new value; valid only during the call. Copy it to keep it.
 * @param user_data The pointer given to lykparam_watch().
 * @since 3.0
 */
typedef void (*lykparam_changed_cb)(const char *name, const char *value, void *user_data);

/**
 * @brief Opens the parameter store of an application.
 *
 * Pass the application's own name: `APPNAME` from `package.conf` in LEAP 3,
 * `application.name` from the manifest in LEAP 4 and 12.
 *
 * @param app_name The application's name.
 * @param[out] handle Receives the new handle; set to NULL on failure.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `app_name` or `handle` is NULL, or `app_name` is not a valid application name.
 * @retval -ENOENT No application of that name is installed.
 * @retval -EACCES The calling process does not belong to that application. LEAP 3
 *         applications share one system account, so on LyktaOS 10 this only keeps out
 *         processes that are no application at all.
 * @retval -EIO The parameter service of the device could not be reached.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykparam_open(const char *app_name, lykparam_handle_t **handle);

/**
 * @brief Closes a handle and cancels all of its watches.
 *
 * No callback of the handle runs after this returns. Passing NULL does nothing, so an
 * error path may call it whether or not lykparam_open() succeeded.
 *
 * @param handle From lykparam_open(), or NULL.
 * @threadsafety Call from the thread that runs the default main context, never from inside
 * one of the handle's own callbacks.
 * @since 3.0
 */
void lykparam_close(lykparam_handle_t *handle);

/**
 * @brief Reads a parameter's current value.
 *
 * Returns the value as stored: the default from `param.conf` or the manifest until someone
 * changes it. `password` parameters (LyktaOS 12.0 and later) are returned in clear text,
 * to the application only; do not write them to the log.
 *
 * @param handle From lykparam_open().
 * @param name   Parameter name as declared; case-sensitive.
 * @param[out] value Receives a newly allocated, NUL-terminated string; release it with
 *        lykparam_free(). Set to NULL on failure.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle`, `name` or `value` is NULL.
 * @retval -ENOENT No parameter of that name is declared. Names from `param.conf` that were
 *         renamed in the manifest are found only under their new name.
 * @retval -EIO The parameter service could not be reached.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread with the same handle.
 * @since 3.0
 */
int lykparam_get(lykparam_handle_t *handle, const char *name, char **value);

/**
 * @brief Stores a new value for one of the application's parameters.
 *
 * The value is checked against the declared type (LEAP 4 and later): an `int` parameter
 * takes an optional minus sign and decimal digits, a `bool` parameter `yes` or `no`. The new
 * value is kept across restarts and replacements of the package, is what the settings form
 * and the Application Configuration API show, and is passed to the callbacks watching the
 * parameter, including this handle's own. Writing the value the parameter already has
 * changes nothing and calls no callback.
 *
 * @param handle From lykparam_open().
 * @param name   Parameter name as declared; case-sensitive.
 * @param value  The new value, NUL-terminated.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle`, `name` or `value` is NULL, or the value does not fit the
 *         parameter's type.
 * @retval -ENOENT No parameter of that name is declared.
 * @retval -EIO The parameter service could not be reached.
 * @threadsafety Safe to call from any thread with the same handle.
 * @since 3.0
 */
int lykparam_set(lykparam_handle_t *handle, const char *name, const char *value);

/**
 * @brief Releases a value returned by lykparam_get().
 *
 * @param value The string to release, or NULL, which does nothing.
 * @threadsafety Safe to call from any thread.
 * @since 3.0
 */
void lykparam_free(char *value);

/**
 * @brief Calls a function whenever a parameter changes.
 *
 * The callback runs from the GLib main loop after the new value has been stored, whoever
 * changed it: an operator on the settings form, a client of the Application Configuration
 * API, a reset to the default, or lykparam_set(). It runs once per change; two device-side
 * defects made it run twice, for a save on the Apps page before LyktaOS 10.2 (fixed in
 * LEAP 3.2) and for a change through the Application Configuration API before LyktaOS 12.0.
 * Make callbacks idempotent if you support such firmware. Watching a name again replaces
 * the callback and user data registered earlier for that name on this handle.
 *
 * @param handle    From lykparam_open().
 * @param name      Parameter name as declared, or NULL to watch every parameter of the application.
 * @param callback  Function to call.
 * @param user_data Passed unchanged to `callback`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` or `callback` is NULL.
 * @retval -ENOENT No parameter of that name is declared.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykparam_watch(lykparam_handle_t *handle, const char *name, lykparam_changed_cb callback,
                   void *user_data);

/**
 * @brief Stops calling the function registered for a parameter.
 *
 * May be called from inside the callback it removes.
 *
 * @param handle From lykparam_open().
 * @param name   The name given to lykparam_watch(), or NULL for the watch on every parameter.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` is NULL.
 * @retval -ENOENT Nothing is watching that name on this handle.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykparam_unwatch(lykparam_handle_t *handle, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* LYKPARAM_H */
