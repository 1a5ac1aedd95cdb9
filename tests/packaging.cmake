# Packaging: the desktop entry and AppStream metadata pass their
# validators, the MIME rules tell captures from other JSON, and every binary
# and the About dialog name the one version.
set(validate ${CMAKE_CURRENT_LIST_DIR}/validate.sh)
add_test(NAME validate_desktop_entry
         COMMAND ${validate} desktop-file-validate desktop-file-utils ${PROJECT_SOURCE_DIR}/resources/benchscope.desktop)
add_test(NAME validate_metainfo
         COMMAND ${validate} appstreamcli appstream validate --no-net
                 ${CMAKE_BINARY_DIR}/resources/${BENCHSCOPE_APPSTREAM_ID}.metainfo.xml)
# The installed desktop component together: the metainfo's launchable desktop entry is in the tree.
add_test(NAME validate_install_tree
         COMMAND bash -c "rm -rf tree && '${CMAKE_COMMAND}' --install '${CMAKE_BINARY_DIR}' --component desktop --prefix tree >/dev/null \
                          && '${validate}' appstreamcli appstream validate-tree --no-net tree"
         WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(validate_desktop_entry validate_metainfo validate_install_tree PROPERTIES SKIP_RETURN_CODE 77)

benchscope_add_test(tst_mimetypes LIBS ZLIB::ZLIB Qt6::Core)
benchscope_add_test(tst_version LIBS benchscope_views)
add_dependencies(tst_version benchscope benchscope-cli benchscope-render benchscope-run)
