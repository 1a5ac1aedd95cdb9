# Continuous benchmarking: the page that grows (`publish --store`) and the
# suites' badges (tst_storepage; the page in Chromium: publish_browser).
benchscope_add_test(tst_storepage LIBS benchscope_core Qt6::Core)
add_dependencies(tst_storepage benchscope-cli benchscope-render)
set_target_properties(tst_storepage PROPERTIES AUTOMOC ON)
