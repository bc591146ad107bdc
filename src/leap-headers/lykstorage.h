/**
 * @file lykstorage.h
 * @brief Discover SD cards and network shares, and get a writable area for the application on them.
 * @library liblykstorage
 * @since 4.3
 *
 * The device's edge storage appears as disks, as in the Edge storage API: `sd0` is the
 * SD card slot, and each network share (SMB or NFS, at most two per camera) is a disk
 * whose id is the share id an administrator gave it, for example `lab-nas`. Products
 * without edge storage (for example the R10 and I8) report no disks. The library lists
 * the disks and their state, reports state changes, and hands the application a folder
 * on a mounted disk that only the application's user may write to.
 *
 * Listing and watching disks needs no permission. Writing needs the `storage`
 * supplementary group: manifests on schema v1.3 or later must list it in
 * `resources.groups`; manifests on v1.0 to v1.2 get it implicitly. Without it,
 * lykstorage_get_area() returns `-EACCES`; the installation does not fail.
 *
 * Application areas are not touched by the device's recording retention or cleanup, and
 * they stay on the disk when the application is removed. Their files count towards the
 * disk's fill level, so a growing area makes the device remove recordings sooner: cap
 * what the application keeps. For data that must stay on the device's own flash, use
 * `localdata/` instead. pkg-config package: `liblykstorage`. A binary linked against it does
 * not start on firmware older than LyktaOS 10.10, the release that brought the library.
 *
 * @threadsafety A handle may be used from several threads at once. Callbacks are
 * dispatched from the GLib main loop of the default main context.
 */
#ifndef LYKSTORAGE_H
#define LYKSTORAGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Largest length of a disk id, in bytes, without the terminating NUL.
 *
 * Share ids follow the Edge storage API pattern `^[a-z0-9][a-z0-9-]{0,31}$`.
 * @since 4.3
 */
#define LYKSTORAGE_DISK_ID_MAX 32

/**
 * @brief An open connection to the storage service.
 *
 * Opaque; obtained from lykstorage_open() and released with lykstorage_close().
 * @since 4.3
 */
typedef struct lykstorage_handle lykstorage_handle_t;

/**
 * @brief What kind of storage a disk is.
 * @since 4.3
 */
typedef enum {
    LYKSTORAGE_DISK_SD_CARD = 0,       /**< The SD card slot, id `sd0`. */
    LYKSTORAGE_DISK_NETWORK_SHARE = 1, /**< An SMB or NFS share configured on the device. */
} lykstorage_disk_type_t;

/**
 * @brief The state of a disk, with the meanings of the Edge storage API.
 *
 * Only `LYKSTORAGE_STATE_MOUNTED` disks hand out writable areas.
 * @since 4.3
 */
typedef enum {
    LYKSTORAGE_STATE_ABSENT = 0,     /**< No card in the slot, or a share that was deleted. */
    LYKSTORAGE_STATE_UNMOUNTED = 1,  /**< Present but not mounted, for example unmounted by an administrator. */
    LYKSTORAGE_STATE_MOUNTING = 2,   /**< Being mounted or checked; mounted or error follows. */
    LYKSTORAGE_STATE_MOUNTED = 3,    /**< Mounted and writable. */
    LYKSTORAGE_STATE_FORMATTING = 4, /**< Being formatted; every file on it, areas included, is lost. */
    LYKSTORAGE_STATE_READ_ONLY = 5,  /**< Mounted read-only after an I/O error or by the card's write-protect switch. */
    LYKSTORAGE_STATE_ERROR = 6,      /**< Unusable; the Edge storage API reports the cause. */
} lykstorage_disk_state_t;

/**
 * @brief One disk as the library reports it.
 * @since 4.3
 */
typedef struct {
    char id[LYKSTORAGE_DISK_ID_MAX + 1]; /**< Disk id, NUL-terminated: `sd0` or the share id. */
    lykstorage_disk_type_t type;         /**< SD card or network share. */
    lykstorage_disk_state_t state;       /**< State when the list or the notification was made. */
} lykstorage_disk_t;

/**
 * @brief Called when a disk changes state, appears or goes away.
 *
 * A card that is inserted, a share that is added, an unmount, a format or an I/O error
 * each lead to one or more calls. A share that is deleted is reported once with
 * `LYKSTORAGE_STATE_ABSENT` and is no longer listed afterwards. When the state leaves
 * `LYKSTORAGE_STATE_MOUNTED`, close every file in the disk's area at once: the device
 * does not wait for applications, and further writes fail. When it comes back to
 * `LYKSTORAGE_STATE_MOUNTED`, ask for the area again with lykstorage_get_area().
 *
 * @param disk           The disk with its new state; valid only during the call.
 * @param previous_state The state reported before this change.
 * @param user_data      The pointer given to lykstorage_watch_disks().
 * @since 4.3
 */
typedef void (*lykstorage_disk_changed_cb)(const lykstorage_disk_t *disk,
                                           lykstorage_disk_state_t previous_state,
                                           void *user_data);

/**
 * @brief Opens a connection to the storage service for the application.
 *
 * @param app_name     The application name from the manifest (`application.name`).
 * @param[out] handle  Receives the new handle; release it with lykstorage_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `app_name` or `handle` is NULL, or `app_name` is empty.
 * @retval -EAGAIN The storage service is still starting after boot; retry after a second.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @since 4.3
 */
int lykstorage_open(const char *app_name, lykstorage_handle_t **handle);

/**
 * @brief Lists the disks of the device with their type and current state.
 *
 * The SD card slot is listed on products that have one, also while it is empty
 * (`LYKSTORAGE_STATE_ABSENT`). A product without edge storage returns a count of 0.
 *
 * @param handle      From lykstorage_open().
 * @param[out] disks  Receives a newly allocated array of `*count` entries, or NULL when
 *                    the count is 0; release it with lykstorage_free().
 * @param[out] count  Receives the number of disks.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @note Before LyktaOS 11.9 (LEAP 4.13) a network share could still be reported as
 * mounted for several seconds after it had been unmounted.
 * @since 4.3
 */
int lykstorage_list_disks(lykstorage_handle_t *handle, lykstorage_disk_t **disks, size_t *count);

/**
 * @brief Reads the type and current state of one disk.
 *
 * @param handle    From lykstorage_open().
 * @param disk_id   `sd0` or a share id.
 * @param[out] disk Filled with the disk's data.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL.
 * @retval -ENOENT No disk with that id exists on the device.
 * @threadsafety Safe to call from any thread.
 * @since 4.3
 */
int lykstorage_get_disk(lykstorage_handle_t *handle, const char *disk_id, lykstorage_disk_t *disk);

/**
 * @brief Returns the application's writable folder on a mounted disk, creating it if needed.
 *
 * The folder belongs to the application's user, and other applications cannot read it.
 * It keeps its contents across restarts, reboots and replacements with `--replace`, and
 * stays on the disk when the application is removed; formatting the disk deletes it.
 * On a network share it is a folder below the share's path, and the file server's own
 * permissions apply as well. The path is valid while the disk stays mounted; after the
 * disk comes back, call this function again instead of reusing an old path.
 *
 * @param handle      From lykstorage_open().
 * @param disk_id     `sd0` or a share id.
 * @param[out] path   Receives the absolute path of the folder, newly allocated and
 *                    NUL-terminated; release it with lykstorage_free().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL.
 * @retval -ENOENT No disk with that id exists on the device.
 * @retval -EACCES The application's user is not in the `storage` group: a manifest on
 *         schema v1.3 or later does not list it in `resources.groups`.
 * @retval -ENOMEDIUM The SD card slot is empty (`LYKSTORAGE_STATE_ABSENT`).
 * @retval -EAGAIN The disk is being mounted or formatted; wait for the state callback.
 * @retval -ENODEV The disk is unmounted or in the error state.
 * @retval -EROFS The disk is mounted read-only.
 * @retval -ENOSPC The folder could not be created because the disk is full.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @since 4.3
 */
int lykstorage_get_area(lykstorage_handle_t *handle, const char *disk_id, char **path);

/**
 * @brief Reads the size and the free space of a mounted disk's file system.
 *
 * Use it to keep the application's area below a cap. The values are those of the whole
 * file system, shared with recordings and with other applications.
 *
 * @param handle              From lykstorage_open().
 * @param disk_id             `sd0` or a share id.
 * @param[out] capacity_bytes Receives the size of the file system in bytes.
 * @param[out] free_bytes     Receives the bytes still available to the application.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL.
 * @retval -ENOENT No disk with that id exists on the device.
 * @retval -ENOMEDIUM The SD card slot is empty.
 * @retval -ENODEV The disk is not mounted (unmounted, mounting, formatting or error).
 * @threadsafety Safe to call from any thread.
 * @since 4.3
 */
int lykstorage_get_space(lykstorage_handle_t *handle, const char *disk_id,
                         uint64_t *capacity_bytes, uint64_t *free_bytes);

/**
 * @brief Sets the function called when a disk changes state; NULL stops the notifications.
 *
 * One callback per handle: a new call replaces the previous callback. Changes are
 * delivered in the GLib main loop of the default main context, in the order they
 * happened, so the application must run a main loop there. No initial call is made:
 * read the current state with lykstorage_list_disks() after setting the callback.
 *
 * @param handle    From lykstorage_open().
 * @param callback  The function to call, or NULL.
 * @param user_data Passed unchanged to `callback`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `handle` is NULL.
 * @threadsafety Call from the thread that runs the default GLib main context; the
 * callback may call it to change or remove itself.
 * @since 4.3
 */
int lykstorage_watch_disks(lykstorage_handle_t *handle, lykstorage_disk_changed_cb callback,
                           void *user_data);

/**
 * @brief Releases memory returned by this library (disk arrays and paths).
 *
 * @param ptr A pointer returned by lykstorage_list_disks() or lykstorage_get_area(), or
 *            NULL, which is ignored.
 * @threadsafety Safe to call from any thread, once per pointer.
 * @since 4.3
 */
void lykstorage_free(void *ptr);

/**
 * @brief Closes the connection; no callback runs for the handle afterwards.
 *
 * Areas already obtained stay usable as folders; files open in them are not affected.
 *
 * @param handle From lykstorage_open(), or NULL, which is ignored; invalid afterwards.
 * @threadsafety Call from the thread that runs the default GLib main context, and not
 * from within the handle's callback.
 * @since 4.3
 */
void lykstorage_close(lykstorage_handle_t *handle);

#ifdef __cplusplus
}
#endif

#endif /* LYKSTORAGE_H */
