# Before/after in the GUI: the diff model, the Diff page and its chart.
benchscope_add_test(tst_diffmodel LIBS benchscope_models)
set_target_properties(tst_diffmodel PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_diffpage LIBS benchscope_gui)
set_target_properties(tst_diffpage PROPERTIES AUTOMOC ON)
# Runs the built window for --diff and --screenshot.
add_dependencies(tst_diffpage benchscope)
# Issue 41: names that are markup or control characters in every view, as text.
benchscope_add_test(tst_hostileviews LIBS benchscope_views)
set_target_properties(tst_hostileviews PROPERTIES AUTOMOC ON)
