# The gallery's only build file. Steps are found, never listed:
# every steps/NN_slug/{bfs,sssp}.cu becomes bin/stepNN.
# `make help` lists the targets.

SHELL    := /bin/bash
CUDA     ?= /usr/local/cuda
NVCC     ?= $(CUDA)/bin/nvcc
CC       ?= gcc
HAVE_GPU := $(shell nvidia-smi -L >/dev/null 2>&1 && echo 1)
SM       ?= $(if $(HAVE_GPU),native,90)
ARCH     := $(if $(filter native,$(SM)),-arch=native,-arch=sm_$(SM))
GRAPH_DIR ?= graphs
export GRAPH_DIR

CFLAGS   ?= -O2 -g
CFLAGS   += -std=c11 -Wall -Wextra -Werror -fopenmp -D_GNU_SOURCE -Iharness -I$(CUDA)/include
NVFLAGS  ?= -O3 -lineinfo
NVFLAGS  += $(ARCH) -std=c++17 -Iharness -Werror all-warnings -Xcompiler -Wall,-Wextra,-fopenmp
LDLIBS   := -L$(CUDA)/lib64 -lcudart -lz -lm -lgomp
, := ,
# cmocka: system package, or a private prefix (CMOCKA_PREFIX) on the GPU machine
# (a dpkg -x of libcmocka0 + libcmocka-dev: CMOCKA_PREFIX=/tmp/cmocka/usr)
CMOCKA_PREFIX ?=
CMOCKA_LIBDIR ?= $(CMOCKA_PREFIX)/lib/x86_64-linux-gnu
TEST_CFLAGS := $(if $(CMOCKA_PREFIX),-I$(CMOCKA_PREFIX)/include)
TEST_LIBS   := $(if $(CMOCKA_PREFIX),-L$(CMOCKA_LIBDIR) -Wl$(,)-rpath$(,)$(CMOCKA_LIBDIR)) -lcmocka

STEP_DIRS := $(sort $(wildcard steps/[0-9][0-9]_*))
STEP_IDS  := $(foreach d,$(STEP_DIRS),step$(firstword $(subst _, ,$(notdir $(d)))))
STEP_BINS := $(addprefix bin/,$(STEP_IDS))

HDRS      := $(wildcard harness/*.h)
HOST_SRCS := $(filter-out harness/main.c,$(wildcard harness/*.c))
HOST_OBJS := $(patsubst harness/%.c,build/harness/%.o,$(HOST_SRCS))
GPU_OBJS  := $(patsubst harness/%.cu,build/harness/%.o,$(wildcard harness/*.cu))
MAIN_OBJ  := build/harness/main.o
TEST_SRCS := $(wildcard tests/unit/test_*.c)
TEST_BINS := $(patsubst tests/unit/%.c,build/tests/%,$(TEST_SRCS))
ASAN_BINS := $(patsubst tests/unit/%.c,build/asan/%,$(TEST_SRCS))
ASAN_OBJS := $(patsubst harness/%.c,build/asan/harness/%.o,$(HOST_SRCS))

# Goals that name steps: `make step05 check` checks only step05.
NAMED_STEPS := $(filter $(STEP_IDS),$(MAKECMDGOALS))
SEL_STEPS   := $(if $(NAMED_STEPS),$(NAMED_STEPS),$(STEP_IDS))
SEL_BINS    := $(addprefix bin/,$(SEL_STEPS))

.PHONY: all test check compare sanitize sweep bench plots info help clean \
        $(STEP_IDS) fuzz
.DEFAULT_GOAL := all
all: $(STEP_BINS)

# Provenance: the commit goes into every CSV row. On a machine without .git
# (the GPU machine gets a copy of the tree) a .commit file stands in.
COMMIT := $(shell git describe --always --dirty 2>/dev/null || cat .commit 2>/dev/null || echo unknown)
build/commit.stamp: FORCE
	@mkdir -p $(@D); echo '$(COMMIT)' | cmp -s - $@ || echo '$(COMMIT)' > $@
build/harness/report.o: build/commit.stamp
build/harness/report.o: CFLAGS += -DGALLERY_COMMIT='"$(COMMIT)"'
.PHONY: FORCE
FORCE:

# Optional per-step flags: steps/NN_slug/step.mk may add to NVFLAGS_stepNN / LDLIBS_stepNN
-include $(wildcard steps/*/step.mk)

build/harness/%.o: harness/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@
build/harness/%.o: harness/%.cu $(HDRS)
	@mkdir -p $(@D)
	$(NVCC) $(NVFLAGS) -c $< -o $@

define STEP_RULES
build/$(1).o: $(firstword $(wildcard $(2)/bfs.cu $(2)/sssp.cu)) $(HDRS)
	@mkdir -p $$(@D)
	$$(NVCC) $$(NVFLAGS) $$(NVFLAGS_$(1)) -c $$< -o $$@
bin/$(1): build/$(1).o $(MAIN_OBJ) $(HOST_OBJS) $(GPU_OBJS)
	@mkdir -p $$(@D)
	$$(NVCC) $$(ARCH) $$(NVFLAGS_$(1)) $$^ -o $$@ $$(LDLIBS) $$(LDLIBS_$(1))
$(1): bin/$(1)
diff$(patsubst step%,%,$(1)):
	@base=$$$$(sed -n 's/^ *\* *Base: *\([0-9][0-9]\).*/\1/p' $(2)/*.cu | head -1); \
	 if [ -n "$$$$base" ]; then prev=$$$$(ls -d steps/$$$$base\_* | head -1); \
	 else prev=$$$$(ls -d steps/[0-9][0-9]_* | awk -v d=$(2) '$$$$0==d{print p; exit} {p=$$$$0}'); fi; \
	 if [ -z "$$$$prev" ]; then echo "$(2) is the first step: nothing to diff"; exit 0; fi; \
	 f=$$$$(ls $(2)/*.cu | head -1); g=$$$$(ls $$$$prev/*.cu | head -1); \
	 echo "diff -u $$$$g $$$$f"; diff -u $$$$g $$$$f || true
.PHONY: diff$(patsubst step%,%,$(1))
endef
$(foreach d,$(STEP_DIRS),$(eval $(call STEP_RULES,step$(firstword $(subst _, ,$(notdir $(d)))),$(d))))

# ---- the GPU-free tier -----------------------------------------------------
build/tests/%: tests/unit/%.c $(HOST_OBJS) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TEST_CFLAGS) -Itests/unit $< $(HOST_OBJS) -o $@ $(TEST_LIBS) $(LDLIBS)
build/asan/harness/%.o: harness/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer -c $< -o $@
build/asan/%: tests/unit/%.c $(ASAN_OBJS) tests/unit/testutil.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(TEST_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer -Itests/unit \
	  $< $(ASAN_OBJS) -o $@ $(TEST_LIBS) $(LDLIBS)

# keep the sanitizer objects (make would delete them as intermediates)
.SECONDARY: $(ASAN_OBJS)

# build/cpubench: the CPU baselines (harness/cpubase.c) timed and checked
# without a GPU (tools/cpubench.c says how)
build/cpubench: tools/cpubench.c $(HOST_OBJS)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $< $(HOST_OBJS) -o $@ $(LDLIBS)
cpubench: build/cpubench
.PHONY: cpubench
test: build/cpubench

# make test: cmocka units (plain, then ASan+UBSan), every step built, CLI and -n0 smoke runs
test: $(TEST_BINS) $(ASAN_BINS) $(STEP_BINS)
	@scripts/test.sh $(TEST_BINS) -- $(ASAN_BINS) -- $(STEP_BINS)

# ---- the GPU tier ----------------------------------------------------------
check: $(SEL_BINS)
	@scripts/check.sh $(SEL_BINS)
compare: $(STEP_BINS)
	@scripts/compare.sh $(STEP_BINS)
sanitize: $(SEL_BINS)
	@scripts/sanitize.sh $(SEL_BINS)
sweep: $(SEL_BINS)
	@scripts/sweep.sh $(SEL_BINS)
bench: $(STEP_BINS)
	@scripts/bench.sh $(STEP_BINS)
plots:
	@scripts/plots.sh
fuzz:
	@scripts/fuzz.sh

# Step goals on their own only build; with check/sanitize/sweep they select.
$(STEP_IDS):

info:
	@echo "steps:    $(STEP_IDS)"
	@echo "nvcc:     $$($(NVCC) --version | tail -1)"
	@echo "arch:     $(ARCH)   (SM=$(SM); GPU present: $(if $(HAVE_GPU),yes,no))"
	@echo "GRAPH_DIR: $(or $(GRAPH_DIR),(none))"
	@nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null || echo "GPU:      none"

help:
	@echo "make                 build every step (bin/stepNN)"
	@echo "make stepNN          build one step"
	@echo "make test            GPU-free tier: cmocka units (+ASan/UBSan), every step compiled, CLI smoke runs"
	@echo "make compare         main job: every step and variant on one graph (GRAPH='-g 20' default), one table"
	@echo "make [stepNN..] check      check battery against the CPU oracle (all steps, or those named)"
	@echo "make [stepNN..] sanitize   compute-sanitizer memcheck, racecheck, synccheck, initcheck"
	@echo "make [stepNN..] sweep      grid x block sweep (GRAPH=...), CSV under results/"
	@echo "make bench           standard benchmark set -> plots/data/bench-<gpu>.csv"
	@echo "make plots           SVG/PNG figures and the README table from plots/data (no GPU needed)"
	@echo "make diffNN          the lesson: diff of step NN against the step before it"
	@echo "make fuzz            fuzz every reader (clang libFuzzer), about a minute each"
	@echo "make cpubench        build/cpubench: the parallel CPU baselines alone (no GPU needed)"
	@echo "make info            toolchain, arch and GPU"
	@echo "make clean           remove build/ and bin/"
	@echo "Variables: SM=90|native  GRAPH='-f file' or '-g 20'  GRAPH_DIR=dir of real graphs"

clean:
	rm -rf build bin
