# Outputs never destroy what the user had (issue 26): --out equal to an
# input, special files and symlinks as outputs, report folders, split-raw
# pairs, writer limits.
benchscope_add_test(tst_outputs LIBS benchscope_core Threads::Threads)
add_dependencies(tst_outputs benchscope-cli benchscope-render benchscope-run)
benchscope_add_test(tst_writerlimits LIBS benchscope_core Threads::Threads)
add_dependencies(tst_writerlimits benchscope-cli)
benchscope_add_test(tst_reportfolder LIBS benchscope_core)
add_dependencies(tst_reportfolder benchscope-cli benchscope-render)
