# The gallery's only build file. Steps are found, never listed:
# every steps/NN_slug/{bfs,sssp}.cu becomes bin/stepNN.
# `make help` lists the targets.

SHELL    := /bin/bash
, := ,
# Parallel by default, one job a core, unless you gave -j (make -j1 builds one
# at a time; with GNU make 4.3 the -j of the command line wins over this one).
# Only the top make sets it (a sub-make shares its jobs); make clean stays serial.
ifeq ($(MAKELEVEL)$(filter -j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),0)
MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 1)
endif
# Quiet rules: one line a target (`CC build/harness/io.o`); V=1 shows the
# commands, make -s shows nothing.
V ?= 0
ifeq ($(V),1)
say =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
say = @
else
say = @printf '%-5s %s\n' '$(1)' '$(2)';
endif
CUDA     ?= /usr/local/cuda
NVCC     ?= $(CUDA)/bin/nvcc
# make predefines CC=cc, so `CC ?= gcc` would never apply: take gcc unless CC
# came from the command line or the environment.
ifeq ($(origin CC),default)
CC       := gcc
endif
HAVE_GPU := $(shell nvidia-smi -L >/dev/null 2>&1 && echo 1)
SM       ?= $(if $(HAVE_GPU),native,90)
ARCH     := $(if $(filter native,$(SM)),-arch=native,-arch=sm_$(SM))
GRAPH_DIR ?= graphs
export GRAPH_DIR
# make test MARKERS_STRICT=1: an old-style NEW: marker without the step's number fails too
MARKERS_STRICT ?= 0
export MARKERS_STRICT

# Your flags (make CFLAGS=... NVFLAGS=... CPPFLAGS=... LDFLAGS=...) come
# after the project's required ones, so they add to them (and a later -O
# wins) instead of removing -Iharness, -fopenmp or -std=c11.
CFLAGS   ?= -O2 -g
NVFLAGS  ?= -O3 -lineinfo
CPPFLAGS ?=
LDFLAGS  ?=
# The C compiler's OpenMP runtime: libgomp for gcc, libomp for clang (the
# steps are linked by nvcc, which does not add either by itself).
CC_IS_CLANG := $(findstring clang,$(shell $(CC) --version 2>/dev/null | head -1))
CLANG_LIBDIR = $(abspath $(shell $(CC) -print-resource-dir)/../..)
OMP_LIB  := $(if $(CC_IS_CLANG),-L$(CLANG_LIBDIR) -Wl$(,)-rpath$(,)$(CLANG_LIBDIR) -lomp,-lgomp)
REQ_CFLAGS  := -std=c11 -Wall -Wextra -Werror -fopenmp -D_GNU_SOURCE -Iharness -I$(CUDA)/include
# -Wno-missing-field-initializers: step_t's optional trailing members
# (check_knobs) are left out of a step's positional initializer on purpose.
REQ_NVFLAGS := $(ARCH) -std=c++17 -Iharness -Werror all-warnings \
               -Xcompiler -Wall,-Wextra,-Wno-missing-field-initializers,-fopenmp
ALL_CFLAGS  = $(REQ_CFLAGS) $(CPPFLAGS) $(CFLAGS)
ALL_NVFLAGS = $(REQ_NVFLAGS) $(CPPFLAGS) $(NVFLAGS)
# the rpath: libcudart is found where it was linked from, also where the
# loader's configuration does not name the toolkit (a fresh container)
LDLIBS   := -L$(CUDA)/lib64 -Wl$(,)-rpath$(,)$(CUDA)/lib64 -lcudart -lz -lm -ldl $(OMP_LIB)
# nvcc links the steps: -Wl,a,b becomes -Xlinker a,b; -L, -l and the rest pass as they are
nvlink = $(foreach f,$(1),$(if $(filter -Wl$(,)%,$(f)),-Xlinker $(patsubst -Wl$(,)%,%,$(f)),$(f)))
NV_LDFLAGS = $(call nvlink,$(LDFLAGS))
# cmocka: system package, or a private prefix (CMOCKA_PREFIX, e.g. a dpkg -x
# of libcmocka0 + libcmocka-dev on a machine where you cannot install it)
CMOCKA_PREFIX ?=
CMOCKA_LIBDIR ?= $(CMOCKA_PREFIX)/lib/x86_64-linux-gnu
TEST_CFLAGS := $(if $(CMOCKA_PREFIX),-I$(CMOCKA_PREFIX)/include)
TEST_LIBS   := $(if $(CMOCKA_PREFIX),-L$(CMOCKA_LIBDIR) -Wl$(,)-rpath$(,)$(CMOCKA_LIBDIR)) -lcmocka

STEP_DIRS := $(sort $(wildcard steps/[0-9][0-9]_*))
STEP_IDS  := $(foreach d,$(STEP_DIRS),step$(firstword $(subst _, ,$(notdir $(d)))))
STEP_BINS := $(addprefix bin/,$(STEP_IDS))

HDRS      := $(wildcard harness/*.h harness/*.cuh)
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

.PHONY: all test check compare sanitize sweep bench plots peers profile info help clean graphs \
        $(STEP_IDS) fuzz setup mine
.DEFAULT_GOAL := all
# build/cpubench too: the README's CPU-baseline commands use it
all: $(STEP_BINS) build/cpubench

# Provenance: the commit goes into every CSV row. In a copy of the tree
# without its own .git a .commit file stands in; git is asked only when this
# directory is the top of its repository (a copy placed inside another
# checkout would otherwise get that checkout's commit).
# `make COMMIT=...` names it (a copy of the tree whose .git is not its own)
ifeq ($(origin COMMIT),undefined)
COMMIT := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && git describe --always --dirty 2>/dev/null || cat .commit 2>/dev/null || echo unknown)
endif
build/commit.stamp: FORCE
	@mkdir -p $(@D); echo '$(COMMIT)' | cmp -s - $@ || echo '$(COMMIT)' > $@
build/harness/report.o: build/commit.stamp
build/harness/report.o: COMMIT_DEF = -DGALLERY_COMMIT='"$(COMMIT)"'
.PHONY: FORCE
FORCE:

# Flags stamps, like the commit stamp: each holds the compiler and flags it
# stands for and is rewritten only when they change, so `make SM=80`,
# `make CC=clang` or `make CFLAGS=-O0` rebuild what they affect, and nothing
# else. (build/stepNN.stamp: a step's own flags, in STEP_RULES.)
build/cflags.stamp:  SIG = $(CC) $(ALL_CFLAGS) $(TEST_CFLAGS)
build/nvflags.stamp: SIG = $(NVCC) $(ALL_NVFLAGS)
build/ldflags.stamp: SIG = $(CC) $(NVCC) $(ARCH) $(LDFLAGS) $(LDLIBS) $(TEST_LIBS)
build/%.stamp: FORCE
	@mkdir -p $(@D); printf '%s\n' "$(SIG)" | cmp -s - $@ || printf '%s\n' "$(SIG)" > $@

# Missing tools and libraries: one line that names what to install.
# `make test`, `make compare` and `make mine` first install what is missing
# (scripts/setup.sh: apt-get as root, through sudo when it is there, else one
# line naming the command). nvcc is checked before the first compile of any
# goal that builds a step: every compile waits for need-zlib, which waits for
# need-nvcc (order-only), so a missing toolkit is the first line, not the 35th.
SETUP_GOALS   := test compare mine
NO_NVCC_GOALS := cpubench build/cpubench plots help info clean graphs fuzz setup
SETUP      := $(if $(filter $(SETUP_GOALS),$(MAKECMDGOALS)),setup)
NVCC_FIRST := $(if $(filter-out $(NO_NVCC_GOALS),$(or $(MAKECMDGOALS),all)),need-nvcc)
# what the goals need: make test all of it; make compare and make mine the build (mine draws its
# figure when gnuplot can be had, and runs the steps either way)
SETUP_WANT ?= $(if $(filter test setup,$(MAKECMDGOALS)),build test plots,build)
SETUP_SOFT ?= $(if $(filter mine,$(MAKECMDGOALS)),plots)
setup:
	@SETUP_NVCC='$(if $(NVCC_FIRST),$(NVCC))' CC='$(CC)' CPPFLAGS='$(CPPFLAGS)' CMOCKA_PREFIX='$(CMOCKA_PREFIX)' \
	 SETUP_WANT='$(if $(MAKECMDGOALS),$(SETUP_WANT),build test plots)' SETUP_SOFT='$(SETUP_SOFT)' scripts/setup.sh
.PHONY: need-nvcc need-cc need-zlib need-cmocka
need-nvcc: | $(SETUP)
	@command -v $(NVCC) >/dev/null 2>&1 || { echo "error: $(NVCC) not found: install the CUDA Toolkit 12 or 13 (https://developer.nvidia.com/cuda-downloads; package cuda-toolkit from NVIDIA's apt repository), or set CUDA=/its/prefix or NVCC=/path/to/nvcc"; exit 1; }
need-cc: | $(SETUP)
	@command -v $(CC) >/dev/null 2>&1 || { echo "error: C compiler $(CC) not found: apt-get install gcc (or set CC=...)"; exit 1; }
need-zlib: | need-cc $(NVCC_FIRST)
	@echo '#include <zlib.h>' | $(CC) $(CPPFLAGS) -E -x c - >/dev/null 2>&1 || { echo "error: zlib.h not found: apt-get install zlib1g-dev"; exit 1; }
need-cmocka: | need-cc
	@printf '#include <stdarg.h>\n#include <stddef.h>\n#include <stdint.h>\n#include <setjmp.h>\n#include <cmocka.h>\n' | $(CC) $(CPPFLAGS) $(TEST_CFLAGS) -E -x c - >/dev/null 2>&1 || { echo "error: cmocka.h not found: apt-get install libcmocka-dev (or set CMOCKA_PREFIX)"; exit 1; }

# Optional per-step flags: steps/NN_slug/step.mk may add to NVFLAGS_stepNN / LDLIBS_stepNN
# (e.g. NVFLAGS_step08 := -rdc=true and LDLIBS_step08 := -lcudadevrt)
-include $(wildcard steps/*/step.mk)

# Header dependencies: every object also depends on what its source included
# (compiler-written build/**/*.d: -MMD, the project's headers only; -MP, a
# header since removed is no error). The step's own .cuh and the harness
# headers are named too; an object without its .d (built before there were
# any) depends on every step's .cuh, so no edit of a header is missed.
DEPFLAGS := -MMD -MP
-include $(wildcard build/*.d build/harness/*.d build/asan/harness/*.d)

build/harness/%.o: harness/%.c $(HDRS) build/cflags.stamp | need-zlib
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(COMMIT_DEF) $(DEPFLAGS) -c $< -o $@
build/harness/%.o: harness/%.cu $(HDRS) build/nvflags.stamp | need-nvcc
	@mkdir -p $(@D)
	$(call say,NVCC,$@)$(NVCC) $(ALL_NVFLAGS) $(DEPFLAGS) -c $< -o $@

define STEP_RULES
build/$(1).stamp: SIG = $$(NVCC) $$(ALL_NVFLAGS) $$(NVFLAGS_$(1)) | $$(NV_LDFLAGS) $$(LDLIBS) $$(LDLIBS_$(1))
build/$(1).o: $(firstword $(wildcard $(2)/bfs.cu $(2)/sssp.cu)) $(wildcard $(2)/*.cuh) $(if $(wildcard build/$(1).d),,$(wildcard steps/*/*.cuh)) $(HDRS) build/$(1).stamp $(wildcard $(2)/step.mk) | need-nvcc
	@mkdir -p $$(@D)
	$$(call say,NVCC,$$@)$$(NVCC) $$(ALL_NVFLAGS) $$(NVFLAGS_$(1)) $$(DEPFLAGS) -c $$< -o $$@
bin/$(1): build/$(1).o $(MAIN_OBJ) $(HOST_OBJS) $(GPU_OBJS) build/ldflags.stamp | need-nvcc
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)$$(NVCC) $$(ARCH) $$(NVFLAGS_$(1)) $$(filter %.o,$$^) -o $$@ $$(NV_LDFLAGS) $$(call nvlink,$$(LDLIBS) $$(LDLIBS_$(1)))
$(1): bin/$(1)
# Without device launches (-DGALLERY_NO_CDP, no -rdc): for the sanitizer tools
# that do not support dynamic parallelism (racecheck, synccheck, initcheck).
build/$(1)-nocdp.o: $(firstword $(wildcard $(2)/bfs.cu $(2)/sssp.cu)) $(wildcard $(2)/*.cuh) $(if $(wildcard build/$(1)-nocdp.d),,$(wildcard steps/*/*.cuh)) $(HDRS) build/$(1).stamp | need-nvcc
	@mkdir -p $$(@D)
	$$(call say,NVCC,$$@)$$(NVCC) $$(ALL_NVFLAGS) -DGALLERY_NO_CDP $$(DEPFLAGS) -c $$< -o $$@
bin/$(1)-nocdp: build/$(1)-nocdp.o $(MAIN_OBJ) $(HOST_OBJS) $(GPU_OBJS) build/ldflags.stamp | need-nvcc
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)$$(NVCC) $$(ARCH) $$(filter %.o,$$^) -o $$@ $$(NV_LDFLAGS) $$(call nvlink,$$(LDLIBS))
# the lesson, file by file (scripts/diff.sh); one file to read (scripts/flat.sh)
diff$(patsubst step%,%,$(1)):
	@scripts/diff.sh $(2)
flat$(patsubst step%,%,$(1)):
	@scripts/flat.sh $(2)
# the flat file compiled alone, with the step's own flags (make test)
build/flat/$(1).o: flat$(patsubst step%,%,$(1)) build/$(1).stamp | need-nvcc
	@mkdir -p $$(@D)
	$$(call say,NVCC,$$@)$$(NVCC) $$(ALL_NVFLAGS) $$(NVFLAGS_$(1)) -c flat/$(1).cu -o $$@
.PHONY: diff$(patsubst step%,%,$(1)) flat$(patsubst step%,%,$(1))
endef
$(foreach d,$(STEP_DIRS),$(eval $(call STEP_RULES,step$(firstword $(subst _, ,$(notdir $(d)))),$(d))))

# ---- the GPU-free tier -----------------------------------------------------
build/tests/%: tests/unit/%.c $(HOST_OBJS) tests/unit/testutil.h build/cflags.stamp build/ldflags.stamp | need-cmocka
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -Itests/unit $< $(HOST_OBJS) -o $@ $(LDFLAGS) $(TEST_LIBS) $(LDLIBS)
build/asan/harness/%.o: harness/%.c $(HDRS) build/cflags.stamp | need-zlib
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer $(DEPFLAGS) -c $< -o $@
build/asan/%: tests/unit/%.c $(ASAN_OBJS) tests/unit/testutil.h build/cflags.stamp build/ldflags.stamp | need-cmocka
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $(TEST_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer -Itests/unit \
	  $< $(ASAN_OBJS) -o $@ $(LDFLAGS) $(TEST_LIBS) $(LDLIBS)

# keep the sanitizer objects (make would delete them as intermediates)
.SECONDARY: $(ASAN_OBJS)

# build/cpubench: the CPU baselines (harness/cpubase.c) timed and checked
# without a GPU (tools/cpubench.c says how)
build/cpubench: tools/cpubench.c $(HOST_OBJS) build/cflags.stamp build/ldflags.stamp | need-zlib
	@mkdir -p $(@D)
	$(call say,CC,$@)$(CC) $(ALL_CFLAGS) $< $(HOST_OBJS) -o $@ $(LDFLAGS) $(LDLIBS)
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
# steps whose step.mk asks for relocatable device code launch kernels from the device
CDP_STEPS := $(foreach d,$(STEP_DIRS),$(if $(shell grep -s -l 'rdc=true' $(d)/step.mk),step$(firstword $(subst _, ,$(notdir $(d))))))
sanitize: $(SEL_BINS) $(addsuffix -nocdp,$(addprefix bin/,$(filter $(CDP_STEPS),$(SEL_STEPS))))
	@scripts/sanitize.sh $(SEL_BINS)
sweep: $(SEL_BINS)
	@scripts/sweep.sh $(SEL_BINS)
bench: $(STEP_BINS)
	@scripts/bench.sh $(STEP_BINS)
plots:
	@scripts/plots.sh
# the steps next to gapbs, Gunrock, GSWITCH and Blest (scripts/peers.sh, docs/PEERS.md): the peers'
# binaries from PEERS_DIR, the steps built first; without PEERS_DIR one line and exit 2
peers:
	@[ -n "$(PEERS_DIR)" ] || { echo "usage: make peers PEERS_DIR=/path/to/peer/bin [PEERS_GRAPHS='kron20 grid2k'] (docs/PEERS.md)"; exit 2; }
	@$(MAKE) --no-print-directory all
	@PEERS_DIR='$(PEERS_DIR)' scripts/peers.sh $(PEERS_GRAPHS)
# your own graph: every step on FILE, a table and a figure under results/
# (scripts/mygraph.sh); without a GPU one line and exit 77, before any build
mine:
	@[ -n "$(FILE)" ] || { echo "usage: make mine FILE=path/to/graph.el (any supported format; scripts/mygraph.sh -h)"; exit 2; }
	@scripts/mygraph.sh --probe '$(FILE)'
	@$(MAKE) --no-print-directory setup SETUP_WANT=build SETUP_SOFT=plots
	@$(MAKE) --no-print-directory all
	@scripts/mygraph.sh '$(FILE)'
# make profile STEP=05 [GRAPH='-G 200x200'] [KNOBS='-K vw=4']: the step's kernels under Nsight
# Compute (scripts/profile.sh), -n 1 on a small graph; steps with device launches run their
# -nocdp build (ncu does not profile device-launched grids; the hubs take the grid-wide pass)
PROFILE_STEP = $(if $(STEP),step$(patsubst step%,%,$(STEP)))
PROFILE_BIN  = bin/$(PROFILE_STEP)$(if $(filter $(PROFILE_STEP),$(CDP_STEPS)),-nocdp)
profile:
	@[ -n "$(filter $(PROFILE_STEP),$(STEP_IDS))" ] || { echo "error: make profile needs STEP=NN, one of: $(patsubst step%,%,$(STEP_IDS))"; exit 2; }
	@scripts/profile.sh --probe
	@$(MAKE) --no-print-directory $(PROFILE_BIN) >/dev/null
	@scripts/profile.sh $(PROFILE_BIN) $(or $(GRAPH),-g 18) -n 1 $(KNOBS)
fuzz:
	@scripts/fuzz.sh
graphs:
	@scripts/fetch-graphs.sh

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
	@echo "make [stepNN..] check      the steps' answers against the CPU oracle, on the GPU (all steps, or those named)"
	@echo "make [stepNN..] sanitize   compute-sanitizer memcheck, racecheck, synccheck, initcheck"
	@echo "make [stepNN..] sweep      grid x block sweep (GRAPH=...), CSV under results/"
	@echo "make bench           standard benchmark set -> plots/data/bench-<gpu>.csv"
	@echo "make plots           SVG/PNG figures and the README table from plots/data (no GPU needed);"
	@echo "                     your own fresh results/ CSV of the same GPU are preferred, and it says which"
	@echo "make peers PEERS_DIR=dir  the steps next to gapbs, Gunrock, GSWITCH and Blest (their binaries in dir;"
	@echo "                     docs/PEERS.md) -> plots/data/peers-<gpu>.csv, every answer validated"
	@echo "make mine FILE=g.el  your graph: every step on it -> results/<name>.csv, .txt table, -runtime.svg figure"
	@echo "make setup           install what is missing (zlib, cmocka, gnuplot; apt as root or through sudo);"
	@echo "                     make test, make compare and make mine run it first"
	@echo "make profile STEP=NN [GRAPH=..] [KNOBS='-K vw=4']  Nsight Compute on one step (-g 18 -n 1 by default):"
	@echo "                     DRAM/L2 throughput, active threads per warp, occupancy, registers, atomics;"
	@echo "                     one table per kernel (scripts/profile.sh; exit 77 without ncu or a GPU)"
	@echo "make diffNN          the lesson: diff -u of each of step NN's files against its declared base (the"
	@echo "                     'Base: NN' line of its header); a header the step introduces against /dev/null"
	@echo "make flatNN          flat/stepNN.cu: step NN with the step headers it includes inlined, one file to read"
	@echo "make graphs          download the larger public graphs (scripts/fetch-graphs.sh; checks SHA-256)"
	@echo "make fuzz            fuzz every reader (clang libFuzzer), about a minute each"
	@echo "make cpubench        build/cpubench: the parallel CPU baselines alone (no GPU needed; -h)"
	@echo "bin/stepNN --cpu -f G -r S [-d FILE]   the CPU oracle's distances, no GPU needed"
	@echo "make info            toolchain, arch and GPU"
	@echo "make clean           remove build/ and bin/"
	@echo "test or check? 'test' tests the project's own code and needs no GPU (what CI runs);"
	@echo "  'check' checks the steps' answers on the GPU. Without a GPU, check says so in one line and"
	@echo "  scripts/check.sh exits 77 (make itself reports that as 'Error 77' and exits 2)."
	@echo "Builds run in parallel (one job a core; make -j1 for one at a time) and print one line a"
	@echo "  target (CC, NVCC, LINK); V=1 prints the commands. make test MARKERS_STRICT=1: old NEW: markers fail"
	@echo "Variables: SM=90|native  GRAPH='-f file' or '-g 20'  GRAPH_DIR=dir of real graphs (graphs)"
	@echo "  CC (gcc; clang works)  NVCC  CUDA=/usr/local/cuda  CFLAGS, NVFLAGS, CPPFLAGS, LDFLAGS add to the"
	@echo "  project's flags; a change to any of them rebuilds what it affects"

clean:
	rm -rf build bin
