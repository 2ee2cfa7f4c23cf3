/* cli.c - see cli.h */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "generate.h"
#include "io.h"

/* Whole-string integer in [lo, hi], or fail naming the option. */
static int parse_ll(const char *opt, const char *s, long long lo, long long hi, long long *out) {
  char *end = NULL;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (s[0] == '\0' || *end != '\0') return fail(EXIT_INPUT, "option %s: '%s' is not a whole number", opt, s);
  if (errno == ERANGE || v < lo || v > hi)
    return fail(EXIT_INPUT, "option %s: %s is out of range [%lld, %lld]", opt, s, lo, hi);
  *out = v;
  return 0;
}

/* "32,64,128" into list; each in [lo, hi]. */
static int parse_list(const char *opt, const char *s, long long lo, long long hi, int *list, int *count) {
  char buf[1024];
  if (strlen(s) >= sizeof buf) return fail(EXIT_INPUT, "option %s: list too long", opt);
  strcpy(buf, s);
  *count = 0;
  /* split by hand: strtok would silently skip an empty element ("32,,64") */
  for (char *tok = buf, *next; tok; tok = next) {
    next = strchr(tok, ',');
    if (next) *next++ = '\0';
    if (*count >= CLI_MAX_LIST) return fail(EXIT_INPUT, "option %s: more than %d values", opt, CLI_MAX_LIST);
    long long v;
    if (parse_ll(opt, tok, lo, hi, &v)) return EXIT_INPUT;
    list[(*count)++] = (int)v;
  }
  if (*count == 0) return fail(EXIT_INPUT, "option %s: empty list", opt);
  return 0;
}

enum { OPT_PATH = 256, OPT_STAR, OPT_COMPLETE, OPT_KEEP, OPT_NEG, OPT_NAME, OPT_KSL, OPT_KDUP,
       OPT_CPU, OPT_LISTV, OPT_LISTK, OPT_KSETS, OPT_SOURCES, OPT_CPUONLY, OPT_SPARSE, OPT_ROAD,
       OPT_ROADMIX };

/* --road-mix "D1,D2,D3,D4": four fractions in [0, 1] that sum to 1. */
static int parse_mix(const char *s, double mix[4]) {
  const char *p = s;
  double sum = 0;
  for (int d = 0; d < 4; d++) {
    char *end = NULL;
    mix[d] = strtod(p, &end);
    if (end == p || *end != (d < 3 ? ',' : '\0'))
      return fail(EXIT_INPUT, "option --road-mix: '%s' is not four fractions D1,D2,D3,D4 (e.g. 0.23,0.20,0.44,0.13)", s);
    if (!(mix[d] >= 0 && mix[d] <= 1))
      return fail(EXIT_INPUT, "option --road-mix: '%s': each fraction must be in [0, 1]", s);
    sum += mix[d];
    p = end + 1;
  }
  if (sum - 1 > 1e-6 || 1 - sum > 1e-6)
    return fail(EXIT_INPUT, "option --road-mix: '%s' sums to %.9g, not 1", s, sum);
  return 0;
}

/* The defaults of every option (the gapbs conventions of the README). */
static void cli_defaults(options_t *o) {
  static const double tiger[4] = GEN_ROAD_MIX;
  memset(o, 0, sizeof *o);
  o->grid_keep = 0.85;
  o->degree = 16;
  o->seed = 27491095ULL;
  o->trials = 3;
  o->source = -1;
  o->num_sources = 1;
  o->grids[0] = 0;   o->num_grids = 1;
  o->blocks[0] = 256; o->num_blocks = 1;
  memcpy(o->road_mix, tiger, sizeof tiger);
}

/* -G WxH: both at least 1, their product within the vertex limit. */
static int parse_grid(const char *arg, options_t *o) {
  unsigned long long w = 0, h = 0;
  char tail;
  if (sscanf(arg, "%llux%llu%c", &w, &h, &tail) != 2 || arg[0] == '-' || strchr(arg, '-'))
    return fail(EXIT_INPUT, "option -G: '%s' is not WxH (e.g. 2000x2000)", arg);
  if (w == 0 || h == 0)
    return fail(EXIT_INPUT, "option -G: '%s': width and height must be at least 1 (e.g. 2000x2000)", arg);
  if (w * h > MAX_VERTICES || w > MAX_VERTICES || h > MAX_VERTICES)
    return fail(EXIT_INPUT, "option -G: %llu x %llu vertices exceeds the limit of %u vertices", w, h, MAX_VERTICES);
  o->grid_w = (vid_t)w; o->grid_h = (vid_t)h;
  return 0;
}

/* --keep P: a probability in (0, 1]. */
static int parse_keep(const char *arg, double *keep) {
  char *end = NULL;
  double p = strtod(arg, &end);
  if (*end || !(p > 0 && p <= 1)) return fail(EXIT_INPUT, "option --keep: '%s' is not a probability in (0, 1]", arg);
  *keep = p;
  return 0;
}

/* -S SEED: an unsigned integer. */
static int parse_seed(const char *arg, unsigned long long *seed) {
  char *end = NULL;
  errno = 0;
  unsigned long long s = strtoull(arg, &end, 10);
  if (!*arg || *end || errno) return fail(EXIT_INPUT, "option -S: '%s' is not a seed (unsigned integer)", arg);
  *seed = s;
  return 0;
}

static int cli_check(const options_t *o, int inputs, int have_R, int have_mix);

int cli_parse(int argc, char **argv, options_t *o) {
  static const struct option longopts[] = {
      {"path", required_argument, 0, OPT_PATH},   {"star", required_argument, 0, OPT_STAR},
      {"complete", required_argument, 0, OPT_COMPLETE}, {"keep", required_argument, 0, OPT_KEEP},
      {"negative", no_argument, 0, OPT_NEG},      {"name", required_argument, 0, OPT_NAME},
      {"keep-self-loops", no_argument, 0, OPT_KSL}, {"keep-duplicates", no_argument, 0, OPT_KDUP},
      {"cpu-baseline", no_argument, 0, OPT_CPU},  {"list-variants", no_argument, 0, OPT_LISTV},
      {"list-knobs", no_argument, 0, OPT_LISTK},  {"help", no_argument, 0, 'h'},
      {"knob-sets", required_argument, 0, OPT_KSETS},
      {"sources", required_argument, 0, OPT_SOURCES},
      {"cpu", no_argument, 0, OPT_CPUONLY},
      {"allow-sparse-ids", no_argument, 0, OPT_SPARSE},
      {"road", required_argument, 0, OPT_ROAD},
      {"road-mix", required_argument, 0, OPT_ROADMIX},
      {0, 0, 0, 0}};
  cli_defaults(o);
  int inputs = 0, have_R = 0, have_mix = 0;
  long long v;
  optind = 1;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, ":f:sg:u:G:k:w:S:n:r:R:vaV:K:x:b:o:d:h", longopts, NULL)) != -1) {
    switch (c) {
      case 'f': o->file = optarg; inputs++; break;
      case 's': o->symmetrize = 1; break;
      case 'g': if (parse_ll("-g", optarg, 1, GEN_MAX_SCALE, &v)) return EXIT_INPUT; o->kron_scale = (int)v; inputs++; break;
      case 'u': if (parse_ll("-u", optarg, 1, GEN_MAX_SCALE, &v)) return EXIT_INPUT; o->uniform_scale = (int)v; inputs++; break;
      case 'G': if (parse_grid(optarg, o)) return EXIT_INPUT; inputs++; break;
      case OPT_PATH: if (parse_ll("--path", optarg, 1, MAX_VERTICES, &v)) return EXIT_INPUT; o->path_n = (vid_t)v; inputs++; break;
      case OPT_STAR: if (parse_ll("--star", optarg, 1, MAX_VERTICES - 1, &v)) return EXIT_INPUT; o->star_n = (vid_t)v; inputs++; break;
      case OPT_COMPLETE: if (parse_ll("--complete", optarg, 1, 65536, &v)) return EXIT_INPUT; o->complete_n = (vid_t)v; inputs++; break;
      case OPT_ROAD: if (parse_ll("--road", optarg, 1, GEN_ROAD_MAX_N, &v)) return EXIT_INPUT; o->road_n = (vid_t)v; inputs++; break;
      case OPT_ROADMIX: if (parse_mix(optarg, o->road_mix)) return EXIT_INPUT; have_mix = 1; break;
      case OPT_KEEP: if (parse_keep(optarg, &o->grid_keep)) return EXIT_INPUT; break;
      case 'k': if (parse_ll("-k", optarg, 1, 1 << 20, &v)) return EXIT_INPUT; o->degree = (int)v; break;
      case 'w': if (parse_ll("-w", optarg, 1, INT32_MAX, &v)) return EXIT_INPUT; o->max_weight = (weight_t)v; break;
      case OPT_NEG: o->negative = 1; break;
      case 'S': if (parse_seed(optarg, &o->seed)) return EXIT_INPUT; break;
      case OPT_NAME: o->name = optarg; break;
      case OPT_KSL: o->keep_self_loops = 1; break;
      case OPT_KDUP: o->keep_duplicates = 1; break;
      case 'n': if (parse_ll("-n", optarg, 0, 1000000, &v)) return EXIT_INPUT; o->trials = (int)v; break;
      case 'r': if (parse_ll("-r", optarg, 0, MAX_VERTICES - 1, &v)) return EXIT_INPUT; o->source = v; break;
      case OPT_SOURCES: o->sources_file = optarg; break;
      case 'R': if (parse_ll("-R", optarg, 1, CLI_MAX_SOURCES, &v)) return EXIT_INPUT; o->num_sources = (int)v; have_R = 1; break;
      case 'v': o->verify_all = 1; break;
      case 'a': o->trace = 1; break;
      case 'V': o->variant = optarg; break;
      case 'K':
        if (o->num_knobs >= CLI_MAX_KNOBS) return fail(EXIT_INPUT, "option -K: more than %d settings", CLI_MAX_KNOBS);
        if (!strchr(optarg, '=')) return fail(EXIT_INPUT, "option -K: '%s' is not name=value", optarg);
        o->knobs[o->num_knobs++] = optarg;
        break;
      case 'x': if (parse_list("-x", optarg, 0, INT32_MAX, o->grids, &o->num_grids)) return EXIT_INPUT; break;
      case 'b': if (parse_list("-b", optarg, 1, 1024, o->blocks, &o->num_blocks)) return EXIT_INPUT; break;
      case 'o': o->csv = optarg; break;
      case 'd': o->dist_file = optarg; break;
      case OPT_CPU: o->cpu_baseline = 1; break;
      case OPT_CPUONLY: o->cpu_only = 1; break;
      case OPT_SPARSE: o->allow_sparse_ids = 1; break;
      case OPT_LISTV: o->list_variants = 1; break;
      case OPT_LISTK: o->list_knobs = 1; break;
      case OPT_KSETS: o->knob_sets = optarg; break;
      case 'h': o->help = 1; break;
      case ':': return fail(EXIT_INPUT, "option %s needs a value", argv[optind - 1]);
      default: return fail(EXIT_INPUT, "unknown option '%s' (try -h)", argv[optind - 1]);
    }
  }
  if (optind < argc) return fail(EXIT_INPUT, "unexpected argument '%s' (try -h)", argv[optind]);
  return cli_check(o, inputs, have_R, have_mix);
}

/* What the options say together: one graph, one way to give sources. */
static int cli_check(const options_t *o, int inputs, int have_R, int have_mix) {
  if (o->help || o->list_variants || o->list_knobs) return 0;
  if (inputs == 0) return fail(EXIT_INPUT, "no graph: give -f FILE, -g SCALE, -u SCALE, -G WxH or --road N (try -h)");
  if (inputs > 1) return fail(EXIT_INPUT, "more than one graph given (-f, -g, -u, -G, --road, --path, --star, --complete)");
  if (have_mix && !o->road_n) return fail(EXIT_INPUT, "option --road-mix needs --road N");
  if (o->source >= 0 && have_R) return fail(EXIT_INPUT, "give -r SRC or -R K, not both");
  if (o->sources_file && (o->source >= 0 || have_R))
    return fail(EXIT_INPUT, "give --sources FILE, -r SRC or -R K, not two of them");
  return 0;
}

void cli_usage(FILE *out, const char *prog) {
  fprintf(out,
          "usage: %s INPUT [options]\n"
          "input (one of):\n"
          "  -f FILE        graph file: .el .txt (SNAP) .wel .gr (DIMACS) .graph (METIS) .mtx, each also .gz\n"
          "  -g SCALE       Kronecker (Graph500 a=.57 b=.19 c=.19), 2^SCALE vertices\n"
          "  -u SCALE       uniform random, 2^SCALE vertices\n"
          "  -G WxH         2-D grid, each edge kept with probability --keep P (0.85)\n"
          "  --road N       road-like, N vertices, weights = lengths in [1, MAXW] (-w); degrees of\n"
          "                 --road-mix D1,D2,D3,D4 (0.23,0.20,0.44,0.13: a US road network)\n"
          "  --path N | --star LEAVES | --complete N   hand graphs for tests\n"
          "graph:\n"
          "  -s             symmetrize (add the reverse of every edge)\n"
          "  -k DEG         edge factor of -g/-u (16)\n"
          "  -w MAXW        SSSP weights in [1, MAXW] when the input has none (255)\n"
          "  --negative     SSSP: negative weights without negative cycles\n"
          "  -S SEED        seed of generators, weights and sources (27491095)\n"
          "  --keep-self-loops, --keep-duplicates   (dropped by default)\n"
          "  --name NAME    graph name in reports\n"
          "runs:\n"
          "  -n TRIALS      timed trials per source and shape, after one warm-up (3); -n0 builds only\n"
          "  -r SRC | -R K  one source, or K seeded sources of out-degree > 0 (1)\n"
          "  --sources FILE the sources, one vertex id per line (# comments, repeats allowed)\n"
          "  -v             verify every trial (the last is always verified)\n"
          "  -a             per-level trace of the last trial\n"
          "  -V VARIANT     (--list-variants)     -K NAME=VALUE   (--list-knobs)\n"
          "  --knob-sets 'A=1,B=2;A=0'  one run per set (each on top of -K), one graph and oracle\n"
          "  -x GRID[,..]   blocks (0 = the step picks)   -b BLOCK[,..] threads per block (256)\n"
          "output:\n"
          "  -o FILE.csv    append CSV rows (with -a also FILE.trace.csv)\n"
          "  -d FILE        distances of the last trial, one line per vertex, inf where unreached\n"
          "  --cpu-baseline time the CPU oracle the same way (CSV step 'cpu')\n"
          "  --cpu          no GPU: print the CPU oracle's distances (BFS levels, or SSSP by Dijkstra,\n"
          "                 Bellman-Ford when weights are negative) for each source; -d FILE writes them\n"
          "  --allow-sparse-ids  read a file whose largest id asks for far more vertices than it has\n"
          "                 edges (more than 1 GiB of per-vertex arrays; refused without this)\n"
          "environment:\n"
          "  OMP_NUM_THREADS     threads of the parallel CPU baseline (--cpu-baseline; default: the\n"
          "                      cores not busy by the load average, at least 1; the count is printed)\n"
          "  BFS4K_VERBOSE=1     steps 08 and 10: per-run counts of the device loop (levels, modes)\n"
          "  HBF_VERBOSE=1       steps 09, 14: per-run counts of the round loop (rounds, round trips, child grids;\n"
          "                      14: splits, one-block rounds)\n"
          "  GALLERY_GPU_FREE_BYTES=N  pretend the GPU has N bytes free (tests the out-of-memory line)\n"
          "  GALLERY_LIBCUDA=PATH      the driver library the GPU probe opens (libcuda.so.1; tests)\n"
          "exit: 0 ok, 1 verification failed, 2 usage or input error, 3 CUDA error, 77 no GPU\n",
          prog);
}

int cli_read_sources(const char *path, vid_t n, vid_t **srcs, int *count) {
  *srcs = NULL;
  *count = 0;
  FILE *f = fopen(path, "r");
  if (!f) return fail(EXIT_INPUT, "%s: cannot open the sources file: %s", path, strerror(errno));
  vid_t *s = (vid_t *)malloc(sizeof(vid_t) * CLI_MAX_SOURCES);
  if (!s) {
    fclose(f);
    return fail(EXIT_INPUT, "out of host memory for sources");
  }
  char line[256];
  int k = 0, rc = 0;
  for (long ln = 1; fgets(line, sizeof line, f); ln++) {
    size_t len = strlen(line);
    if (len == sizeof line - 1 && line[len - 1] != '\n' && !feof(f)) {
      rc = fail(EXIT_INPUT, "%s:%ld: line too long (one vertex id per line)", path, ln);
      break;
    }
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    char *e = p + strlen(p);
    while (e > p && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t')) *--e = '\0';
    if (*p == '\0' || *p == '#') continue;
    char *end = NULL;
    errno = 0;
    long long v = (*p >= '0' && *p <= '9') ? strtoll(p, &end, 10) : -1;
    if (v < 0 || *end != '\0') {
      rc = fail(EXIT_INPUT, "%s:%ld: %s is not a vertex id (a whole number >= 0)", path, ln,
                io_quote(p, strlen(p)).s);
      break;
    }
    if (errno == ERANGE || (unsigned long long)v >= n) {
      rc = fail(EXIT_INPUT, "%s:%ld: source %s is out of range: the graph has %" PRIvid
                " vertices (ids 0..%" PRIvid ")", path, ln, p, n, n ? n - 1 : 0);
      break;
    }
    if (k >= CLI_MAX_SOURCES) {
      rc = fail(EXIT_INPUT, "%s:%ld: more than %d sources", path, ln, CLI_MAX_SOURCES);
      break;
    }
    s[k++] = (vid_t)v;
  }
  if (!rc && ferror(f)) rc = fail(EXIT_INPUT, "%s: read error", path);
  if (!rc && k == 0) rc = fail(EXIT_INPUT, "%s: no sources (one vertex id per line)", path);
  fclose(f);
  if (rc) {
    free(s);
    return rc;
  }
  *srcs = s;
  *count = k;
  return 0;
}
