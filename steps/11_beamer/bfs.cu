/* Step 11 - beamer: direction-optimizing BFS with Beamer's rule, its counts
 *             gathered for free.
 *
 * Base:       10 (both directions, the slides' rule, the loop: ../10_dobfs/dobfs.cuh;
 *             its program whole: ../10_dobfs/bfs.cu). beamer.cuh: what the rungs
 *             above take.
 *             The long form of all below: README.md.
 * Adds:       Beamer's rule (variant beamer, the default; slides, topdown,
 *             bottomup stay 10's): bottom-up when m_f > m_u / alpha, back when
 *             the frontier shrinks and n_f < n / beta (GAP's form), past 10's
 *             scan floor. Its counts come with the levels' own work: the
 *             expansions sum the frontier's out- and in-edges, the bottom-up
 *             level the found vertices' degrees and the unvisited's in-edges.
 *             Before a top-down level the bound from the largest degrees
 *             decides alone where it can; a scout sums the frontier's degrees
 *             only where it cannot; the counting stops on long runs of levels
 *             the floor decided (a census starts it again).
 * Changes to 10's levels: the single-block, multi-block and bottom-up levels
 *             sum the rule's counts (beamer_single, beamer_multi,
 *             beamer_bottomup, through 10's hooks).
 * Reference:  S. Beamer, K. Asanovic, D. Patterson, SC 2012 (Alg. 1, Fig. 5).
 * Invariants: 10's. Every thread evaluates the rule on the same counters after
 *             the same grid.sync() (__dmul_rn): one direction for all.
 * Limits:     top-down counts are approximate (duplicates), the distances exact.
 */
#include "beamer.cuh" /* NEW(11): beamer's rule and counts; through it step 10's levels */
#define STEP dobfs_step10 /* NEW(11): step 10's own step_t, renamed; STEP below is 11's */
#include "../10_dobfs/bfs.cu" /* step 10's program: its loop, kernels, knobs, init, run, fini */
#undef STEP

/* NEW(11): Beamer's rule is the default: the slides' rule uses the average
 * degree, and a Kronecker graph's early frontiers hold the hubs (README). */
static const char *const beamer_variants[] = {"beamer", "slides", "topdown", "bottomup", NULL};

STEP_EXPORT const step_t STEP = {
    "Direction-optimizing BFS (top-down / bottom-up) on BFS-4K's device loop",
    PROBLEM_BFS,
    dobfs_knobs,
    beamer_variants,
    dobfs_init,
    dobfs_run,
    dobfs_fini,
    dobfs_check_knobs};
