#include "criterionimporter.h"

#include "capturebuilder.h"
#include "compactjsonparser.h"
#include "fileio.h"
#include "jsonnode.h"
#include "sha256.h"

#include <algorithm>
#include <filesystem>
#include <vector>

namespace bs {

namespace fs = std::filesystem;

namespace {

constexpr int kMaxDepth = 6; // target/criterion/<group>/<function>/<value>/new

bool isBenchmarkDir(const fs::path &dir)
{
    std::error_code ec;
    return fs::is_regular_file(dir / "benchmark.json", ec);
}

// The benchmark folders to read: `folder` itself, or every `new/` below it.
std::vector<fs::path> benchmarkDirs(const fs::path &folder)
{
    if (isBenchmarkDir(folder))
        return {folder};
    std::vector<fs::path> dirs;
    std::error_code ec;
    fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        if (!it->is_directory(ec) || it.depth() >= kMaxDepth) {
            it.disable_recursion_pending();
            continue;
        }
        const std::string name = it->path().filename().string();
        if (name == "report" || name == "base" || name == "change" || name == "new" || name[0] == '.')
            it.disable_recursion_pending();
        if (name == "new" && isBenchmarkDir(it->path()))
            dirs.push_back(it->path());
    }
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

// criterion gives an id used again in one run the title "<full_id> #2",
// " #3" … (and the folder "<name>_2" …): that suffix, which the case keeps as
// criterion's report does, else nothing.
std::string repeatSuffix(const JsonNode &id)
{
    const std::string full = id.optString("full_id"), title = id.optString("title");
    if (full.empty() || title.size() < full.size() + 3 || title.compare(0, full.size(), full) != 0)
        return {};
    const std::string rest = title.substr(full.size());
    return rest.compare(0, 2, " #") == 0 && rest.find_first_not_of("0123456789", 2) == std::string::npos ? rest : "";
}

// Reads the benchmark folders, naming in `m_file` the file being read so
// that an error names it.
class TreeReader {
public:
    TreeReader(const fs::path &root, CaptureBuilder &b) : m_root(root), m_b(b) { }

    // The file being read, empty once every benchmark is read.
    const std::string &file() const { return m_file; }
    std::size_t mostSamples() const { return m_samples; }

    void readAll()
    {
        for (const fs::path &dir : benchmarkDirs(m_root))
            read(dir);
        m_file.clear();
    }

private:
    void read(const fs::path &dir)
    {
        nlohmann::json idDoc, sampleDoc, estimatesDoc;
        const JsonNode id = load(dir / "benchmark.json", idDoc);
        const std::string group = id.object().nonEmptyString("group_id");
        const std::string function = id.optString("function_id");
        const std::string value = id.optString("value_str");
        const std::string again = repeatSuffix(id);
        const std::string part = m_b.participant(function.empty() ? group : function);
        const std::string cs = function.empty() ? m_b.caseId((value.empty() ? "run" : value) + again)
                                                : m_b.caseId((value.empty() ? group : group + "/" + value) + again, group);
        if (m_b.capture().result(part, cs))
            id.fail("a second benchmark named " + id.optString("full_id", group));
        const Throughput throughput = throughputOf(id);
        readSamples(load(dir / "sample.json", sampleDoc), throughput, part, cs);
        if (fs::exists(dir / "estimates.json")) {
            const JsonNode estimates = load(dir / "estimates.json", estimatesDoc);
            // Keyed by the Statistic enum (Mean, ...) up to 0.3.2, by field name since 0.3.3.
            const bool old = estimates.object().has("Mean");
            for (const auto &[name, oldName] : {std::pair{"mean", "Mean"}, {"median", "Median"}, {"std_dev", "StdDev"},
                                                {"median_abs_dev", "MedianAbsDev"}, {"slope", "Slope"}})
                readEstimate(estimates, old ? oldName : name, name, part, cs);
        } else {
            m_b.caveat("a benchmark has no estimates.json: its samples only");
        }
    }

    JsonNode load(const fs::path &file, nlohmann::json &doc)
    {
        m_file = file.string();
        LoadError error;
        const auto text = FileIO::readFile(m_file, error, InputLimits::current().wholeFile());
        if (!text)
            throw InputFailure{error.place, error.message};
        if (text->find_first_not_of(" \t\r\n") == std::string::npos)
            throw InputFailure{{}, "the file is empty"};
        auto parsed = CompactJsonParser::parse(*text, m_file, error, false);
        if (!parsed)
            throw InputFailure{error.place, error.message};
        doc = std::move(parsed->root);
        m_b.provenance().sourceHashes[fs::relative(file, m_root).string()] = Sha256::hex(*text);
        return JsonNode(doc);
    }

    struct Throughput {
        std::string metric; // empty when the benchmark sets none
        double perIteration = 0;
    };

    Throughput throughputOf(const JsonNode &id)
    {
        const auto t = id.optMember("throughput");
        if (!t)
            return {};
        if (const auto bytes = t->object().optNumber("Bytes")) {
            m_b.defineMetric("bytes_per_s", "Bytes/s", "B/s", Direction::HigherIsBetter,
                             "the benchmark's Throughput::Bytes per iteration ÷ time per iteration");
            return {"bytes_per_s", *bytes};
        }
        if (const auto elements = t->optNumber("Elements")) {
            m_b.defineMetric("elements_per_s", "Elements/s", "ops/s", Direction::HigherIsBetter,
                             "the benchmark's Throughput::Elements per iteration ÷ time per iteration");
            return {"elements_per_s", *elements};
        }
        t->fail("expected {\"Bytes\": n} or {\"Elements\": n}");
    }

    // {"sampling_mode", "iters", "times"} since criterion 0.3.3; before it
    // (0.1 to 0.3.2) the tuple (iters, times): [[iters...], [times...]].
    void readSamples(const JsonNode &sample, const Throughput &tp, const std::string &part, const std::string &cs)
    {
        std::vector<JsonNode> iters, times;
        if (sample.value().is_array()) {
            const auto pair = sample.elements();
            if (pair.size() != 2)
                sample.fail("expected [iters, times] (criterion 0.3.2 and older) or an object");
            iters = pair[0].array().elements();
            times = pair[1].array().elements();
            m_b.caveat("criterion.rs 0.3.2 or older layout (sample.json [iters, times], estimates by Mean, Median, ...)");
        } else {
            iters = sample.object().member("iters").elements();
            times = sample.member("times").elements();
            if (const std::string mode = sample.optString("sampling_mode"); !mode.empty())
                m_b.provenance().conditions.extra["sampling_mode"] = mode;
        }
        if (iters.size() != times.size()) {
            const std::string counts = "holds " + std::to_string(times.size()) + " samples but iters "
                + std::to_string(iters.size());
            if (sample.value().is_array())
                sample.fail("times " + counts);
            sample.fail("times", counts);
        }
        for (std::size_t i = 0; i < iters.size(); ++i) {
            const double n = iters[i].number();
            if (n <= 0)
                iters[i].fail("an iteration count must be positive");
            const double perIteration = times[i].number() / n * 1e-9;
            Repetition &rep = m_b.addRepetition(part, cs);
            m_b.set(rep, "time_per_iter", perIteration);
            if (!tp.metric.empty() && perIteration > 0)
                m_b.set(rep, tp.metric, tp.perIteration / perIteration);
        }
        m_samples = std::max(m_samples, iters.size());
    }

    // A point estimate and its confidence interval, each once (ns → s).
    void readEstimate(const JsonNode &estimates, const std::string &key, const std::string &name,
                      const std::string &part, const std::string &cs)
    {
        const auto e = estimates.optMember(key);
        if (!e)
            return;
        const JsonNode ci = e->object().member("confidence_interval");
        const std::string level = std::to_string(std::lround(ci.number("confidence_level") * 100)) + "%";
        const std::string idBase = "estimate_" + name;
        m_b.defineMetric(idBase, name + " (estimate)", "s", Direction::LowerIsBetter,
                         "criterion's bootstrap estimate of the " + name + " time per iteration");
        m_b.defineMetric(idBase + ".ci_lower", name + " " + level + " CI lower", "s", Direction::LowerIsBetter);
        m_b.defineMetric(idBase + ".ci_upper", name + " " + level + " CI upper", "s", Direction::LowerIsBetter);
        if (name == "mean" || name == "median")
            m_b.setStatistic(idBase, name);
        else if (name == "std_dev")
            m_b.setStatistic(idBase, "stddev");
        m_b.setOnce(part, cs, idBase, e->number("point_estimate") * 1e-9);
        m_b.setOnce(part, cs, idBase + ".ci_lower", ci.number("lower_bound") * 1e-9);
        m_b.setOnce(part, cs, idBase + ".ci_upper", ci.number("upper_bound") * 1e-9);
    }

    const fs::path m_root;
    CaptureBuilder &m_b;
    std::string m_file;
    std::size_t m_samples = 0;
};

} // namespace

bool CriterionImporter::holdsBenchmarks(const std::string &folder)
{
    return !benchmarkDirs(fs::path(folder)).empty();
}

std::optional<Capture> CriterionImporter::import(const std::string &folder, LoadError &error)
{
    fs::path root = fs::path(folder).lexically_normal();
    if (root.filename().empty())
        root = root.parent_path();
    const std::string empty;
    CaptureBuilder b(ImportInput{root.string(), empty}, "criterion.rs", "benchmark-harness");
    b.provenance().sourceHashes.clear();
    b.provenance().conditions.mode = "microbenchmark";
    b.caveat("criterion.rs's files record no criterion version, date or host");
    b.caveat("each benchmark's latest run (new/) is read; the saved baseline (base/), change/ and the reports are not");
    b.defineMetric("time_per_iter", "Time/iteration", "s", Direction::LowerIsBetter,
                   "one sample's measured time ÷ its iteration count");
    b.setPrimary("time_per_iter");
    TreeReader reader(root, b);
    try {
        reader.readAll();
        b.provenance().conditions.repetitions = int(reader.mostSamples());
        b.fillMissingWithinGroups("not run with this input");
        Capture c = b.finish();
        c.sourcePath = folder;
        return c;
    } catch (const InputFailure &f) {
        error = {reader.file().empty() ? folder : reader.file(), f.place, "criterion.rs: " + f.message};
        return std::nullopt;
    }
}

} // namespace bs
