# The JSON formats of benchmark harnesses of issue 43: vitest bench,
# Julia's BenchmarkTools and airspeed velocity (asv).
benchscope_add_test(tst_importers_harnessjson LIBS benchscope_core)
add_dependencies(tst_importers_harnessjson benchscope-cli)
