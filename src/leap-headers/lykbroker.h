/**
 * @file lykbroker.h
 * @brief Subscribe to scene metadata and other streams of the on-device message broker.
 * @library liblykbroker
 * @since 4.14
 * @stable 12.1
 *
 * The message broker is a LyktaOS service. Processing modules publish their frames into
 * it and track consolidation publishes consolidated tracks; any number of native
 * applications subscribe. It is not an MQTT broker and does not listen on the network.
 * Topics: `scene-metadata/frame/<module-id>` (one frame per message) and
 * `scene-metadata/consolidated-track` (one consolidated track per message). Payloads
 * are UTF-8 JSON, byte for byte what an MQTT publisher for the same producer sends.
 * No manifest entry and no supplementary group are needed. Container applications
 * cannot use the broker; they read the same JSON over MQTT.
 *
 * Delivery is in memory: no acknowledgement, retransmission, persistence or history.
 * Each subscription has its own queue of 256 messages; when it is full the oldest
 * message is dropped, and producers are never blocked (from LEAP 12.1,
 * lykbroker_subscription_get_dropped() counts the losses). Messages of one topic arrive in publication order; there is no order
 * between topics. An application holds at most 32 subscriptions.
 *
 * Availability: beta in LEAP 4.14 and 4.15.x (LyktaOS 11.10 and later; on 11.10 and
 * 11.11 LTS only the frame topics are published, consolidated tracks need LyktaOS 12),
 * frozen in 4.15, released in LEAP 12.1 (LyktaOS 12.1) with the same calls plus
 * additions. A binary linked against the library does not start on firmware that lacks
 * it. pkg-config package: `liblykbroker`.
 *
 * The `LYKBROKER_API_BETA` macro: in LEAP 4.14 to 4.15.1 the header declares
 * nothing unless the source defines `LYKBROKER_API_BETA` before including it; without
 * it the build stops at the first `lykbroker_` call, so nobody depends on the beta by
 * accident. From LEAP 12.1 the header defines `LYKBROKER_RELEASED` and always declares
 * the interface; `LYKBROKER_API_BETA` is deprecated there: a source that still defines
 * it compiles, with a deprecation warning (GCC and Clang), and should drop it. The
 * published LEAP 4 header is this file without the 12.1 declarations, so the same
 * guard hides the interface there until the macro is defined.
 *
 * @threadsafety Callbacks are dispatched from the GLib main loop of the default main
 * context, so the application must run a main loop there. Call lykbroker_subscribe(),
 * lykbroker_unsubscribe() and lykbroker_close() from the thread that runs that loop.
 * lykbroker_open() may be called from any thread, and so may, from LEAP 12.1,
 * lykbroker_subscription_get_dropped().
 */
#ifndef LYKBROKER_H
#define LYKBROKER_H

#include <stddef.h>
#include <stdint.h>

/**
 * @brief Defined when the interface is released and visible without `LYKBROKER_API_BETA`.
 *
 * Absent from the LEAP 4 header, which shows the beta interface only to sources that
 * define `LYKBROKER_API_BETA`. Test it with `#ifdef` to write code that builds with both.
 * @since 12.1
 */
#define LYKBROKER_RELEASED 1

#if defined(LYKBROKER_RELEASED) && defined(LYKBROKER_API_BETA) && defined(__GNUC__)
#pragma GCC warning "LYKBROKER_API_BETA is deprecated since LEAP 12.1: lykbroker.h is released, remove the macro"
#endif

#if defined(LYKBROKER_RELEASED) || defined(LYKBROKER_API_BETA)

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A connection to the message broker service.
 *
 * Opaque; obtained from lykbroker_open() and released with lykbroker_close().
 * @since 4.14
 */
typedef struct lykbroker_client lykbroker_client_t;

/**
 * @brief One active subscription of a client.
 *
 * Opaque; obtained from lykbroker_subscribe() and released with lykbroker_unsubscribe()
 * or, together with every other subscription of the client, by lykbroker_close().
 * @since 4.14
 */
typedef struct lykbroker_subscription lykbroker_subscription_t;

/**
 * @brief Called for every message that matches a subscription's topic filter.
 *
 * Runs in the GLib main loop of the default main context. Keep it short: while it runs,
 * the subscription's queue fills, and a slow callback loses messages. Hand heavy work to
 * a worker thread. The callback may call lykbroker_unsubscribe() for its own
 * subscription; no further call follows for that subscription.
 *
 * @param topic     The concrete topic of the message, NUL-terminated, for example
 *                  `scene-metadata/frame/video-motion-tracker`; valid only during the call.
 * @param payload   The message, UTF-8 JSON, not NUL-terminated; valid only during the call.
 *                  Copy what you keep.
 * @param size      Length of `payload` in bytes.
 * @param user_data The pointer given to lykbroker_subscribe().
 * @since 4.14
 */
typedef void (*lykbroker_message_cb)(const char *topic,
                                     const uint8_t *payload,
                                     size_t size,
                                     void *user_data);

/**
 * @brief Connects to the message broker service on behalf of the application.
 *
 * Right after boot the service may still be starting; retry `-EAGAIN` with a back-off
 * (for example ten attempts one second apart) before giving up.
 *
 * @param app_name    The application name from the manifest (`application.name`); it
 *                    appears in the broker's log lines.
 * @param[out] client Receives the new client; release it with lykbroker_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EAGAIN The broker service is still starting, typically in the first seconds
 *         after boot.
 * @retval -EINVAL `app_name` or `client` is NULL, or `app_name` is empty.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @since 4.14
 */
int lykbroker_open(const char *app_name, lykbroker_client_t **client);

/**
 * @brief Starts a subscription for every message whose topic matches a filter.
 *
 * The filter is a topic or uses MQTT-style wildcards: `+` for exactly one level and `#`,
 * only as the last level, for any number of remaining levels (`scene-metadata/frame/+`,
 * `scene-metadata/#`). A subscription receives only what is published after it starts.
 * Subscribing does not switch a module on: a filter for a module that is absent or
 * disabled succeeds and stays silent until the module publishes. Subscriptions survive
 * module restarts.
 *
 * @param client       From lykbroker_open().
 * @param topic_filter Topic or filter, NUL-terminated; copied by the library.
 * @param callback     Called for each matching message.
 * @param user_data    Passed unchanged to `callback`.
 * @param[out] subscription Receives the new subscription; release it with
 *             lykbroker_unsubscribe().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL A required argument is NULL, or the filter is malformed (for example
 *         `#` not in last position, or an empty level).
 * @retval -ENOENT The filter can never match: its first level is not a known topic root.
 * @retval -EMFILE The application already holds 32 subscriptions.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default GLib main context.
 * @since 4.14
 */
int lykbroker_subscribe(lykbroker_client_t *client,
                        const char *topic_filter,
                        lykbroker_message_cb callback,
                        void *user_data,
                        lykbroker_subscription_t **subscription);

/**
 * @brief Reads how many messages a subscription has lost to a full queue.
 *
 * A count that keeps rising means the callback does too much work.
 *
 * @param subscription From lykbroker_subscribe().
 * @param[out] dropped Receives the number of messages dropped since the subscription
 *             started.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `subscription` or `dropped` is NULL.
 * @threadsafety Safe to call from any thread while the subscription exists.
 * @since 12.1
 */
int lykbroker_subscription_get_dropped(const lykbroker_subscription_t *subscription,
                                       uint64_t *dropped);

/**
 * @brief Stops a subscription and frees it.
 *
 * No callback runs for the subscription after this call returns; messages still queued
 * for it are discarded. Allowed from within the subscription's own callback.
 *
 * @param subscription From lykbroker_subscribe(); invalid afterwards.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `subscription` is NULL.
 * @threadsafety Call from the thread that runs the default GLib main context.
 * @since 4.14
 */
int lykbroker_unsubscribe(lykbroker_subscription_t *subscription);

/**
 * @brief Ends every subscription still open on a client and frees the client.
 *
 * Subscription pointers of the client become invalid; do not pass them to
 * lykbroker_unsubscribe() afterwards. Do not call it from within a callback.
 *
 * @param client From lykbroker_open(); invalid afterwards.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `client` is NULL.
 * @threadsafety Call from the thread that runs the default GLib main context.
 * @since 4.14
 */
int lykbroker_close(lykbroker_client_t *client);

#ifdef __cplusplus
}
#endif

#endif /* LYKBROKER_RELEASED || LYKBROKER_API_BETA */

#endif /* LYKBROKER_H */
