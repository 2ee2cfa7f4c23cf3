/* test_probe.c - what a machine without a GPU (or with a busy CPU, or a file of sparse ids)
 * is told: the GPU probe's three reasons (gpuwhy.h), the CPU baseline's default thread count
 * (cpubase.h), and the sparse-id warning and limit (io.h). No GPU needed. */
#include "testutil.h"

#include "cpubase.h"
#include "gpuwhy.h"
#include "io.h"

static void test_gpu_why(void **st) {
  (void)st;
  char m[256];
  /* a device: usable, whatever else */
  assert_int_equal(gpu_why(13000, 13000, 1, 1, 0, NULL, m, sizeof m), GPU_USABLE);
  /* no libcuda.so.1: no driver, whatever the runtime said (it says "insufficient driver") */
  assert_int_equal(gpu_why(0, 13000, 0, 0, 35, "cudaErrorInsufficientDriver", m, sizeof m), GPU_NO_DRIVER);
  assert_string_equal(m, "no CUDA device: no NVIDIA driver loaded (libcuda.so.1 not found)");
  /* a driver older than the runtime: both versions named */
  assert_int_equal(gpu_why(12020, 13000, 1, 0, 35, "cudaErrorInsufficientDriver", m, sizeof m), GPU_OLD_DRIVER);
  if (!strstr(m, "no CUDA device: the NVIDIA driver is older than this CUDA runtime (driver 12.2, runtime 13.0)"))
    fail_msg("old driver: \"%s\"", m);
  /* a library but no kernel module: no driver loaded, said so */
  assert_int_equal(gpu_why(13000, 13000, 0, 0, 100, "cudaErrorNoDevice", m, sizeof m), GPU_NO_DRIVER);
  if (!strstr(m, "no NVIDIA driver loaded") || !strstr(m, "kernel module")) fail_msg("no module: \"%s\"", m);
  /* driver and module, no device */
  assert_int_equal(gpu_why(13010, 13000, 1, 0, 100, "cudaErrorNoDevice", m, sizeof m), GPU_NO_DEVICE);
  assert_string_equal(m, "no CUDA device: driver 13.1 present, no device (cudaErrorNoDevice)");
  assert_int_equal(gpu_why(13000, 13000, 1, 0, 0, NULL, m, sizeof m), GPU_NO_DEVICE);
  assert_string_equal(m, "no CUDA device: driver 13.0 present, no device (cudaGetDeviceCount found 0)");
  /* one line each */
  assert_null(strchr(m, '\n'));
}

static void test_default_threads(void **st) {
  (void)st;
  char why[128];
  assert_int_equal(cpubase_pick_threads(2, 1.04, NULL, why, sizeof why), 1);
  assert_string_equal(why, "2 cores, load average 1.04: 1 free; OMP_NUM_THREADS sets it");
  assert_int_equal(cpubase_pick_threads(16, 0.2, NULL, why, sizeof why), 16);
  assert_int_equal(cpubase_pick_threads(16, 3.6, "", why, sizeof why), 12);
  assert_int_equal(cpubase_pick_threads(2, 7.0, NULL, why, sizeof why), 1); /* at least one */
  assert_int_equal(cpubase_pick_threads(1, 0, NULL, why, sizeof why), 1);
  assert_string_equal(why, "1 core, load average 0.00: 1 free; OMP_NUM_THREADS sets it");
  assert_int_equal(cpubase_pick_threads(2, 1.9, "8", why, sizeof why), 8);  /* the variable wins */
  assert_string_equal(why, "OMP_NUM_THREADS=8");
  assert_int_equal(cpubase_pick_threads(4, 0, "junk", why, sizeof why), 4); /* not a number: ignored */
  int t = cpubase_default_threads(why, sizeof why);
  assert_true(t >= 1);
  assert_true(why[0] != '\0');
}

static void test_sparse_ids(void **st) {
  (void)st;
  vid_t src = 0, dst = 500000000;
  edgelist_t el = {500000001, 1, 1, &src, &dst, NULL, 0};
  io_allow_sparse_ids = 0;
  fail_clear();
  assert_int_equal(io_check_sparse("g.el", &el), EXIT_INPUT);
  assert_fail_contains("g.el: 500000001 vertices (ids 0..500000000) for 1 edge: per-vertex arrays of 7.45 GiB");
  assert_fail_contains("--allow-sparse-ids");
  io_allow_sparse_ids = 1; /* the flag goes past it (a warning line on stderr) */
  assert_int_equal(io_check_sparse("g.el", &el), 0);
  io_allow_sparse_ids = 0;
  el.n = 5000001; /* 76 MB: a warning, not an error */
  assert_int_equal(io_check_sparse("g.el", &el), 0);
  el.n = 64; /* dense enough: nothing */
  assert_int_equal(io_check_sparse("g.el", &el), 0);
  el.n = 60000000, el.len = 1000000; /* 960 MB but only 60x the edges: not sparse */
  assert_int_equal(io_check_sparse("g.el", &el), 0);
  /* io_read applies it: a file of one far edge */
  char *path = tu_write_temp(".el", "0 500000000\n");
  edgelist_t r;
  fail_clear();
  assert_int_equal(io_read(path, &r), EXIT_INPUT);
  assert_fail_contains("renumber the ids, or give --allow-sparse-ids");
  assert_null(r.src);
  unlink(path);
  free(path);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_gpu_why),
      cmocka_unit_test(test_default_threads),
      cmocka_unit_test(test_sparse_ids),
  };
  return cmocka_run_group_tests_name("probe", tests, NULL, NULL);
}
