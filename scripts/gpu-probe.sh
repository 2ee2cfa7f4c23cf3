# gpu-probe.sh - sourced by every script that needs a GPU: `need_gpu NAME` at the top stops
# the script at once, with one line and exit 77, on a machine without a usable GPU.
# shellcheck shell=bash
# The reason is the steps' own (harness/gpuwhy.c): "no NVIDIA driver loaded", "the NVIDIA
# driver is older than this CUDA runtime (driver X, runtime Y)" or "driver X present, no
# device", asked of a built step (bin/stepNN --path 2 -r 0 -n 1, a few milliseconds); before
# any step is built, of nvidia-smi, /proc/driver/nvidia and the loader's cache.
# GPU_SLUG set (tests that drive a script with fake steps): no probe, the caller vouches.

# Prints why there is no usable GPU and returns 1; returns 0 (printing nothing) when there is one.
gpu_probe_why() {
  local root b out rc
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  for b in "$root"/bin/step[0-9][0-9]; do
    [ -x "$b" ] || continue
    out=$("$b" --path 2 -r 0 -n 1 2>&1); rc=$?
    [ $rc = 0 ] && return 0
    if [ $rc = 77 ]; then
      sed -n 's/^SKIP: \(.*\); [^;]* needs an NVIDIA GPU.*/\1/p' <<< "$out" | head -1
      return 1
    fi
    break   # another failure (a stale build?): ask the driver's tools instead
  done
  nvidia-smi -L 2>/dev/null | grep -q '^GPU ' && return 0
  if [ ! -e /proc/driver/nvidia/version ]; then
    if ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1'; then
      echo "no CUDA device: no NVIDIA driver loaded (libcuda.so.1 is installed, but its kernel module is not: no /proc/driver/nvidia/version)"
    else
      echo "no CUDA device: no NVIDIA driver loaded (libcuda.so.1 not found)"
    fi
  else
    echo "no CUDA device: the NVIDIA driver is loaded but nvidia-smi lists no device"
  fi
  return 1
}

# need_gpu NAME: return when there is a usable GPU, else one line and exit 77.
need_gpu() {
  [ -n "${GPU_SLUG:-}" ] && return 0
  local why
  why=$(gpu_probe_why) && return 0
  echo "$1: SKIPPED: ${why:-no CUDA device}; nothing was run (exit 77)"
  exit 77
}
