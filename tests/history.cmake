# History: ordering, series and change points; `benchscope-cli history` and
# the `diff --fail-on worse` gate.
benchscope_add_test(tst_history LIBS benchscope_core)
benchscope_add_test(tst_historycommand LIBS benchscope_core)
# Runs the built CLI.
add_dependencies(tst_historycommand benchscope-cli)
# Histories of imported runs: suite identity, order, folders, --suite.
benchscope_add_test(tst_importhistory LIBS benchscope_core)
add_dependencies(tst_importhistory benchscope-cli)
