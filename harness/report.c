/* report.c - provenance and CSV rows (schema in report.h). */
#include "report.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "err.h"

#ifndef GALLERY_COMMIT
#define GALLERY_COMMIT "unknown"
#endif

void report_provenance(provenance_t *p, const char *gpu_name, int runtime_version) {
  memset(p, 0, sizeof *p);
  snprintf(p->gpu, sizeof p->gpu, "%s", gpu_name ? gpu_name : "none");
  /* CSV fields hold no commas */
  for (char *c = p->gpu; *c; c++)
    if (*c == ',') *c = ' ';
  snprintf(p->cuda, sizeof p->cuda, "%d.%d", runtime_version / 1000, (runtime_version % 1000) / 10);
  /* The kernel driver's version ("580.159.04") says more than the CUDA
   * driver API level; read it where Linux shows it. */
  snprintf(p->driver, sizeof p->driver, "unknown");
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (f) {
    /* "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release ..."
     * the first token of the form N.N... is the version */
    char line[512], *save = NULL;
    if (fgets(line, sizeof line, f))
      for (char *t = strtok_r(line, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
        unsigned a, b;
        if (sscanf(t, "%u.%u", &a, &b) == 2) {
          snprintf(p->driver, sizeof p->driver, "%s", t);
          break;
        }
      }
    fclose(f);
  }
  snprintf(p->commit, sizeof p->commit, "%s", GALLERY_COMMIT);
  time_t now = time(NULL);
  struct tm tmv;
  gmtime_r(&now, &tmv);
  strftime(p->date, sizeof p->date, "%Y-%m-%dT%H:%M:%SZ", &tmv);
}

int report_check_output(const char *opt, const char *path) {
  if (!path) return 0;
  if (!*path) return fail(EXIT_INPUT, "option %s: empty file name", opt);
  char dir[4096];
  snprintf(dir, sizeof dir, "%s", path);
  char *slash = strrchr(dir, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == dir) dir[1] = '\0'; /* "/x.csv": the root */
  else *slash = '\0';
  struct stat sb;
  if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
    return fail(EXIT_INPUT, "option %s: %s: directory %s does not exist", opt, path, dir);
  if (access(dir, W_OK | X_OK) != 0 && stat(path, &sb) != 0)
    return fail(EXIT_INPUT, "option %s: %s: directory %s is not writable", opt, path, dir);
  if (stat(path, &sb) == 0) {
    if (S_ISDIR(sb.st_mode)) return fail(EXIT_INPUT, "option %s: %s is a directory", opt, path);
    if (access(path, W_OK) != 0) return fail(EXIT_INPUT, "option %s: %s is not writable", opt, path);
  }
  return 0;
}

FILE *report_open(const char *path, const char *header) {
  struct stat sb;
  int fresh = stat(path, &sb) != 0 || sb.st_size == 0;
  FILE *f = fopen(path, "a");
  if (!f) {
    fail(EXIT_INPUT, "%s: cannot open for appending", path);
    return NULL;
  }
  if (fresh) fprintf(f, "%s\n", header);
  return f;
}

void report_row(FILE *f, const report_row_t *r, const provenance_t *p) {
  if (!f) return;
  double gteps = r->ms > 0 ? (double)r->edges / (r->ms * 1e6) : 0.0;
  fprintf(f,
          "%s,%s,%s,%" PRIvid ",%" PRIeid ",%" PRIvid ",%d,%d,%s,%d,%.4f,%d,%" PRIeid
          ",%.4f,%s,%.3f,%.3f,%s,%s,%s,%s,%s\n",
          r->step, r->variant, r->graph, r->n, r->m, r->src, r->grid, r->block,
          r->knobs ? r->knobs : "", r->trial, r->ms, r->levels, r->edges, gteps, r->verified,
          r->upload_ms, r->init_ms, p->gpu, p->driver, p->cuda, p->commit, p->date);
  fflush(f);
}

void report_trace_row(FILE *f, const report_row_t *r, const level_row_t *l, const provenance_t *p) {
  if (!f) return;
  fprintf(f, "%s,%s,%s,%" PRIvid ",%d,%d,%d,%lld,%lld,%lld,%.4f,%s,%s\n", r->step, r->variant,
          r->graph, r->src, r->grid, r->block, l->level, l->frontier, l->edges, l->duplicates,
          l->ms, p->gpu, p->commit);
  fflush(f);
}
