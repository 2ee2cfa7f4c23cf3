/* testutil.h - small helpers shared by the cmocka tests. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* err.h before cmocka.h: cmocka defines a macro fail() that would clobber
 * the declaration of our fail(); tests call fail_msg(), never fail(). */
#include "err.h"
#include <cmocka.h>

/* Write text to a fresh temporary file whose name ends in suffix (".el",
 * ".mtx.gz" is not supported here: write gz with gzopen in the test).
 * Returns a malloc'd path; unlink and free it after. */
static inline char *tu_write_temp(const char *suffix, const char *text) {
  char *path = malloc(256);
  snprintf(path, 256, "/tmp/gallery-test-XXXXXX%s", suffix);
  int fd = mkstemps(path, (int)strlen(suffix));
  assert_true(fd >= 0);
  size_t len = strlen(text);
  assert_int_equal((long)write(fd, text, len), (long)len);
  close(fd);
  return path;
}

/* The last fail() message contains needle. */
#define assert_fail_contains(needle)                                        \
  do {                                                                      \
    if (!strstr(fail_message(), (needle)))                                  \
      fail_msg("error message \"%s\" lacks \"%s\"", fail_message(), (needle)); \
  } while (0)

#endif
