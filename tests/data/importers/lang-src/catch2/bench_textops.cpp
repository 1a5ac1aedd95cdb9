// Small Catch2 v2 benchmarks for the importer samples (make-lang-samples.sh).
#define CATCH_CONFIG_MAIN
#define CATCH_CONFIG_ENABLE_BENCHMARKING
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

namespace {

std::vector<std::string> words(int n)
{
    std::vector<std::string> w;
    for (int i = 0; i < n; ++i)
        w.push_back("word" + std::to_string(i));
    return w;
}

std::string join(const std::vector<std::string> &w)
{
    std::string out;
    for (const std::string &s : w)
        out += s + ",";
    return out;
}

} // namespace

TEST_CASE("join", "[strings]")
{
    const auto small = words(10), large = words(1000);
    BENCHMARK("join 10 words") { return join(small); };
    BENCHMARK("join 1000 words") { return join(large); };
}

TEST_CASE("sort", "[containers]")
{
    const auto w = words(500);
    BENCHMARK("sort 500 words")
    {
        auto c = w;
        std::sort(c.begin(), c.end());
        return c;
    };
    BENCHMARK_ADVANCED("accumulate lengths")(Catch::Benchmark::Chronometer meter)
    {
        meter.measure([&] {
            return std::accumulate(w.begin(), w.end(), std::size_t(0),
                                   [](std::size_t n, const std::string &s) { return n + s.size(); });
        });
    };
}

// Built with -DINJECT_FAILURE for the sample of a failed test case: its
// benchmark runs, then a check fails.
#ifdef INJECT_FAILURE
TEST_CASE("failing check", "[failure]")
{
    const auto w = words(100);
    BENCHMARK("join 100 words") { return join(w); };
    CHECK(join(w).size() == 1);
}
#endif
