# The explorer window: item models, proxy, pages, main window.
set(gui_model_tests tst_casetablemodel tst_allcasesmodel tst_repetitionsmodel tst_participantfilterproxy
    tst_provenancemodel tst_capturelistmodel)
foreach(t ${gui_model_tests})
  benchscope_add_test(${t} LIBS benchscope_models)
  set_target_properties(${t} PROPERTIES AUTOMOC ON)
endforeach()
benchscope_add_test(tst_mainwindow LIBS benchscope_gui)
set_target_properties(tst_mainwindow PROPERTIES AUTOMOC ON)
# Capturing from the app: the real runner against the test server.
benchscope_add_test(tst_capturerun LIBS benchscope_gui)
set_target_properties(tst_capturerun PROPERTIES AUTOMOC ON)
add_dependencies(tst_capturerun benchscope-run benchscope-testserver)
# Tables at a glance: headline columns at 1280×720, the participant column kept in view.
benchscope_add_test(tst_tablesfit LIBS benchscope_gui)
set_target_properties(tst_tablesfit PROPERTIES AUTOMOC ON)
