# The local set's data, costs and validation captures, through the CLI.
benchscope_add_test(tst_localdatasamples)
add_dependencies(tst_localdatasamples benchscope-cli)
