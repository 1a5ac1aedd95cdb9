# Importers of other tools' outputs: every format over real files,
# malformed variants, folder import, `benchscope-cli convert`.
benchscope_add_test(tst_importers LIBS benchscope_core)
add_dependencies(tst_importers benchscope-cli)
benchscope_add_test(tst_failureshare LIBS benchscope_core)
# JMH, criterion.rs and BenchmarkDotNet
benchscope_add_test(tst_importers_pub LIBS benchscope_core)
# The HTTP load generators: ab, hey, h2load, vegeta.
benchscope_add_test(tst_importers_http LIBS benchscope_core)
# Language benchmark harnesses: Go, pytest-benchmark, Catch2.
benchscope_add_test(tst_importers_lang LIBS benchscope_core)
# Damage to the text importers' real files and long runs of blank lines:
# thousands of loads, spread over three entries.
benchscope_add_test(tst_textdamage LIBS benchscope_core SHARDS 3)
# BenchmarkDotNet Metrics and 0.10, Google Benchmark label and
# --match name, Go benchfmt names, units and configurations, criterion's
# older layout, over the peers' own fixtures.
benchscope_add_test(tst_importers_struct LIBS benchscope_core)
add_dependencies(tst_importers_struct benchscope-cli)
# Locust's --csv files and its --json output.
benchscope_add_test(tst_importers_locust LIBS benchscope_core)
# The formats of issue 43: k6's console summary, Rust libtest bench text,
# criterion's console text, Benchmark.js and the JSON of vitest, Julia's
# BenchmarkTools and asv.
benchscope_add_test(tst_importers_newfmt LIBS benchscope_core)
# The harness formats of issue 43: Benchmark.js text, pyperf JSON, criterion.rs console text.
benchscope_add_test(tst_importers_bench LIBS benchscope_core)
# The text formats of issue 43 with importers of their own: Dart's
# benchmark_harness, go-wrk, Ruby's benchmark-ips, oha's console text.
benchscope_add_test(tst_importers_text LIBS benchscope_core)
# Other versions of the established formats (Google Benchmark 1.9 skips,
# hyperfine parameter templates and 1.6-1.10 layout, a Catch2 table alone).
benchscope_add_test(tst_importers_versions LIBS benchscope_core)
