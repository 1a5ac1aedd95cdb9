# The explorer window (issue 3): item models, proxy, pages, main window.
set(gui_model_tests tst_casetablemodel tst_allcasesmodel tst_repetitionsmodel tst_participantfilterproxy
    tst_provenancemodel tst_capturelistmodel)
foreach(t ${gui_model_tests})
  benchscope_add_test(${t} LIBS benchscope_models)
  set_target_properties(${t} PROPERTIES AUTOMOC ON)
endforeach()
benchscope_add_test(tst_mainwindow LIBS benchscope_gui)
set_target_properties(tst_mainwindow PROPERTIES AUTOMOC ON)
