# The layering of docs/architecture.md, checked on the sources, and the
# headless CLI's libraries (no Qt Gui, Widgets or Charts).
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(architecture_check ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/scripts/check-architecture.py ${PROJECT_SOURCE_DIR}
    --qt-include ${QT6_INSTALL_PREFIX}/${QT6_INSTALL_HEADERS})
add_test(NAME architecture_layers COMMAND ${architecture_check} --rules layers
         --headless $<TARGET_FILE:benchscope-cli>)
add_test(NAME architecture_charts_export COMMAND ${architecture_check} --rules charts)
