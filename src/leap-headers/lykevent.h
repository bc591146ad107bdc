/**
 * @file lykevent.h
 * @brief Declare and raise application events, and subscribe to the device's events.
 * @library liblykevent
 * @since 3.0
 *
 * The device's event system carries everything that happens on it under a topic name:
 * `lykta:device/io/port` when an input or output changes, `lykta:video/motion` for motion,
 * and `lykta:applications/<app-name>/<event-name>` for events that applications raise. The
 * same events reach VIREO clients over the event stream, the MQTT event bridge and the
 * device's action rules. Each event has a time, a `source` object that says where it came
 * from and a `data` object with what happened; this library hands both over as JSON text.
 *
 * An event is stateful when it describes a condition that holds for a while, such as an
 * input that is closed or a person without a helmet in view, and a new subscriber is told the
 * current state. A stateful event carries `active` in its data (`lykta:device/io/port` also
 * carries the electrical `state` of the contact, and `active` says whether that is its
 * abnormal state).
 * A stateless event marks a moment.
 *
 * Until schema v1.8.0 an application declares its events at run time with
 * lykevent_declare(); such topics exist only while the declaring handle is open. From LEAP
 * 12.6, a manifest of schema v1.8.0 (LyktaOS 12.6 and later) may list them in its `events`
 * array instead: the device registers them at installation, and when the array is present
 * it is the complete list, so every other name is refused with `-ENOENT`.
 *
 * Subscribing needs no VIREO account, so on LyktaOS 10 this is the way for a native
 * application to follow device events. Link with `pkg-config --libs liblykevent`; container
 * applications use the `lykta.event.v1beta1` gRPC service (beta, LEAP 12.2) instead.
 *
 * @threadsafety lykevent_send() and lykevent_set_state() may be called from any thread.
 * Every other function must be called from the thread that runs the GLib main loop of the
 * default main context, which is also where subscription callbacks are dispatched.
 */
#ifndef LYKEVENT_H
#define LYKEVENT_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Largest length of an application event name, in bytes, without the terminating NUL.
 *
 * Names match `^[a-z][a-z0-9_]{0,31}$` (from LEAP 12.6 also the rule of the manifest's
 * `events[].name`).
 * @since 3.0
 */
#define LYKEVENT_NAME_MAX 32

/**
 * @brief Largest size of the `data` object of an event the application raises, in bytes of JSON text.
 * @since 3.0
 */
#define LYKEVENT_DATA_MAX 4096

/**
 * @brief An open connection to the device's event system.
 *
 * Opaque; obtained from lykevent_open() and released with lykevent_close().
 * @since 3.0
 */
typedef struct lykevent_handle lykevent_handle_t;

/**
 * @brief One event delivered to a subscription.
 *
 * Every pointer is valid only during the callback; copy what you need to keep.
 * @since 3.0
 */
typedef struct {
    const char *topic;  /**< Full topic name, for example `lykta:device/io/port`. */
    int64_t time_us;    /**< When the event happened on the device, in microseconds since 1970-01-01 00:00:00 UTC. */
    const char *source; /**< The `source` member as a JSON object, for example `{"port":1}`; `{}` when empty. */
    const char *data;   /**< The `data` member as a JSON object; stateful events carry `active`. */
    bool initial;       /**< True for the current state of a stateful topic sent right after subscribing, false for a live event. */
} lykevent_event_t;

/**
 * @brief Called for each event that matches a subscription.
 *
 * Dispatched from the GLib main loop of the default main context. The callback may call
 * lykevent_unsubscribe() for its own subscription, and any other function of this library
 * except lykevent_close() on the same handle. In C++, catch every exception inside the
 * callback: it must not unwind through the library.
 *
 * @param event     The event; valid only during the call.
 * @param user_data The pointer given to lykevent_subscribe().
 * @since 3.0
 */
typedef void (*lykevent_event_cb)(const lykevent_event_t *event, void *user_data);

/**
 * @brief Opens a connection to the event system for an application.
 *
 * Pass the application's own name (`APPNAME` in LEAP 3, `application.name` in the
 * manifest): it becomes the `<app-name>` part of the topics the application raises and the
 * `app` member of their `source`.
 *
 * @param app_name The application's name.
 * @param[out] handle Receives the new handle; set to NULL on failure.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `app_name` or `handle` is NULL, or `app_name` is not a valid application name.
 * @retval -ENOENT No application of that name is installed.
 * @retval -EACCES The calling process does not belong to that application.
 * @retval -EIO The event service of the device could not be reached.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykevent_open(const char *app_name, lykevent_handle_t **handle);

/**
 * @brief Ends all subscriptions of a handle, withdraws the events it declared and closes it.
 *
 * Topics declared with lykevent_declare() disappear from the topic list and from the
 * action-rule editor; events listed in a v1.8.0 manifest stay registered until the
 * application is removed. No callback of the handle runs after this returns. Passing NULL
 * does nothing.
 *
 * @param handle From lykevent_open(), or NULL.
 * @threadsafety Call from the thread that runs the default main context, never from inside
 * one of the handle's own callbacks.
 * @since 3.0
 */
void lykevent_close(lykevent_handle_t *handle);

/**
 * @brief Declares an event the application raises, making its topic known to the device.
 *
 * The topic `lykta:applications/<app-name>/<name>` then appears in the device's topic
 * list, so VIREO clients can subscribe to it and operators can pick it in the action-rule
 * editor, for as long as the handle stays open. A stateful event starts inactive; callers
 * that subscribed to a matching filter before the declaration receive that state at once
 * (on LyktaOS 10.12 LTS and earlier they did not; fixed in LEAP 4.6 with LyktaOS 11.0).
 * Declaring a name again with the same `stateful` value does nothing.
 *
 * When a schema v1.8.0 manifest lists `events` (LyktaOS 12.6 and later), its entries are
 * declared from installation on and need no call; declaring one of them succeeds, and the
 * manifest's `displayName` and `stateful` win over the arguments. A name missing from the
 * list is refused.
 *
 * @param handle       From lykevent_open().
 * @param name         Event name, matching `^[a-z][a-z0-9_]{0,31}$`.
 * @param display_name Label shown in the action-rule editor, or NULL to show `name`.
 * @param stateful     True for a condition that lasts (raise it with lykevent_set_state()),
 *        false for a moment (raise it with lykevent_send()).
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` or `name` is NULL, or `name` does not match the pattern.
 * @retval -EEXIST The name is already declared on this handle with the other `stateful` value.
 * @retval -ENOENT The manifest declares schema v1.8.0 and lists `events`, and `name` is not among them (LyktaOS 12.6 and later).
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykevent_declare(lykevent_handle_t *handle, const char *name, const char *display_name,
                     bool stateful);

/**
 * @brief Raises a stateless event.
 *
 * Sends one event on `lykta:applications/<app-name>/<name>` with `{"app": "<app-name>"}` as
 * source and `data_json` as data. A name that was never declared is accepted and delivered
 * to subscribers, but its topic is not listed and action rules cannot use it, unless a v1.8.0
 * manifest lists `events`: then the name is refused. On LyktaOS 12.6, events raised in the
 * first seconds after the device boots reach subscribers but not action rules, which start
 * slightly later.
 *
 * @param handle    From lykevent_open().
 * @param name      Event name.
 * @param data_json A JSON object, at most `LYKEVENT_DATA_MAX` bytes, or NULL for `{}`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` or `name` is NULL, `name` does not match the pattern, `data_json` is not a JSON object, or the event is declared stateful.
 * @retval -ENOENT The manifest declares schema v1.8.0 and lists `events`, and `name` is not among them (LyktaOS 12.6 and later).
 * @retval -EMSGSIZE `data_json` is longer than `LYKEVENT_DATA_MAX` bytes.
 * @retval -EIO The event service could not be reached.
 * @threadsafety Safe to call from any thread with the same handle.
 * @since 3.0
 */
int lykevent_send(lykevent_handle_t *handle, const char *name, const char *data_json);

/**
 * @brief Sets the state of a stateful event and raises it.
 *
 * Sends one event whose data is `data_json` plus the member `active`, and records the state
 * so that later subscribers receive it first. Every call is delivered, also when `active` did
 * not change; action rules react to the changes. Clear a condition with `active` false before
 * the application stops, or subscribers keep the last state until the topic is withdrawn.
 * The boot-time limitation described for lykevent_send() applies here too.
 *
 * @param handle    From lykevent_open().
 * @param name      A stateful event declared with lykevent_declare() or in the manifest.
 * @param active    True while the condition holds.
 * @param data_json A JSON object without an `active` member, at most `LYKEVENT_DATA_MAX`
 *        bytes, or NULL for no further members.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` or `name` is NULL, `data_json` is not a JSON object or contains `active`, or the event is declared stateless.
 * @retval -ENOENT The event is not declared, neither by this handle nor in the manifest.
 * @retval -EMSGSIZE `data_json` is longer than `LYKEVENT_DATA_MAX` bytes.
 * @retval -EIO The event service could not be reached.
 * @threadsafety Safe to call from any thread with the same handle.
 * @since 3.0
 */
int lykevent_set_state(lykevent_handle_t *handle, const char *name, bool active,
                       const char *data_json);

/**
 * @brief Calls a function for every event whose topic matches a filter.
 *
 * A filter is an exact topic name, such as `lykta:device/io/port`, or a path followed by a
 * slash and a single asterisk, which matches every topic below that path. Right after
 * subscribing, the callback receives the current state of every matching stateful topic with
 * `initial` set, then live events in the order they happened. A filter that matches no topic
 * yet is accepted, because application topics appear when their application declares them;
 * check names with `lyk events topics` (LyktaOS 10.12 LTS and later). One handle may hold several subscriptions.
 *
 * @param handle    From lykevent_open().
 * @param filter    Topic name or path with wildcard.
 * @param callback  Function to call for each event.
 * @param user_data Passed unchanged to `callback`.
 * @param[out] subscription_id Receives an identifier for lykevent_unsubscribe(), never 0.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle`, `filter`, `callback` or `subscription_id` is NULL, or `filter` is not a topic name or wildcard path.
 * @retval -EIO The event service could not be reached.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykevent_subscribe(lykevent_handle_t *handle, const char *filter, lykevent_event_cb callback,
                       void *user_data, unsigned int *subscription_id);

/**
 * @brief Ends a subscription.
 *
 * The callback is not called again once this returns. It may be called from inside the
 * subscription's own callback. Before LyktaOS 10.9 (fixed in LEAP 4.2), doing so leaked the
 * subscription; on such firmware, unsubscribe from an idle source added with `g_idle_add()`.
 *
 * @param handle          From lykevent_open().
 * @param subscription_id The identifier lykevent_subscribe() returned.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` is NULL.
 * @retval -ENOENT No subscription with that identifier exists on this handle.
 * @threadsafety Call from the thread that runs the default main context.
 * @since 3.0
 */
int lykevent_unsubscribe(lykevent_handle_t *handle, unsigned int subscription_id);

#ifdef __cplusplus
}
#endif

#endif /* LYKEVENT_H */
