/* gpuwhy.h - why there is no usable GPU, in one line (gpu_probe's message).
 * Plain C and no CUDA, so that the rule is tested without a GPU. */
#ifndef GPUWHY_H
#define GPUWHY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  GPU_USABLE = 0,
  GPU_NO_DRIVER,   /* libcuda.so.1 missing, or its kernel module not loaded */
  GPU_OLD_DRIVER,  /* the driver's CUDA version is older than the runtime's */
  GPU_NO_DEVICE    /* a driver, but no device it can use                    */
} gpu_why_t;

/* What the probe found: driver = cuDriverGetVersion of libcuda.so.1 (0 when
 * the library cannot be opened), runtime = cudaRuntimeGetVersion, module = the
 * kernel module is loaded (/proc/driver/nvidia/version exists), count and
 * err = what cudaGetDeviceCount returned (err 0: success; errname its name).
 * Writes the message into out: "no CUDA device: no NVIDIA driver loaded
 * (libcuda.so.1 not found)", "no CUDA device: the NVIDIA driver is older than
 * this CUDA runtime (driver 12.2, runtime 13.0): ...", "no CUDA device: driver
 * 13.0 present, no device (cudaErrorNoDevice)". GPU_USABLE when count > 0. */
gpu_why_t gpu_why(int driver, int runtime, int module, int count, int err, const char *errname,
                  char *out, size_t len);

#ifdef __cplusplus
}
#endif
#endif
