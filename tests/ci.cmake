# Benchmarks in CI (docs/ci.md): the workflow files of docs/ci/ parsed and
# checked against scripts/ci-bench.sh, and a CI history played locally, no
# network, through that script (a local bare repository, ten commits, two
# jobs at once, a pull request's comment, the page in headless Chromium).
add_test(NAME ci_workflows_lint
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/ci/lint-workflows.py ${PROJECT_SOURCE_DIR})
add_test(NAME ci_local
         COMMAND python3 ${CMAKE_CURRENT_SOURCE_DIR}/ci/ci-local.py --bin ${CMAKE_BINARY_DIR}/bin
                 --script ${PROJECT_SOURCE_DIR}/scripts/ci-bench.sh --work ${CMAKE_BINARY_DIR}/ci-local)
set_tests_properties(ci_local PROPERTIES TIMEOUT 300 ENVIRONMENT "QT_QPA_PLATFORM=offscreen")
