// A tiny Google Benchmark program for sample-data/imports/: std::sort and
// std::hash over sizes set by Range, with items and bytes counters. Built
// and run by scripts/make-import-samples.sh.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

static void BM_Sort(benchmark::State &state)
{
    std::mt19937 rng(42);
    std::vector<std::uint32_t> input(static_cast<std::size_t>(state.range(0)));
    for (auto &v : input)
        v = rng();
    for (auto _ : state) {
        state.PauseTiming();
        std::vector<std::uint32_t> data = input;
        state.ResumeTiming();
        std::sort(data.begin(), data.end());
        benchmark::DoNotOptimize(data.data());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Sort)->Arg(1 << 10)->Arg(1 << 14);

static void BM_StringHash(benchmark::State &state)
{
    const std::string text(static_cast<std::size_t>(state.range(0)), 'x');
    std::size_t h = 0;
    for (auto _ : state) {
        h ^= std::hash<std::string>{}(text);
        benchmark::DoNotOptimize(h);
    }
    state.SetBytesProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_StringHash)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
