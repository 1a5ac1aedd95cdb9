# History: ordering, series and change points; `benchscope-cli history` and
# the `diff --fail-on worse` gate.
benchscope_add_test(tst_history LIBS benchscope_core)
benchscope_add_test(tst_changepoints LIBS benchscope_core)
benchscope_add_test(tst_historycommand LIBS benchscope_core)
# Runs the built CLI.
add_dependencies(tst_historycommand benchscope-cli)
# Histories of imported runs: suite identity, order, folders, --suite.
benchscope_add_test(tst_importhistory LIBS benchscope_core)
add_dependencies(tst_importhistory benchscope-cli)
# The summary index a history reads: cold, warm and without it alike;
# changed, damaged entries and files; processes sharing it.
benchscope_add_test(tst_summaryindex LIBS benchscope_core SQLite::SQLite3)
add_dependencies(tst_summaryindex benchscope-cli)
# SHA-256 (the index's file hashes): FIPS examples, SHA-NI against the portable code.
benchscope_add_test(tst_sha256 LIBS benchscope_core)
