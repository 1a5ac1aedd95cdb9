# Revision diff: Mann–Whitney U, capture diff, `benchscope-cli diff`.
benchscope_add_test(tst_mannwhitney LIBS benchscope_core)
benchscope_add_test(tst_capturediff LIBS benchscope_core)
# What two captures are to a page: their order and whether they compare.
benchscope_add_test(tst_capturepair LIBS benchscope_core)
# Verdicts against benchstat's golden outputs (tests/data/benchstat/).
benchscope_add_test(tst_benchstat LIBS benchscope_core)
benchscope_add_test(tst_diffcommand LIBS benchscope_core)
# Runs the built CLI.
add_dependencies(tst_diffcommand benchscope-cli)
