# Importers of other tools' outputs (issue 7): every format over real files,
# malformed variants, folder import, `benchscope-cli convert`.
benchscope_add_test(tst_importers LIBS benchscope_core)
add_dependencies(tst_importers benchscope-cli)
benchscope_add_test(tst_failureshare LIBS benchscope_core)
# JMH, criterion.rs and BenchmarkDotNet (issue 18)
benchscope_add_test(tst_importers_pub LIBS benchscope_core)
# The HTTP load generators of issue 18: ab, hey, h2load, vegeta.
benchscope_add_test(tst_importers_http LIBS benchscope_core)
# Language benchmark harnesses (issue 18, part 1): Go, pytest-benchmark, Catch2.
benchscope_add_test(tst_importers_lang LIBS benchscope_core)
# Locust's --csv files and its --json output.
benchscope_add_test(tst_importers_locust LIBS benchscope_core)
