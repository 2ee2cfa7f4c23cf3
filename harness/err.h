/* err.h - one error message, recorded where it happens, printed once by main.
 *
 * Library code never prints and never exits: it calls fail() and returns the
 * code. main() prints "error: <message>" and exits with the code. Tests read
 * the message with fail_message(). Messages name the file and line (readers)
 * or the limit that was hit. */
#ifndef ERR_H
#define ERR_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
  EXIT_OK = 0,
  EXIT_VERIFY = 1,  /* a distance differs from the oracle            */
  EXIT_INPUT = 2,   /* usage, file, format, limit, negative cycle    */
  EXIT_CUDA = 3,    /* CUDA error, out of GPU memory                 */
  EXIT_NODEV = 77   /* no CUDA device: skipped (automake convention) */
};

/* Record a message (printf format) and return code. The newest message wins. */
int fail(int code, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;
const char *fail_message(void); /* "" when none */
int fail_code(void);            /* 0 when none  */
void fail_clear(void);

/* "1 vertex", "2 vertices": PLURAL(n, "vertex", "vertices"). */
#define PLURAL(n, one, many) ((n) == 1 ? (one) : (many))

#ifdef __cplusplus
}
#endif
#endif
