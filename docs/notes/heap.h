/* heap.h - the notes' binary min-heap of (distance, vertex) pairs, for their Dijkstras
 * (periphery.c, shortcuts.c). No decrease-key: a caller pushes a vertex again when its distance
 * falls and skips the stale pairs it pops. */
#ifndef NOTES_HEAP_H
#define NOTES_HEAP_H
#include <stddef.h>
#include "types.h"

typedef struct { long long d; vid_t v; } item_t;

static void heap_push(item_t *h, size_t *len, item_t it) {
  size_t i = (*len)++;
  for (; i > 0 && h[(i - 1) / 2].d > it.d; i = (i - 1) / 2) h[i] = h[(i - 1) / 2];
  h[i] = it;
}

static item_t heap_pop(item_t *h, size_t *len) {
  item_t top = h[0], last = h[--*len];
  size_t i = 0;
  for (;;) {
    size_t k = 2 * i + 1;
    if (k >= *len) break;
    if (k + 1 < *len && h[k + 1].d < h[k].d) k++;
    if (h[k].d >= last.d) break;
    h[i] = h[k]; i = k;
  }
  if (*len) h[i] = last;
  return top;
}
#endif
