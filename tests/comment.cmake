# Continuous benchmarking: the pull-request comment (`comment`).
benchscope_add_test(tst_comment LIBS benchscope_core)
# Runs the built CLI (the gate's exit status, the store's base).
add_dependencies(tst_comment benchscope-cli)
# Names from files inert in Markdown (TextEscape::markdown), parsed by md4c.
benchscope_add_test(tst_markdownescape LIBS benchscope_core PkgConfig::MD4C)
set_target_properties(tst_markdownescape PROPERTIES AUTOMOC ON)
