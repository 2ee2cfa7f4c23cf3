/* beamer_host.cuh - support (no lesson): step 11's knob glue, shared by steps 11,
 * 12, 13, 18 and 20 (host code, header only; included by step 11's beamer.cuh,
 * after step 10's types).
 *
 *   beamer_read_knobs  alpha, beta and whether the expansions count (10's hook)
 *   BEAMER_KNOBS       the knob rows of alpha and beta, last in DOBFS_KNOBS
 */
#ifndef GALLERY_BEAMER_HOST_CUH
#define GALLERY_BEAMER_HOST_CUH

#include "step.h"

/* support: beamer's knobs into the arguments (after the variant's rule) */
static void beamer_read_knobs(dobfs_args_t *a, const launch_t *lc) {
  a->count = a->rule == RULE_BEAMER; /* only beamer needs the degrees of what top-down finds */
  a->alpha = (double)launch_knob(lc, "alpha");
  a->beta = (double)launch_knob(lc, "beta");
}

/* support: beamer's knob rows */
#define BEAMER_KNOBS \
    {"alpha", 15, "beamer: top-down -> bottom-up when alpha*m_f > m_u (0: never)"}, \
    {"beta", 18, \
     "beamer: bottom-up -> top-down when the frontier shrinks and beta*n_f <= n (huge: never)"},

#endif /* GALLERY_BEAMER_HOST_CUH */
