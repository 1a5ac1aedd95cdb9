#include "benchmarkipsimporter.h"

#include "benchmarkipsreader.h"
#include "capturebuilder.h"
#include "loadtext.h"

namespace bs {

namespace {

const std::size_t kIpsDetectPrefix = 256 * 1024;

} // namespace

bool BenchmarkIpsImporter::detect(const ImportInput &in) const
{
    if (in.json)
        return false;
    bool found = false;
    // A report line, or the header of its warm-up or its reports (a file cut before its first report is refused).
    LoadText::eachLine(in.text.substr(0, kIpsDetectPrefix), [&](const TextLine &line) {
        const auto pm = line.text.find("(±");
        found = (pm != std::string::npos && line.text.find("%) i/s", pm) != std::string::npos)
            || line.text.rfind("Warming up ----------", 0) == 0 || line.text.rfind("Calculating ----------", 0) == 0;
        return !found;
    });
    return found;
}

Capture BenchmarkIpsImporter::import(const ImportInput &in) const
{
    CaptureBuilder b(in, "benchmark-ips", "benchmark-harness");
    b.provenance().conditions.mode = "microbenchmark";
    b.defineMetric("ips", "Iterations/s", "ops/s", Direction::HigherIsBetter,
                   "benchmark-ips's central tendency of its samples' iterations per second");
    b.defineMetric("margin", "± margin", "%", Direction::LowerIsBetter,
                   "the samples' standard deviation in percent of i/s (with :bootstrap, the confidence interval's "
                   "half-width); relative, not a range");
    b.defineMetric("iterations", "Iterations", "count", Direction::HigherIsBetter,
                   "iterations run in the measurement phase (as printed, to 4 significant digits)");
    b.setPrimary("ips");
    BenchmarkIpsReader reader(b);
    LoadText::readAll(reader, in.text);
    return b.finish();
}

} // namespace bs
