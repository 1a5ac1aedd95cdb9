# The published page (issue 25): the HTML writer, the site folder and
# `benchscope-cli publish` (tst_publish); the page in real headless Chromium
# (publish_browser, tests/browser/) and through tidy (publish_html_tidy), each
# with the page of a store (`publish --store`) too.
benchscope_add_test(tst_publish LIBS benchscope_core Qt6::Core)
add_dependencies(tst_publish benchscope-cli)
add_test(NAME publish_browser
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/browser/run.sh --cli ${CMAKE_BINARY_DIR}/bin/benchscope-cli
                 --samples ${PROJECT_SOURCE_DIR}/sample-data --work ${CMAKE_BINARY_DIR}/publish-browser)
add_test(NAME publish_html_tidy
         COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/publish-tidy.sh ${CMAKE_BINARY_DIR}/bin/benchscope-cli
                 ${PROJECT_SOURCE_DIR}/sample-data ${CMAKE_BINARY_DIR}/publish-tidy)
set_tests_properties(publish_browser publish_html_tidy PROPERTIES TIMEOUT 600
                     ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
set_target_properties(tst_publish PROPERTIES AUTOMOC ON)
# File › Publish Page…'s dialog.
benchscope_add_test(tst_publishdialog LIBS benchscope_views)
set_target_properties(tst_publishdialog PROPERTIES AUTOMOC ON)

# What publish and report may replace in --out, and signals in the middle.
benchscope_add_test(tst_outputfolder LIBS benchscope_core Qt6::Core)
add_dependencies(tst_outputfolder benchscope-cli benchscope-render)
set_target_properties(tst_outputfolder PROPERTIES AUTOMOC ON)

# An authored page (issue 42): its Markdown, blocks and figures (tst_pagesource)
# (`publish --page` end to end: tst_publish).
benchscope_add_test(tst_pagesource LIBS benchscope_core)
set_target_properties(tst_pagesource PROPERTIES AUTOMOC ON)
