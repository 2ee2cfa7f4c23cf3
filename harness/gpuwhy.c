/* gpuwhy.c - see gpuwhy.h. The order matters: a missing library or an old
 * driver makes cudaGetDeviceCount say cudaErrorInsufficientDriver in both
 * cases, and "insufficient" sent students looking for a driver upgrade on a
 * machine with no driver at all. */
#include "gpuwhy.h"

#include <stdio.h>

gpu_why_t gpu_why(int driver, int runtime, int module, int count, int err, const char *errname,
                  char *out, size_t len) {
  if (count > 0 && err == 0) {
    snprintf(out, len, "%d CUDA device%s", count, count == 1 ? "" : "s");
    return GPU_USABLE;
  }
  if (driver <= 0) {
    snprintf(out, len, "no CUDA device: no NVIDIA driver loaded (libcuda.so.1 not found)");
    return GPU_NO_DRIVER;
  }
  if (runtime > 0 && driver < runtime) {
    snprintf(out, len, "no CUDA device: the NVIDIA driver is older than this CUDA runtime (driver %d.%d, "
             "runtime %d.%d): install a newer driver or build with an older toolkit",
             driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10);
    return GPU_OLD_DRIVER;
  }
  if (!module) {
    snprintf(out, len, "no CUDA device: no NVIDIA driver loaded (libcuda.so.1 is installed, driver %d.%d, "
             "but its kernel module is not: no /proc/driver/nvidia/version)", driver / 1000, driver % 1000 / 10);
    return GPU_NO_DRIVER;
  }
  snprintf(out, len, "no CUDA device: driver %d.%d present, no device (%s)", driver / 1000,
           driver % 1000 / 10, err ? (errname ? errname : "error") : "cudaGetDeviceCount found 0");
  return GPU_NO_DEVICE;
}
