/**
 * @file lykhttp.h
 * @brief Answer HTTP requests for the application's CGI paths inside the device web server.
 * @library liblykhttp
 * @since 3.0
 *
 * A LEAP 3 application lists its CGI paths in `CGIPATHS` in `package.conf`; a LEAP 4
 * application lists them in the manifest's `web.cgiPaths` (schemas v1.0 to v1.7.0). The
 * device web server answers each path at `https://<device>/local/<app-name>/<path>`: it
 * terminates TLS, authenticates the user, requires the `admin` role for every path under
 * `/local/<app-name>/` (there are no per-path roles) and passes the request to the handler
 * the application registered for that path.
 *
 * Handlers are called one request at a time from the application's GLib main loop, so a slow
 * handler delays every other request to the application and long-lived responses such as
 * event streams are not possible. That is why LEAP 4.0 deprecated the library: `leap-build`
 * warns for every `web.cgiPaths` entry from 4.4 and for an executable linked against
 * `liblykhttp` from 4.15. It keeps working on LyktaOS 10 and 11. Link with
 * `pkg-config --libs liblykhttp`.
 *
 * @deprecated 4.0 Run a small HTTP server on a loopback port and publish it with a `web.reverseProxy` route (schema v1.2, LEAP 4.2).
 * @removed 12.0 LyktaOS 12.0 no longer ships the library and schema v1.7.1 removed `web.cgiPaths`; an application linked against it installs but fails to start.
 * @threadsafety Call every function from the thread that runs the GLib main loop of the
 * default main context, where handlers are dispatched.
 */
#ifndef LYKHTTP_H
#define LYKHTTP_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief One HTTP request passed to a handler.
 *
 * Opaque; valid only until the handler returns. The library releases it.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
typedef struct lykhttp_request lykhttp_request_t;

/**
 * @brief Handles one request for a registered path.
 *
 * Dispatched from the GLib main loop of the default main context. The handler must answer
 * with lykhttp_respond() or lykhttp_respond_data() exactly once before it returns; if it
 * does not, the library answers `500 Internal Server Error`. In C++, catch every exception
 * inside the handler: it must not unwind through the library.
 *
 * @param request   The request; valid only during the call.
 * @param user_data The pointer given to lykhttp_register().
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
typedef void (*lykhttp_handler_cb)(lykhttp_request_t *request, void *user_data);

/**
 * @brief Registers the handler for one CGI path of the application.
 *
 * Register every path before `g_main_loop_run()`. A request for a listed path without a
 * registered handler is answered `404 Not Found`, as is a request for a path that is not
 * listed, so the name passed here must be spelled exactly as in `CGIPATHS` or
 * `web.cgiPaths`.
 *
 * @param path      The path as listed, relative to `/local/<app-name>/` and without a
 *        leading slash, for example `status.cgi`.
 * @param handler   Function to call for each request.
 * @param user_data Passed unchanged to `handler`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `path` or `handler` is NULL, or `path` starts with a slash.
 * @retval -ENOENT `path` is not listed in `CGIPATHS` or `web.cgiPaths`.
 * @retval -EEXIST A handler is already registered for `path`.
 * @retval -EIO The device web server could not be reached.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
int lykhttp_register(const char *path, lykhttp_handler_cb handler, void *user_data);

/**
 * @brief Removes the handler of a path; later requests for it are answered `404 Not Found`.
 *
 * @param path The path given to lykhttp_register().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `path` is NULL.
 * @retval -ENOENT No handler is registered for `path`.
 * @threadsafety Call from the thread that runs the default main context, not from inside the handler being removed.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
int lykhttp_unregister(const char *path);

/**
 * @brief Returns the request method, such as `GET` or `POST`.
 *
 * @param request The request passed to the handler.
 * @return The method in upper case; valid until the handler returns.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
const char *lykhttp_request_get_method(const lykhttp_request_t *request);

/**
 * @brief Returns the decoded value of one query-string argument.
 *
 * For `status.cgi?door=2&verbose` the argument `door` is `2` and `verbose` is the empty
 * string. When an argument occurs more than once, the first occurrence counts.
 *
 * @param request The request passed to the handler.
 * @param name    Argument name; case-sensitive.
 * @return The percent-decoded value, or NULL if the argument is absent; valid until the handler returns.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
const char *lykhttp_request_get_query(const lykhttp_request_t *request, const char *name);

/**
 * @brief Returns the value of one request header.
 *
 * The device web server does not pass the `Authorization` header or cookies on.
 *
 * @param request The request passed to the handler.
 * @param name    Header name; case-insensitive.
 * @return The value, or NULL if the header is absent; valid until the handler returns.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
const char *lykhttp_request_get_header(const lykhttp_request_t *request, const char *name);

/**
 * @brief Returns the name of the device account that sent the request.
 *
 * @param request The request passed to the handler.
 * @return The user name the device web server authenticated; valid until the handler returns.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
const char *lykhttp_request_get_user(const lykhttp_request_t *request);

/**
 * @brief Gives access to the request body.
 *
 * The body is not NUL-terminated; use `length`.
 *
 * @param request The request passed to the handler.
 * @param[out] body Receives a pointer to the body, owned by the request, or NULL when it is empty.
 * @param[out] length Receives the body's length in bytes.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `request`, `body` or `length` is NULL.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
int lykhttp_request_get_body(const lykhttp_request_t *request, const void **body, size_t *length);

/**
 * @brief Answers a request with a text body.
 *
 * The library adds `Content-Length`; the device web server sends the answer over TLS.
 *
 * @param request      The request passed to the handler.
 * @param status       HTTP status code, 100 to 599.
 * @param content_type Media type of the body, for example `application/json`.
 * @param body         NUL-terminated body, or NULL for an empty body.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `request` or `content_type` is NULL, or `status` is out of range.
 * @retval -EALREADY The request has already been answered.
 * @retval -EPIPE The client disconnected before the answer could be sent.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
int lykhttp_respond(lykhttp_request_t *request, int status, const char *content_type,
                    const char *body);

/**
 * @brief Answers a request with a binary body, such as a JPEG image.
 *
 * @param request      The request passed to the handler.
 * @param status       HTTP status code, 100 to 599.
 * @param content_type Media type of the body, for example `image/jpeg`.
 * @param data         The body; copied before the function returns. May be NULL when `length` is 0.
 * @param length       Length of the body in bytes.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `request` or `content_type` is NULL, `data` is NULL with a non-zero `length`, or `status` is out of range.
 * @retval -EALREADY The request has already been answered.
 * @retval -EPIPE The client disconnected before the answer could be sent.
 * @threadsafety Call from inside the handler.
 * @since 3.0
 * @deprecated 4.0 Use a reverse-proxy route.
 */
int lykhttp_respond_data(lykhttp_request_t *request, int status, const char *content_type,
                         const void *data, size_t length);

#ifdef __cplusplus
}
#endif

#endif /* LYKHTTP_H */
