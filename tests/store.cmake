# Continuous benchmarking: the results store (`store add|list|prune`).
benchscope_add_test(tst_store LIBS benchscope_core)
# Runs the built CLI (two processes adding to one store at once).
add_dependencies(tst_store benchscope-cli)
