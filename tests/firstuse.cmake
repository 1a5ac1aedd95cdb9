# First use and keyboard: New Capture's suites, file dialogs' folders, the
# focus ring, provenance labels and the shared contract's passes.
benchscope_add_test(tst_firstuse LIBS benchscope_views)
benchscope_add_test(tst_provenancelabels LIBS benchscope_models)
set_target_properties(tst_firstuse tst_provenancelabels PROPERTIES AUTOMOC ON)
