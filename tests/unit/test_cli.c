/* test_cli.c - the command line: defaults, every option, and every bad value
 * rejected with a message naming the option. */
#include "testutil.h"

#include "cli.h"
#include "generate.h"

static int parse(options_t *o, const char *line) {
  static char buf[1024]; /* options point into it: it must outlive parse() */
  static char *argv[64];
  int argc = 0;
  snprintf(buf, sizeof buf, "step99 %s", line);
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t && argc < 63; t = strtok_r(NULL, " ", &save))
    argv[argc++] = t;
  argv[argc] = NULL;
  fail_clear();
  return cli_parse(argc, argv, o);
}

static void test_defaults(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-g 12"), 0);
  assert_int_equal(o.kron_scale, 12);
  assert_int_equal(o.degree, 16);
  assert_int_equal(o.trials, 3);
  assert_int_equal(o.num_sources, 1);
  assert_true(o.source < 0);
  assert_int_equal(o.num_grids, 1);
  assert_int_equal(o.grids[0], 0);
  assert_int_equal(o.num_blocks, 1);
  assert_int_equal(o.blocks[0], 256);
  assert_int_equal(o.max_weight, 0);
  assert_null(o.variant);
}

static void test_every_option(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-f g.el -s -k 8 -w 100 --negative -S 5 -n 7 -r 3 -v -a -V edge "
                             "-K a=1 -K b=2 -x 1,0,100000 -b 32,1024 -o out.csv -d d.txt "
                             "--cpu-baseline --name foo --keep-self-loops --keep-duplicates"), 0);
  assert_string_equal(o.file, "g.el");
  assert_int_equal(o.symmetrize, 1);
  assert_int_equal(o.degree, 8);
  assert_int_equal(o.max_weight, 100);
  assert_int_equal(o.negative, 1);
  assert_int_equal((int)o.seed, 5);
  assert_int_equal(o.trials, 7);
  assert_int_equal(o.source, 3);
  assert_int_equal(o.verify_all, 1);
  assert_int_equal(o.trace, 1);
  assert_string_equal(o.variant, "edge");
  assert_int_equal(o.num_knobs, 2);
  assert_string_equal(o.knobs[1], "b=2");
  assert_int_equal(o.num_grids, 3);
  assert_int_equal(o.grids[2], 100000);
  assert_int_equal(o.num_blocks, 2);
  assert_int_equal(o.blocks[1], 1024);
  assert_string_equal(o.csv, "out.csv");
  assert_string_equal(o.dist_file, "d.txt");
  assert_int_equal(o.cpu_baseline, 1);
  assert_string_equal(o.name, "foo");
  assert_int_equal(o.keep_self_loops + o.keep_duplicates, 2);
}

static void test_generators(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-G 2000x1000 --keep 0.5"), 0);
  assert_int_equal(o.grid_w, 2000);
  assert_int_equal(o.grid_h, 1000);
  assert_true(o.grid_keep == 0.5);
  assert_int_equal(parse(&o, "-u 20"), 0);
  assert_int_equal(o.uniform_scale, 20);
  assert_int_equal(parse(&o, "--path 100000"), 0);
  assert_int_equal(o.path_n, 100000);
  assert_int_equal(parse(&o, "--star 1000000"), 0);
  assert_int_equal(parse(&o, "--complete 512"), 0);
  assert_int_equal(parse(&o, "-g 4 -n0"), 0);
  assert_int_equal(o.trials, 0);
}

/* --road N: the TIGER mix unless --road-mix gives one. */
static void test_road(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "--road 300000 -w 1000 -S 7"), 0);
  assert_int_equal(o.road_n, 300000);
  assert_int_equal(o.max_weight, 1000);
  static const double tiger[4] = GEN_ROAD_MIX;
  assert_memory_equal(o.road_mix, tiger, sizeof tiger);
  assert_int_equal(parse(&o, "--road 5 --road-mix 0.1,0.2,0.3,0.4"), 0);
  assert_int_equal(o.road_n, 5);
  assert_true(o.road_mix[0] == 0.1 && o.road_mix[3] == 0.4);
  assert_int_equal(parse(&o, "--road-mix 0,0,1,0 --road 1"), 0); /* any order */
  assert_true(o.road_mix[2] == 1.0);
}

/* --knob-sets: kept as given; main.c splits it at ';' and ',' */
static void test_knob_sets(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-g 4 -K a=1 --knob-sets b=2,c=3;b=0"), 0);
  assert_non_null(o.knob_sets);
  assert_string_equal(o.knob_sets, "b=2,c=3;b=0");
  assert_int_equal(o.num_knobs, 1);
  assert_int_equal(parse(&o, "-g 4"), 0);
  assert_null(o.knob_sets);
  assert_int_equal(parse(&o, "-g 4 --knob-sets"), EXIT_INPUT);
}

static void test_listing_needs_no_graph(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "--list-variants"), 0);
  assert_int_equal(o.list_variants, 1);
  assert_int_equal(parse(&o, "-h"), 0);
  assert_int_equal(o.help, 1);
}

/* Each bad command line: EXIT_INPUT and a message naming the culprit. */
static void test_rejects(void **st) {
  (void)st;
  static const struct { const char *line, *needle; } bad[] = {
      {"", "no graph"},
      {"-g 10 -u 10", "more than one graph"},
      {"-g 0", "-g"},
      {"-g 32", "out of range"},
      {"-g abc", "not a whole number"},
      {"-g 10x", "not a whole number"},
      {"-G 10", "WxH"},
      {"-G 0x5", "at least 1"},
      {"-G 0x0", "at least 1"},
      {"-G -3x4", "WxH"},
      {"-G 100000x100000", "limit"},
      {"-g 4 -b 0", "-b"},
      {"-g 4 -b 2048", "out of range"},
      {"-g 4 -b 32,,64", "-b"},
      {"-g 4 -x -1", "-x"},
      {"-g 4 -n -1", "-n"},
      {"-g 4 -r -5", "-r"},
      {"-g 4 -r 1 -R 2", "not both"},
      {"-g 4 -K novalue", "name=value"},
      {"-g 4 --keep 0", "--keep"},
      {"-g 4 --keep 2", "probability"},
      {"-g 4 -S -", "seed"},
      {"-g 4 --bogus", "unknown option"},
      {"-g", "needs a value"},
      {"-g 4 extra", "unexpected argument"},
      {"-g 4 -w 0", "-w"},
      {"-g 4 --sources s.txt -r 1", "not two of them"},
      {"-g 4 --sources s.txt -R 3", "not two of them"},
      {"-g 4 --sources", "needs a value"},
      {"--road 0", "--road"},
      {"--road 1e6", "not a whole number"},
      {"--road 600000000", "out of range"},
      {"--road 10 -g 4", "more than one graph"},
      {"-g 4 --road-mix 0.25,0.25,0.25,0.25", "needs --road"},
      {"--road 10 --road-mix 0.5,0.5,0.5", "--road-mix"},
      {"--road 10 --road-mix 0.2,0.2,0.2,0.2,0.2", "--road-mix"},
      {"--road 10 --road-mix 0.5,,0.25,0.25", "--road-mix"},
      {"--road 10 --road-mix 0.5,0.5,0.25,0.25", "not 1"},
      {"--road 10 --road-mix 1.5,-0.5,0,0", "[0, 1]"},
      {"--road 10 --road-mix nan,0,1,0", "[0, 1]"},
      {"--road 10 --road-mix 0.23,0.20,0.44,0.13x", "--road-mix"},
      {"--road 10 --road-mix", "needs a value"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    options_t o;
    int rc = parse(&o, bad[i].line);
    if (rc != EXIT_INPUT) fail_msg("'%s' gave %d, wanted %d", bad[i].line, rc, EXIT_INPUT);
    if (!strstr(fail_message(), bad[i].needle))
      fail_msg("'%s': message \"%s\" lacks \"%s\"", bad[i].line, fail_message(), bad[i].needle);
  }
}

/* --sources FILE: the ids in order, repeats kept, blank and # lines skipped. */
static void test_sources_file(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-g 4 --sources s.txt"), 0);
  assert_string_equal(o.sources_file, "s.txt");
  char *path = tu_write_temp(".src", "# sources\n3\n\n  0 \n3\r\n15\n");
  vid_t *s = NULL;
  int k = 0;
  fail_clear();
  assert_int_equal(cli_read_sources(path, 16, &s, &k), 0);
  assert_int_equal(k, 4);
  assert_int_equal(s[0], 3);
  assert_int_equal(s[1], 0);
  assert_int_equal(s[2], 3);
  assert_int_equal(s[3], 15);
  free(s);
  /* id 15 is out of range for 15 vertices: the line is named */
  fail_clear();
  assert_int_equal(cli_read_sources(path, 15, &s, &k), EXIT_INPUT);
  assert_null(s);
  assert_fail_contains(":6: source 15 is out of range");
  assert_fail_contains(path);
  unlink(path);
  free(path);
}

/* Each bad sources file: EXIT_INPUT and "FILE:LINE: ..." naming the problem. */
static void test_sources_file_rejects(void **st) {
  (void)st;
  static const struct { const char *text, *needle; } bad[] = {
      {"1\n2\nx\n", ":3: \"x\" is not a vertex id"},
      {"-1\n", ":1: \"-1\" is not a vertex id"},
      {"1 2\n", ":1: \"1 2\" is not a vertex id"},
      {"1.5\n", ":1: \"1.5\" is not a vertex id"},
      {"+3\n", ":1: \"+3\" is not a vertex id"},
      /* bytes that are not text: quoted and cut as the graph readers do (io_quote) */
      {"\x1b[31mred\x01\n", ":1: \"?[31mred?\" is not a vertex id"},
      {"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz\n",
       ":1: \"abcdefghijklmnopqrstuvwxyzabcdefghijk...\" is not a vertex id"},
      {"99999999999999999999999\n", "out of range"},
      {"7\n100\n", ":2: source 100 is out of range: the graph has 100 vertices"},
      {"", "no sources"},
      {"# only a comment\n\n", "no sources"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char *path = tu_write_temp(".src", bad[i].text);
    vid_t *s = NULL;
    int k = -1;
    fail_clear();
    int rc = cli_read_sources(path, 100, &s, &k);
    if (rc != EXIT_INPUT) fail_msg("'%s' gave %d, wanted %d", bad[i].text, rc, EXIT_INPUT);
    if (!strstr(fail_message(), bad[i].needle))
      fail_msg("'%s': message \"%s\" lacks \"%s\"", bad[i].text, fail_message(), bad[i].needle);
    assert_null(s);
    assert_int_equal(k, 0);
    unlink(path);
    free(path);
  }
  fail_clear();
  vid_t *s = NULL;
  int k = 0;
  assert_int_equal(cli_read_sources("/nonexistent/sources.txt", 10, &s, &k), EXIT_INPUT);
  assert_fail_contains("/nonexistent/sources.txt: cannot open the sources file: No such file or directory");
  /* no message carries a byte that is not printable text */
  char *path = tu_write_temp(".src", "\x1b]0;title\x07\xff\xfe\n");
  assert_int_equal(cli_read_sources(path, 10, &s, &k), EXIT_INPUT);
  for (const char *c = fail_message(); *c; c++)
    if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f) fail_msg("byte 0x%02x in \"%s\"", (unsigned char)*c, fail_message());
  unlink(path);
  free(path);
}

/* -g and -u: one range, the generators' own (GEN_MAX_SCALE), checked once by the option. */
static void test_scale_range(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-g 30 -n0"), 0);
  assert_int_equal(parse(&o, "-g 31"), EXIT_INPUT);
  assert_fail_contains("option -g: 31 is out of range [1, 30]");
  assert_int_equal(parse(&o, "-u 31"), EXIT_INPUT);
  assert_fail_contains("option -u: 31 is out of range [1, 30]");
  assert_int_equal(parse(&o, "-g 0"), EXIT_INPUT);
  assert_fail_contains("out of range [1, 30]");
}

/* --cpu and --allow-sparse-ids: flags, no values. */
static void test_cpu_flags(void **st) {
  (void)st;
  options_t o;
  assert_int_equal(parse(&o, "-f x.el --cpu --allow-sparse-ids -r 3"), 0);
  assert_int_equal(o.cpu_only, 1);
  assert_int_equal(o.allow_sparse_ids, 1);
  assert_int_equal(parse(&o, "-g 4"), 0);
  assert_int_equal(o.cpu_only, 0);
  assert_int_equal(o.allow_sparse_ids, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_defaults),   cmocka_unit_test(test_every_option),
      cmocka_unit_test(test_generators), cmocka_unit_test(test_road),
      cmocka_unit_test(test_listing_needs_no_graph),
      cmocka_unit_test(test_rejects),     cmocka_unit_test(test_knob_sets),
      cmocka_unit_test(test_sources_file),
      cmocka_unit_test(test_sources_file_rejects),
      cmocka_unit_test(test_scale_range), cmocka_unit_test(test_cpu_flags),
  };
  return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
