#include "rubybenchmarkimporter.h"

#include "capturebuilder.h"
#include "loadtext.h"
#include "rubybenchmarkreader.h"

namespace bs {

namespace {

const std::size_t kRubyBenchmarkDetectPrefix = 256 * 1024;

} // namespace

// A header or a rehearsal line with a row right under it (a header alone
// is another tool's column names, or a file cut before its figures).
bool RubyBenchmarkImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool opened = false, found = false;
    LoadText::eachLine(in.text.substr(0, kRubyBenchmarkDetectPrefix), [&](const TextLine &line) {
        found = opened && RubyBenchmarkReader::isRow(line.text);
        opened = RubyBenchmarkReader::opensTable(line.text);
        return !found;
    });
    return found;
}

Capture RubyBenchmarkImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "Ruby Benchmark", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("real_time", "Real time", "s", Direction::LowerIsBetter,
                   "wall-clock seconds of the block's run (Benchmark's real, in parentheses)");
    b.defineMetric("user_time", "User CPU", "s", Direction::LowerIsBetter,
                   "user CPU seconds of the Ruby process during the run (Benchmark's user)");
    b.defineMetric("system_time", "System CPU", "s", Direction::LowerIsBetter,
                   "system CPU seconds of the Ruby process during the run (Benchmark's system)");
    b.defineMetric("total_cpu_time", "Total CPU", "s", Direction::LowerIsBetter,
                   "user and system CPU seconds of the process and of the children it waited for (Benchmark's total)");
    b.setPrimary("real_time");
    RubyBenchmarkReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
