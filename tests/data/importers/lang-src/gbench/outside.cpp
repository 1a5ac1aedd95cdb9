// Benchscope outside test: Google Benchmark features an importer must read.
#include <benchmark/benchmark.h>
#include <numeric>
#include <string>
#include <vector>

static void BM_Accumulate(benchmark::State &state)
{
    std::vector<int> v(state.range(0), 1);
    for (auto _ : state)
        benchmark::DoNotOptimize(std::accumulate(v.begin(), v.end(), 0));
    state.SetComplexityN(state.range(0));
    state.SetItemsProcessed(state.iterations() * state.range(0));
    state.counters["elements"] = double(state.range(0));
}
BENCHMARK(BM_Accumulate)->RangeMultiplier(4)->Range(64, 4096)->Complexity();

static void BM_Concat(benchmark::State &state)
{
    for (auto _ : state) {
        std::string s = std::string(32, 'a') + std::string(32, 'b');
        benchmark::DoNotOptimize(s);
    }
    state.SetLabel("two 32-byte strings");
    state.counters["frames"] = benchmark::Counter(double(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Concat)->Repetitions(3);

static void BM_NeedsGpu(benchmark::State &state)
{
    state.SkipWithMessage("no GPU on this machine");
    for (auto _ : state) {
    }
}
BENCHMARK(BM_NeedsGpu);

static void BM_Broken(benchmark::State &state)
{
    state.SkipWithError("input file missing");
    for (auto _ : state) {
    }
}
BENCHMARK(BM_Broken);

BENCHMARK_MAIN();
