# The local set's HTTP part (sample-data/local/) through the built CLI.
benchscope_add_test(tst_localsamples)
add_dependencies(tst_localsamples benchscope-cli)
set_target_properties(tst_localsamples PROPERTIES AUTOMOC ON)
