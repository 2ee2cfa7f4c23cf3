/* bfs4k_prog.cuh - support (no lesson): step 08's program glue that is no part
 * of its lesson (host code and the small kernels of loop=0; included by step
 * 08's bfs.cu alone, after its state type, where the code stood).
 *
 *   bfs4k_rebuild_kernel  loop=0: an overflowed queue rebuilt from dist
 *   bfs4k_dups_kernel     loop=0, -a: the repeated entries of the next queue
 *   bfs4k_record_kernel   loop=0, -a: a multi-block level's row
 *   bfs4k_trace_print     -a: the level rows into the trace and the greppable lines
 *   bfs4k_fini            the frees
 *   bfs4k_verbose         BFS4K_VERBOSE=1's line
 *   bfs4k_check_knobs     the knobs' values (loop; the rest: bfs4k_check_values)
 *   bfs4k_init            the set-up: checks, shared memory, kernel attributes, grid, allocation
 *   bfs4k_knobs           the knob table (the rows the rungs above keep: bfs4k_host.cuh)
 */
#ifndef GALLERY_BFS4K_PROG_CUH
#define GALLERY_BFS4K_PROG_CUH

/* support: loop=0's kernels for the overflow rebuild and -a's counting */
static __global__ void bfs4k_rebuild_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                            int cur) {
  dev_rebuild(a.dist, a.n, level + 1, level + 1, a.q[cur ^ 1], a.cap, &a.ctl->rebuild);
}

static __global__ void bfs4k_dups_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                         int cur, unsigned long long next) {
  bfs4k_dups(&a, level + 1, a.q[cur ^ 1], next, &a.ctl->dups[level % 3]);
}

static __global__ void bfs4k_record_kernel(const __grid_constant__ bfs4k_args_t a, int level,
                                           unsigned long long size, int vw, int ed,
                                           unsigned long long nh) {
  bfs4k_record(&a, level, level % 3, size, MODE_MULTI, vw, ed, nh);
}

/* support (-a): the level rows into the trace and the greppable lines */
static int bfs4k_trace_print(bfs4k_state_t *s, int levels, step_stats_t *st) {
  int nl = 0;
  bfs4k_lv_t *h = (bfs4k_lv_t *)dev_rows_fetch(&s->rows, levels, &nl);
  if (!h) return fail_code();
  long long dups = 0, edges = 0;
  for (int l = 0; l < nl; l++) {
    step_trace(st, l, (long long)h[l].frontier, (long long)h[l].edges, (long long)h[l].dups,
               -1.0f);
    dups += (long long)h[l].dups;
    edges += (long long)h[l].edges;
    /* greppable per-level lines for the lesson's trace figure */
    static const char *const mname[] = {"multi", "single", "multi"};
    printf("Level: %d %s frontier=%llu dups=%llu edges=%llu vw=%d %s hubs=%d\n", l,
           mname[h[l].mode], h[l].frontier, h[l].dups, h[l].edges, h[l].vw,
           h[l].ed ? "edge-discover" : "vwarp", h[l].hubs);
  }
  st->duplicates = dups;
  st->edges_inspected = edges;
  free(h);
  return 0;
}

/* support: the frees */
static void bfs4k_fini(void *state) {
  bfs4k_state_t *s = (bfs4k_state_t *)state;
  gpu_free(s->a.q[0]);
  gpu_free(s->a.q[1]);
  gpu_free(s->a.hubq);
  gpu_free(s->a.ctl);
  gpu_free(s->a.hubw);
  gpu_free(s->a.mark);
  dev_rows_free(&s->rows);
  free(s);
}

/* support: BFS4K_VERBOSE=1's line on stderr, one a run */
static void bfs4k_verbose(const bfs4k_ctl_t *c) {
  if (getenv("BFS4K_VERBOSE"))
    fprintf(stderr,
            "bfs4k: %d levels: %d single-block, %d multi-block; %llu child grids, %llu refused; "
            "%d queue rebuilds\n",
            c->level, c->sb_levels, c->mb_levels, c->children, c->child_fail, c->rebuilds);
}

/* support: the knobs' values: loop here, the others in bfs4k_check_values */
static int bfs4k_check_knobs(const launch_t *lc) {
  long loop = KNOB_LOOP(lc);
  if (loop < 0 || loop > 1) return fail(EXIT_INPUT, "loop=%ld: -1 (the variant's), 0 or 1", loop);
  return bfs4k_check_values(lc);
}

/* support: the set-up: knob and block checks, shared memory, the kernels' builds and
 * attributes, the cooperative grid, the allocation */
static int bfs4k_init(const dgraph_t *g, const launch_t *lc, void **state) {
  if (bfs4k_check_knobs(lc)) return fail_code();
  if (dev_need_warps(lc->block, "08")) return fail_code();
  bfs4k_state_t *s = (bfs4k_state_t *)calloc(1, sizeof *s);
  if (!s) return fail(EXIT_INPUT, "out of host memory");
  s->g = *g;
  s->lc = *lc;
  bfs4k_args_t *a = &s->a;
  bfs4k_read_knobs(a, g, lc);
  a->loop = (int)KNOB_LOOP(lc);
  /* shared memory: the hash table (8-byte entries) then the staging area */
  s->smem = (size_t)a->hash * 8 + (size_t)a->stage * sizeof(vid_t);
  int dev = 0, smem_max = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&smem_max, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  if (s->smem + 256 > (size_t)smem_max) {
    size_t need = s->smem;
    int h = a->hash, st = a->stage;
    free(s);
    return fail(EXIT_INPUT, "hash=%d and stage=%d need %zu bytes of shared memory per block; "
                "this GPU has %d", h, st, need, smem_max);
  }
  s->loop_kernel =
      lc->block <= 512 ? (const void *)bfs4k_loop512_kernel : (const void *)bfs4k_loop_kernel;
  s->single_kernel =
      lc->block <= 512 ? (const void *)bfs4k_single512_kernel : (const void *)bfs4k_single_kernel;
  const void *kernels[] = {
      (const void *)bfs4k_loop_kernel,    (const void *)bfs4k_single_kernel,
      (const void *)bfs4k_multi_kernel,   (const void *)bfs4k_hub_kernel,
      (const void *)bfs4k_loop512_kernel, (const void *)bfs4k_single512_kernel};
  for (int i = 0; i < 6; i++)
    CUDA_CHECK(cudaFuncSetAttribute(kernels[i], cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)s->smem));
  /* the cooperative grid holds at most the resident blocks; -x caps it further */
  s->grid_loop =
      dev_coop_grid(s->loop_kernel, lc->block, s->smem, lc->sm_count, lc->grid, &s->full);
  if (s->full < 1) {
    size_t need = s->smem;
    free(s);
    return fail(EXIT_INPUT,
                "block %d with %zu bytes of shared memory: not one block fits on an SM", lc->block,
                need);
  }
  if (a->loop && !s->grid_loop) {
    free(s);
    return fail(EXIT_INPUT, "this GPU cannot launch cooperative grids: run with -K loop=0");
  }
  a->res_mb =
      (unsigned)((a->loop ? s->grid_loop : (lc->grid > 0 ? lc->grid : s->full)) * lc->block);
  bfs4k_alloc_queues(a);
  a->ctl = (bfs4k_ctl_t *)gpu_alloc(sizeof(bfs4k_ctl_t), "loop state");
#if BFS4K_CDP
  if (a->dp > 0 && !a->loop) {
    /* room for a level's child launches; a refused one goes to the hub list */
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * CHILD_MAX);
    if (e != cudaSuccess) (void)cudaGetLastError();
  }
#endif
  *state = s;
  return 0;
}

/* support: the knob table (README.md: what each knob does, and why) */
static const knob_def_t bfs4k_knobs[] = {
    {"loop", -1,
     "level loop: 1 one cooperative grid (grid.sync), 0 the host (a launch and readback per "
     "level); -1 the variant's (bfs4k 1, paper 0)"},
    BFS4K_KNOBS_SHAPE
    {"assign", -1,
     "2 edge-discover always; 0 the paper's rule: edge-discover when |F| * k4 < resident threads, "
     "else virtual warps; 1 virtual warps; -1 the variant's (bfs4k 2, paper 0)"},
    BFS4K_KNOB_K4
    {"dp", 1024,
     "hubs: out-degree > dp goes to a child grid (loop=0, CDP2, at most 1024 a level) or the "
     "grid-wide hub pass; 0 off"},
    BFS4K_KNOB_COALESCE
    {"stage", 4096,
     "shared-memory staging entries: block queue (multi-block), two frontier queues "
     "(single-block); 0 off"},
    {"hash", -1,
     "duplicate-detection hash table entries per block (64-bit, shared memory); 0 off; -1 the "
     "variant's (bfs4k 0, paper 2048)"},
    BFS4K_KNOBS_VISIT
    {NULL, 0, NULL}};

#endif /* GALLERY_BFS4K_PROG_CUH */
