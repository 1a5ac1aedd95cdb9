# Hardening, second round, reading side (issue 26): special files and read
# bounds, raw paths kept inside the summary's folder, gzip members and
# strict JSON, statistics that never overflow, text escaped where shown.
benchscope_add_test(tst_specialfiles LIBS benchscope_runner benchscope_core)
set_target_properties(tst_specialfiles PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_strictcapture LIBS benchscope_core)
set_target_properties(tst_strictcapture PROPERTIES AUTOMOC ON)
benchscope_add_test(tst_statsoverflow LIBS benchscope_core)
benchscope_add_test(tst_hostiletext LIBS benchscope_runner benchscope_core)
set_target_properties(tst_hostiletext PROPERTIES AUTOMOC ON)
add_dependencies(tst_hostiletext benchscope-cli benchscope-run)
