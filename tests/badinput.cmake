# Hardening: the bad-input corpus through the loader, the CLI and
# the GUI.
benchscope_add_test(tst_badinput LIBS benchscope_gui)
set_target_properties(tst_badinput PROPERTIES AUTOMOC ON)

# The runner against a misbehaving server: always a valid capture.
benchscope_add_test(tst_runnerfaults LIBS benchscope_core)
add_dependencies(tst_runnerfaults benchscope-run benchscope-testserver)
