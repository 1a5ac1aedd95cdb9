# History in the GUI: baselines and the default pair, the History
# page, its model and chart.
benchscope_add_test(tst_historypage LIBS benchscope_gui)
set_target_properties(tst_historypage PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_historymodel LIBS benchscope_models)
set_target_properties(tst_historymodel PROPERTIES AUTOMOC ON)
