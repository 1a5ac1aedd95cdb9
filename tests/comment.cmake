# Continuous benchmarking: the pull-request comment (`comment`).
benchscope_add_test(tst_comment LIBS benchscope_core)
# Runs the built CLI (the gate's exit status, the store's base).
add_dependencies(tst_comment benchscope-cli)
