# The runner's tests (benchscope-run). They start the test server
# and the runner on 127.0.0.1 with ephemeral ports.
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/testserver ${CMAKE_CURRENT_BINARY_DIR}/testserver)
# Runs a command with io_uring refused by seccomp: the epoll fallback's tests.
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/refuseuring ${CMAKE_CURRENT_BINARY_DIR}/refuseuring)
benchscope_add_test(tst_httpparser LIBS benchscope_runner)
benchscope_add_test(tst_suitefile LIBS benchscope_runner)
add_dependencies(tst_suitefile benchscope-run)
benchscope_add_test(tst_runner LIBS benchscope_runner benchscope_core)
add_dependencies(tst_runner benchscope-run benchscope-testserver benchscope-refuse-uring)
benchscope_add_test(tst_runnersuites LIBS benchscope_runner benchscope_core)
add_dependencies(tst_runnersuites benchscope-run benchscope-testserver benchscope-cli)
# Capturing from the app: the progress-line parser (core).
benchscope_add_test(tst_progressparser LIBS benchscope_core)
set_target_properties(tst_progressparser PROPERTIES AUTOMOC ON)
# The runner's load on Locust: master and workers against the test server.
benchscope_add_test(tst_locust LIBS benchscope_core)
add_dependencies(tst_locust benchscope-run benchscope-testserver)
# Nothing a participant starts outlives the run.
benchscope_add_test(tst_runnerprocesses LIBS benchscope_core)
add_dependencies(tst_runnerprocesses benchscope-run benchscope-testserver)
