// Catch2 v2 benchmarks with names longer than the console reporter's name
// column (issue 43): one wraps at a space, one inside a word (TextFlow
// fills the column and adds "-").
#define CATCH_CONFIG_MAIN
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>
#include <string>
TEST_CASE("wrap") {
    BENCHMARK("a rather long benchmark name that will certainly wrap in the column") { return std::string(100, 'x'); };
    BENCHMARK("short") { return std::string(10, 'x'); };
    BENCHMARK("averyveryverylongbenchmarknamewithoutanyspacesatalltowrapitsomewhere") { return std::string(10, 'x'); };
}
