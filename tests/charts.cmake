# Charts and export: charts, PNG/SVG/PDF export, table export,
# the report bundle, the Charts tab, and `benchscope-cli export` / `report`.
benchscope_add_test(tst_charts LIBS benchscope_views)
set_target_properties(tst_charts PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_exportcommand LIBS Qt6::Gui Qt6::Svg)
add_dependencies(tst_exportcommand benchscope-cli)
benchscope_add_test(tst_chartsgui LIBS benchscope_views)
set_target_properties(tst_chartsgui PROPERTIES AUTOMOC ON)
# Issue 28's charts and exports: colours, axes, absent values, report contents, the Diff page's export.
benchscope_add_test(tst_chartglance LIBS benchscope_views)
set_target_properties(tst_chartglance PROPERTIES AUTOMOC ON)
# Issue 41: names of 10^3 to 10^6 characters through every chart and drawing command, memory bounded.
benchscope_add_test(tst_longlabels LIBS benchscope_views)
set_target_properties(tst_longlabels PROPERTIES AUTOMOC ON)
add_dependencies(tst_longlabels benchscope-cli benchscope-render)
set_tests_properties(tst_longlabels PROPERTIES TIMEOUT 900) # about 15 runs of the CLI: minutes on a busy machine
