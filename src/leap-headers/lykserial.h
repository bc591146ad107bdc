/**
 * @file lykserial.h
 * @brief Open, configure and use the RS-232, RS-422 and RS-485 ports of a device.
 * @library liblykserial
 * @since 4.6
 *
 * Ports are named `port1` to `port4`, the names `resources.serialPorts` uses in the
 * manifest; `port1` is the port the Serial port API calls `serial1`. Which ports and
 * electrical modes a product has differs: the F52-LV has one port for RS-232, RS-422
 * and RS-485, the Q61 and Q80-T one RS-485 two-wire port, most cameras none.
 *
 * Access: from schema v1.4.0 (LEAP 4.7, LyktaOS 11.1) the manifest lists the ports in
 * `resources.serialPorts` and `serial` in `resources.groups`; both are needed. While the
 * application runs, the device's own serial features (such as the TCP passthrough or
 * serial PTZ control) let go of the listed ports, and get them back when it stops.
 * In LEAP 4.6 (LyktaOS 11.0), and for packages on older schemas, an administrator must
 * instead assign the port to applications in the device's serial-port settings. The
 * installer does not compare the list with the hardware, so a port the product lacks
 * fails only at lykserial_open(). The library needs LyktaOS 11.0 or later; a binary
 * linked against it does not start on older firmware. pkg-config package: `liblykserial`.
 *
 * Line settings (mode, speed, framing, RS-485 direction control, termination) are set
 * in code with lykserial_configure(), not in the manifest. An RS-422 or RS-485 bus
 * needs a 120 ohm termination at each physical end and nowhere else.
 *
 * @threadsafety Different ports are independent. On one port, one thread may read
 * while another writes; every other function must not run at the same time as any
 * other call on that port. No callbacks: to wait for data in a GLib main loop, watch
 * the descriptor of lykserial_get_fd().
 */
#ifndef LYKSERIAL_H
#define LYKSERIAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief An open serial port.
 *
 * Opaque; obtained from lykserial_open() and released with lykserial_close().
 * @since 4.6
 */
typedef struct lykserial_port lykserial_port_t;

/**
 * @brief Electrical mode of a port's transceiver.
 * @since 4.6
 */
typedef enum {
    LYKSERIAL_MODE_RS232 = 0,       /**< RS-232 (TIA-232): single-ended, point to point. */
    LYKSERIAL_MODE_RS422 = 1,       /**< RS-422 (TIA-422): differential, full duplex, one driver. */
    LYKSERIAL_MODE_RS485_2WIRE = 2, /**< RS-485 (TIA-485) on one pair: half duplex, multidrop; the driver is on only while sending. */
    LYKSERIAL_MODE_RS485_4WIRE = 3, /**< RS-485 on two pairs: full duplex, several drivers; accepted from LyktaOS 11.11 LTS. */
} lykserial_mode_t;

/**
 * @brief Parity bit of each character.
 * @since 4.6
 */
typedef enum {
    LYKSERIAL_PARITY_NONE = 0, /**< No parity bit. */
    LYKSERIAL_PARITY_EVEN = 1, /**< Even parity. */
    LYKSERIAL_PARITY_ODD = 2,  /**< Odd parity. */
} lykserial_parity_t;

/**
 * @brief Flow control of a port.
 * @since 4.6
 */
typedef enum {
    LYKSERIAL_FLOW_NONE = 0,     /**< No flow control. */
    LYKSERIAL_FLOW_RTS_CTS = 1,  /**< Hardware flow control on the RTS and CTS lines; RS-232 only. */
    LYKSERIAL_FLOW_XON_XOFF = 2, /**< Software flow control with the XON (0x11) and XOFF (0x13) characters. */
} lykserial_flow_control_t;

/**
 * @brief Which buffered data lykserial_flush() discards.
 * @since 4.6
 */
typedef enum {
    LYKSERIAL_QUEUE_INPUT = 1,  /**< Received bytes not read yet. */
    LYKSERIAL_QUEUE_OUTPUT = 2, /**< Written bytes not sent yet. */
    LYKSERIAL_QUEUE_BOTH = 3,   /**< Both directions. */
} lykserial_queue_t;

/**
 * @brief Line settings of a port.
 *
 * Read the current settings with lykserial_get_config(), change the members you need and
 * apply them with lykserial_configure().
 * @since 4.6
 */
typedef struct {
    lykserial_mode_t mode;                 /**< Electrical mode; must be one the port's transceiver supports. */
    unsigned int baud_rate;                /**< Bits per second: 1200, 2400, 4800, 9600, 19200, 38400, 57600 or 115200. */
    unsigned int data_bits;                /**< Data bits per character: 7 or 8. */
    lykserial_parity_t parity;             /**< Parity bit. */
    unsigned int stop_bits;                /**< Stop bits: 1 or 2. */
    lykserial_flow_control_t flow_control; /**< Flow control; `LYKSERIAL_FLOW_RTS_CTS` in RS-232 only. */
    bool termination;                      /**< Switch in the built-in 120 ohm termination; RS-422 and RS-485 only; `true` is accepted from LyktaOS 11.11 LTS. */
    unsigned int rs485_delay_before_send_ms; /**< RS-485 two-wire: milliseconds between enabling the driver and the first bit, 0 to 100. */
    unsigned int rs485_delay_after_send_ms;  /**< RS-485 two-wire: milliseconds the driver stays on after the last bit, 0 to 100. */
} lykserial_config_t;

/**
 * @brief Opens a serial port for exclusive use by the application.
 *
 * The port keeps the settings it had, for example those set through the Serial port API;
 * configure it explicitly with lykserial_configure() before use. (Before LyktaOS 11.10,
 * a port reopened after a device feature had used it came back at 9600 baud.)
 *
 * @param port_name  `port1` to `port4`.
 * @param[out] port  Receives the open port; release it with lykserial_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL, or `port_name` is not `port1` to `port4`.
 * @retval -EACCES The application may not open the port: `serial` is missing from
 *         `resources.groups`, or the port is missing from `resources.serialPorts`
 *         (for packages on schemas before v1.4.0: the port is not assigned to
 *         applications in the device's serial-port settings).
 * @retval -ENODEV The product has no port of that name.
 * @retval -EBUSY Another application holds the port (the first to start wins), or, with
 *         the manual assignment of LyktaOS 11.0, a device feature such as the serial PTZ
 *         control of a PU-100 uses it.
 * @retval -ENOMEM Out of memory.
 * @threadsafety Safe to call from any thread.
 * @since 4.6
 */
int lykserial_open(const char *port_name, lykserial_port_t **port);

/**
 * @brief Reads the current line settings of a port.
 *
 * @param port        From lykserial_open().
 * @param[out] config Filled with the settings in effect.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL.
 * @threadsafety Not concurrently with other calls on the same port.
 * @since 4.6
 */
int lykserial_get_config(lykserial_port_t *port, lykserial_config_t *config);

/**
 * @brief Applies line settings to a port.
 *
 * Either all settings are applied or none. Bytes still waiting to be sent are sent with
 * the old settings first; received bytes not read yet are discarded. In
 * `LYKSERIAL_MODE_RS485_2WIRE` the device switches its driver on only while sending, so
 * the application's own transmission is not received back.
 *
 * @param port   From lykserial_open().
 * @param config The new settings; copied by the library.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL An argument is NULL, or a value is outside its range or does not fit
 *         the mode (RTS/CTS outside RS-232, termination in RS-232).
 * @retval -ENOTSUP The port's transceiver does not support the mode (for example RS-232
 *         on a Q61), or the firmware predates the feature: four-wire RS-485 and
 *         switchable termination need LyktaOS 11.11 LTS.
 * @retval -EIO The hardware refused the settings.
 * @threadsafety Not concurrently with other calls on the same port.
 * @since 4.6
 */
int lykserial_configure(lykserial_port_t *port, const lykserial_config_t *config);

/**
 * @brief Reads received bytes, waiting up to a timeout for the first one.
 *
 * Returns as soon as at least one byte is available, with as many bytes as are waiting,
 * up to `size`. Characters received with a parity or framing error are discarded.
 * Protocols framed by silence, such as Modbus RTU, read with a short timeout and treat
 * `-ETIMEDOUT` as the end of a frame.
 *
 * @param port        From lykserial_open().
 * @param[out] buffer Receives the bytes.
 * @param size        Capacity of `buffer` in bytes; at least 1.
 * @param timeout_ms  Longest wait in milliseconds; 0 returns at once, -1 waits without limit.
 * @return The number of bytes read (at least 1), or a negative errno value.
 * @retval -EAGAIN `timeout_ms` is 0 and no byte is waiting.
 * @retval -ETIMEDOUT No byte arrived within `timeout_ms`.
 * @retval -EINVAL `port` or `buffer` is NULL, or `size` is 0.
 * @retval -EIO A hardware error, such as a receive overrun.
 * @threadsafety One reader per port; may run while another thread writes.
 * @since 4.6
 */
ssize_t lykserial_read(lykserial_port_t *port, void *buffer, size_t size, int timeout_ms);

/**
 * @brief Queues bytes for sending, waiting up to a timeout for room in the output buffer.
 *
 * Returns when all bytes are queued, or when the timeout passes after some were; the
 * return value says how many. Queued is not sent: call lykserial_drain() before
 * expecting an answer on a half-duplex bus.
 *
 * @param port       From lykserial_open().
 * @param data       The bytes to send.
 * @param size       Number of bytes in `data`; at least 1.
 * @param timeout_ms Longest wait in milliseconds; 0 returns at once, -1 waits without limit.
 * @return The number of bytes queued (at least 1), or a negative errno value.
 * @retval -EAGAIN `timeout_ms` is 0 and the output buffer is full.
 * @retval -ETIMEDOUT No byte could be queued within `timeout_ms`, for example because
 *         flow control holds the line.
 * @retval -EINVAL `port` or `data` is NULL, or `size` is 0.
 * @retval -EIO A hardware error.
 * @threadsafety One writer per port; may run while another thread reads.
 * @since 4.6
 */
ssize_t lykserial_write(lykserial_port_t *port, const void *data, size_t size, int timeout_ms);

/**
 * @brief Waits until every queued byte has left the port, including the RS-485 delay after sending.
 *
 * @param port       From lykserial_open().
 * @param timeout_ms Longest wait in milliseconds; -1 waits without limit.
 * @return 0 on success, or a negative errno value.
 * @retval -ETIMEDOUT Bytes were still waiting when `timeout_ms` passed.
 * @retval -EINVAL `port` is NULL.
 * @retval -EIO A hardware error.
 * @threadsafety Not concurrently with lykserial_write() on the same port.
 * @since 4.6
 */
int lykserial_drain(lykserial_port_t *port, int timeout_ms);

/**
 * @brief Discards received bytes not read yet, queued bytes not sent yet, or both.
 *
 * @param port  From lykserial_open().
 * @param queue Which direction to discard.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `port` is NULL, or `queue` is not a `lykserial_queue_t` value.
 * @threadsafety Not concurrently with other calls on the same port.
 * @since 4.6
 */
int lykserial_flush(lykserial_port_t *port, lykserial_queue_t queue);

/**
 * @brief Returns a file descriptor that becomes readable when received bytes are waiting.
 *
 * Use it with poll(2) or g_unix_fd_add() (condition `G_IO_IN`), then fetch the bytes
 * with lykserial_read() and a timeout of 0. The descriptor belongs to the port: do not
 * read from, write to, close or reconfigure it. It stays valid until lykserial_close().
 *
 * @param port From lykserial_open().
 * @return A file descriptor (0 or greater), or a negative errno value.
 * @retval -EINVAL `port` is NULL.
 * @threadsafety Safe to call from any thread while the port is open.
 * @since 4.6
 */
int lykserial_get_fd(lykserial_port_t *port);

/**
 * @brief Closes a port.
 *
 * The port stays claimed for the application until the application stops; only then
 * do the device's own serial features get it back. Bytes not sent yet are discarded; call lykserial_drain() first to send them. Remove
 * any main-loop source watching the descriptor of lykserial_get_fd() before closing.
 *
 * @param port From lykserial_open(), or NULL, which is ignored; invalid afterwards.
 * @threadsafety Not concurrently with any other call on the same port.
 * @since 4.6
 */
void lykserial_close(lykserial_port_t *port);

#ifdef __cplusplus
}
#endif

#endif /* LYKSERIAL_H */
