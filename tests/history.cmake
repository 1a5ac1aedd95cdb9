# History: ordering, series and change points; `benchscope-cli history` and
# the `diff --fail-on worse` gate.
benchscope_add_test(tst_history LIBS benchscope_core)
