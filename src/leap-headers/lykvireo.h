/**
 * @file lykvireo.h
 * @brief Fetch the VIREO service-account credentials that the platform created for the application.
 * @library liblykvireo
 * @since 4.11
 *
 * A manifest that declares `vireo.serviceAccount` (schema v1.6.0 or later) makes the
 * device create a VIREO account for the application at installation: named `leap-`
 * followed by the application name (for example `leap-gate_guard`), with exactly the
 * role the manifest names and a random password. The account cannot sign in
 * interactively and is accepted only on the loopback listener `http://127.0.0.1`
 * (port 80, plain HTTP, HTTP Digest only; Basic is refused). It is deleted when the
 * application is removed.
 *
 * The password is generated again at every installation and every replacement with
 * `--replace`, when the role is also taken from the new manifest. Fetch the
 * credentials in the running process, keep them in memory for the life of the
 * process, and never write them to disk. Container applications read the same
 * account from `/run/lykta/vireo-credentials` instead of linking this library.
 *
 * The library needs LyktaOS 11.6 or later; a binary linked against it does not start
 * on older firmware, where the library is missing. pkg-config package: `liblykvireo`.
 *
 * @threadsafety Every function may be called from any thread. Each successful call of
 * lykvireo_get_credentials() returns an independent copy, so no locking is needed.
 */
#ifndef LYKVIREO_H
#define LYKVIREO_H

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The user name and password of the application's VIREO service account.
 *
 * Obtained from lykvireo_get_credentials() and released, both strings included, with
 * lykvireo_credentials_free(). The structure owns its strings; do not free them
 * separately and do not keep pointers to them after freeing the structure.
 * @since 4.11
 */
typedef struct {
    char *username; /**< NUL-terminated account name, `leap-<application name>`. */
    char *password; /**< NUL-terminated password, generated at installation or replacement. */
} lykvireo_credentials_t;

/**
 * @brief Returns the credentials of the application's VIREO service account.
 *
 * The values are those of the installed package. Since LyktaOS 11.7 the platform
 * updates them before it starts a replaced version, so a fresh process always gets the
 * current password (on 11.6 a replaced application could receive the previous password
 * until it restarted, and VIREO answered 401). Use them for HTTP Digest requests to
 * `http://127.0.0.1/vireo/...`, and exclude that address from any proxy.
 *
 * @param[out] credentials Receives a newly allocated structure; release it with
 *        lykvireo_credentials_free(). Left unchanged on error.
 * @return 0 on success, or a negative errno value.
 * @retval -ENOENT The installed manifest declares no `vireo.serviceAccount`, for
 *         example because it uses a schema older than v1.6.0 or the package was
 *         installed before the field was added. The library gives no further hint.
 * @retval -EAGAIN The account is still being created, in the first seconds after an
 *         installation or replacement. Retry after about a second.
 * @retval -EINVAL `credentials` is NULL.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @since 4.11
 */
int  lykvireo_get_credentials(lykvireo_credentials_t **credentials);

/**
 * @brief Releases credentials returned by lykvireo_get_credentials().
 *
 * The password is overwritten before its memory is returned. NULL is accepted and
 * ignored.
 *
 * @param credentials From lykvireo_get_credentials(), or NULL.
 * @threadsafety Safe to call from any thread, once per structure.
 * @since 4.11
 */
void lykvireo_credentials_free(lykvireo_credentials_t *credentials);

#ifdef __cplusplus
}
#endif

#endif /* LYKVIREO_H */
