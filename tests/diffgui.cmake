# Before/after in the GUI: the diff model, the Diff page and its chart.
benchscope_add_test(tst_diffmodel LIBS benchscope_models)
set_target_properties(tst_diffmodel PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_diffpage LIBS benchscope_gui)
set_target_properties(tst_diffpage PROPERTIES AUTOMOC ON)
# Runs the built window for --diff and --screenshot.
add_dependencies(tst_diffpage benchscope)
