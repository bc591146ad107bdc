/**
 * @file lis.h
 * @brief Load TensorFlow Lite models and run them through the LEAP Inference Service.
 * @library liblis
 * @since 4.0
 *
 * `lis` is the system service that owns the DLPU of LykChip 8 products and runs models
 * with TensorFlow Lite CPU kernels on LykChip 7 products. This library is its client for
 * native applications; container applications reach the same service through the
 * `lykta.lis.v1` gRPC package. No group in `resources.groups` is needed.
 *
 * The flow is always the same: open a session with lis_session_open(), load each model
 * once with lis_model_load() and keep the handle, read the tensor shapes with
 * lis_model_get_input_info() and lis_model_get_output_info(), then call lis_model_run()
 * per frame. Release models with lis_model_free() and the session with
 * lis_session_close().
 *
 * `lis` accepts fully int8-quantized `.tflite` files: int8 weights and activations, int8
 * or uint8 model inputs and outputs, NHWC layout, batch size 1, static shapes, height and
 * width of any tensor at most 2048 and at most 4096 channels. The float32 outputs of a
 * final `TFLite_Detection_PostProcess` operator (SSD models) are accepted too. Operators the
 * DLPU does not implement, or uses outside its limits, run on the CPU inside `lis`; that
 * is not an error, and lis_model_get_placement() reports how many did. At load, `lis` also
 * writes a placement line naming those operators to the system log (the journal on LyktaOS 12).
 *
 * All models of all applications, and Lykta's own object detection, share one DLPU memory
 * pool of 256 MiB that `lis` reserves at boot. The DLPU runs one inference at a time:
 * `lis` queues the requests of each session and serves the sessions in turn.
 *
 * The library has no callbacks. lis_model_load() and lis_model_run() block until `lis`
 * answers; keep them off the thread of a GLib main loop that must stay responsive.
 *
 * @threadsafety Sessions and models may be used from any thread. Calls on one session,
 * from any number of threads, are queued in the order they arrive. A model must not be
 * freed while another thread runs it.
 */
#ifndef LIS_H
#define LIS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief A connection to the LEAP Inference Service.
 *
 * Opaque; obtained from lis_session_open() and released with lis_session_close().
 * @since 4.0
 */
typedef struct lis_session lis_session_t;

/**
 * @brief A model loaded into `lis`.
 *
 * Opaque; obtained from lis_model_load() and released with lis_model_free().
 * @since 4.0
 */
typedef struct lis_model lis_model_t;

/**
 * @brief Where `lis` executes the models of a session.
 * @since 4.0
 */
typedef enum {
    LIS_BACKEND_DLPU = 1, /**< The DLPU of a LykChip 8 product; unsupported operators run on the CPU. */
    LIS_BACKEND_CPU = 2,  /**< TensorFlow Lite CPU kernels only, as on LykChip 7 products; typically
                               50 to 100 times slower than the DLPU. */
} lis_backend_t;

/**
 * @brief Element type of a model's input or output tensor.
 * @since 4.0
 */
typedef enum {
    LIS_DTYPE_INT8 = 1,    /**< Signed 8-bit quantized values. */
    LIS_DTYPE_UINT8 = 2,   /**< Unsigned 8-bit quantized values; model inputs and outputs only. */
    LIS_DTYPE_FLOAT32 = 3, /**< 32-bit float; only the outputs of `TFLite_Detection_PostProcess`. */
} lis_dtype_t;

/**
 * @brief Shape, type and quantization of one input or output tensor.
 *
 * Dequantize an 8-bit value q as `scale * (q - zero_point)`.
 * @since 4.0
 */
typedef struct {
    lis_dtype_t type; /**< Element type. */
    unsigned ndims;   /**< Number of dimensions used in `dims`, 1 to 4. */
    int dims[4];      /**< Dimensions in NHWC order for image tensors (dims[1] height, dims[2] width,
                           dims[3] channels); entries from `ndims` on are 0. */
    float scale;      /**< Quantization scale; 0 for float32 tensors. */
    int zero_point;   /**< Quantization zero point; 0 for float32 tensors. */
    size_t size;      /**< Size of the tensor in bytes: the buffer lis_model_run() reads or writes. */
} lis_tensor_info_t;

/**
 * @brief Opens a session with the LEAP Inference Service.
 *
 * One session per process is usually enough; it can hold several models. Each session is
 * served in turn with the sessions of other applications.
 *
 * @param[out] session Receives the session; close it with lis_session_close().
 * @return 0 on success, or a negative errno value.
 * @retval -EAGAIN `lis` is still starting after boot; try again after a few seconds.
 * @retval -ENODEV No inference backend is available. Released firmware always offers at least the
 * CPU backend; the 4.0_beta1 preview returned this on LykChip 7 products.
 * @retval -ENOMEM Out of memory in the application.
 * @retval -EINVAL `session` is NULL.
 * @threadsafety Safe to call from any thread.
 * @since 4.0
 */
int lis_session_open(lis_session_t **session);

/**
 * @brief Closes a session.
 *
 * Free every model of the session with lis_model_free() first. Models still loaded are
 * unloaded from `lis` here; their handles may afterwards only be passed to
 * lis_model_free().
 *
 * @param session From lis_session_open(); NULL is allowed and does nothing.
 * @threadsafety Not while another thread uses the session or one of its models.
 * @since 4.0
 */
void lis_session_close(lis_session_t *session);

/**
 * @brief Tells which backend executes the models of a session.
 *
 * Ask once after opening and adapt the frame rate: the same int8 model that needs a few
 * milliseconds on the DLPU can take hundreds on the CPU of a LykChip 7 product.
 *
 * @param session From lis_session_open().
 * @param[out] backend Receives `LIS_BACKEND_DLPU` or `LIS_BACKEND_CPU`.
 * @return 0 on success, or a negative errno value.
 * @retval -ENOTCONN The connection to `lis` was lost (the service restarted); open a new session.
 * @retval -EINVAL A NULL argument.
 * @threadsafety Any thread.
 * @since 4.0
 */
int lis_session_get_backend(lis_session_t *session, lis_backend_t *backend);

/**
 * @brief Loads a TensorFlow Lite model file into `lis`.
 *
 * `lis` checks every operator, splits the graph between the DLPU and the CPU and places the
 * model in the DLPU memory pool. That normally takes a few hundred milliseconds. The first
 * load of a large model after an install or a model change can take up to about 20
 * seconds while `lis` prepares it for the DLPU; since LyktaOS 10.9 the prepared model is
 * kept across reboots (before, this happened after every reboot). Load each model once at
 * start-up and keep the handle.
 *
 * Ship model files in the package's `model/` folder and load them from
 * `/usr/local/packages/<appname>/model/`.
 *
 * @param session From lis_session_open().
 * @param path Absolute path of the `.tflite` file; it must be readable by the application's user.
 * @param[out] model Receives the model; release it with lis_model_free().
 * @return 0 on success, or a negative errno value.
 * @retval -ENOENT No file at `path`.
 * @retval -EACCES The application's user may not read the file.
 * @retval -EINVAL Not a TensorFlow Lite file, or a NULL argument.
 * @retval -ENOTSUP `lis` refuses the model: float or dynamic-range quantized, 16x8 mode, Flex
 * (`SELECT_TF_OPS`) operators, custom operators other than `TFLite_Detection_PostProcess`,
 * dynamic shapes or a batch size above 1. The system log names the reason.
 * @retval -ENOMEM The model does not fit in what is left of the DLPU memory pool; the system log
 * names the pool.
 * @retval -ENOTCONN The connection to `lis` was lost (the service restarted); open a new session.
 * @threadsafety Any thread; blocks until the model is loaded.
 * @since 4.0
 */
int lis_model_load(lis_session_t *session, const char *path, lis_model_t **model);

/**
 * @brief Unloads a model and releases its handle and its share of the DLPU memory pool.
 *
 * @param model From lis_model_load(); NULL is allowed and does nothing.
 * @threadsafety Not while another thread runs the model.
 * @since 4.0
 */
void lis_model_free(lis_model_t *model);

/**
 * @brief Returns the number of input tensors of a model.
 *
 * @param model From lis_model_load().
 * @return Number of inputs; the length of the `inputs` array of lis_model_run().
 * @threadsafety Any thread.
 * @since 4.0
 */
unsigned lis_model_num_inputs(const lis_model_t *model);

/**
 * @brief Returns the number of output tensors of a model.
 *
 * @param model From lis_model_load().
 * @return Number of outputs; the length of the `outputs` array of lis_model_run().
 * @threadsafety Any thread.
 * @since 4.0
 */
unsigned lis_model_num_outputs(const lis_model_t *model);

/**
 * @brief Describes one input tensor of a model.
 *
 * @param model From lis_model_load().
 * @param index Input number, from 0 to lis_model_num_inputs() - 1.
 * @param[out] info Filled in on success.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `index` out of range, or a NULL argument.
 * @threadsafety Any thread.
 * @since 4.0
 */
int lis_model_get_input_info(const lis_model_t *model, unsigned index, lis_tensor_info_t *info);

/**
 * @brief Describes one output tensor of a model.
 *
 * @param model From lis_model_load().
 * @param index Output number, from 0 to lis_model_num_outputs() - 1.
 * @param[out] info Filled in on success.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL `index` out of range, or a NULL argument.
 * @threadsafety Any thread.
 * @since 4.0
 */
int lis_model_get_output_info(const lis_model_t *model, unsigned index, lis_tensor_info_t *info);

/**
 * @brief Runs one inference.
 *
 * `lis` copies the inputs in, queues the request behind those of other sessions, executes
 * the model's DLPU and CPU segments in order and writes the outputs. Input buffers are
 * only read, so a frame from `liblykvdo` in the model's size and format can be passed as
 * it is, read-only zero-copy memory included.
 *
 * @param model From lis_model_load().
 * @param inputs One pointer per input tensor, in index order, each to the number of bytes
 * lis_model_get_input_info() reports in `size`.
 * @param outputs One pointer per output tensor, in index order, each to a buffer of the number
 * of bytes lis_model_get_output_info() reports in `size`.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL A NULL argument or a NULL entry in `inputs` or `outputs`.
 * @retval -EIO The inference failed in `lis`; the system log has the details. Later runs may succeed.
 * @retval -ENOTCONN The connection to `lis` was lost (the service restarted); open a new session and
 * load the models again.
 * @threadsafety Any thread; blocks until the outputs are written. Runs of one session are queued.
 * @since 4.0
 */
int lis_model_run(lis_model_t *model, const void *const inputs[], void *const outputs[]);

/**
 * @brief Tells how many operators of a model run on the DLPU and how many on the CPU.
 *
 * The same counts as the placement line `lis` writes to the system log at load. On the CPU
 * backend every operator counts in `cpu_ops`.
 *
 * @param model From lis_model_load().
 * @param[out] dlpu_ops Receives the number of operators executed by the DLPU.
 * @param[out] cpu_ops Receives the number of operators executed on the CPU.
 * @return 0 on success, or a negative errno value.
 * @retval -EINVAL A NULL argument.
 * @threadsafety Any thread.
 * @since 4.0
 */
int lis_model_get_placement(const lis_model_t *model, unsigned *dlpu_ops, unsigned *cpu_ops);

#ifdef __cplusplus
}
#endif

#endif /* LIS_H */
