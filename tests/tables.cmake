# One table builder and one reading of every figure:
# the paths a table takes agree, the formatter's precision rule, and CSV
# that a spreadsheet reads.
benchscope_add_test(tst_tablepaths LIBS benchscope_views)
set_target_properties(tst_tablepaths PROPERTIES AUTOMOC ON)
add_dependencies(tst_tablepaths benchscope-cli benchscope-render)
set_tests_properties(tst_tablepaths PROPERTIES TIMEOUT 900)
benchscope_add_test(tst_tablebuilder LIBS benchscope_core)
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND)
  add_test(NAME csv_reads_as_floats
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_CURRENT_SOURCE_DIR}/csv_reads_as_floats.py
      ${CMAKE_BINARY_DIR}/bin/benchscope-cli ${PROJECT_SOURCE_DIR}/sample-data)
  set_tests_properties(csv_reads_as_floats PROPERTIES TIMEOUT 600)
endif()
# What a capture leads with (PrimaryMetric) and what its tables leave out.
benchscope_add_test(tst_primarymetric LIBS benchscope_core)
set_target_properties(tst_primarymetric PROPERTIES AUTOMOC ON)
