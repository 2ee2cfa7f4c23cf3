/* err.c - see err.h */
#include "err.h"

#include <stdarg.h>
#include <stdio.h>

static char message[1024];
static int code;

int fail(int c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  code = c;
  return c;
}

const char *fail_message(void) { return message; }
int fail_code(void) { return code; }
void fail_clear(void) { message[0] = '\0'; code = 0; }
