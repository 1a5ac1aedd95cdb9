# The runner's tests (benchscope-run, issue 6). They start the test server
# and the runner on 127.0.0.1 with ephemeral ports.
add_subdirectory(${CMAKE_CURRENT_LIST_DIR}/testserver ${CMAKE_CURRENT_BINARY_DIR}/testserver)
