#include "asvbenchmarks.h"

#include "besidefile.h"
#include "compactjsonparser.h"
#include "jsonnode.h"
#include "slug.h"

#include <filesystem>

namespace bs {

namespace {

// asv's type and unit → the metric its values go to.
AsvKind kindOfType(const std::string &type, const std::string &unit)
{
    if (type == "time")
        return unit.empty() || unit == "seconds" ? AsvKind{"time", "Time", "s", "median"}
                                                 : AsvKind{"time_" + Slug::id(unit), "Time (" + unit + ")", unit, "median"};
    if (type == "memory")
        return {"memory", "Memory (object size)", "B", ""};
    if (type == "peakmemory")
        return {"peak_memory", "Peak memory", "B", ""};
    if (type == "track") {
        if (unit.empty() || unit == "unit")
            return {"track", "Tracked value", "unit", ""};
        return {"track_" + Slug::id(unit), "Tracked value (" + unit + ")", unit, ""};
    }
    return {};
}

// The type asv gives a benchmark by its name's last part.
std::string typeOfName(const std::string &name)
{
    const std::string last = name.substr(name.find_last_of('.') + 1);
    const auto starts = [&](const char *prefix) { return last.rfind(prefix, 0) == 0; };
    if (starts("time_") || starts("timeraw_"))
        return "time";
    if (starts("peakmem_"))
        return "peakmemory";
    if (starts("mem_"))
        return "memory";
    return starts("track_") ? "track" : std::string();
}

} // namespace

AsvBenchmarks AsvBenchmarks::read(const std::string &resultsFile, CaptureBuilder &b)
{
    AsvBenchmarks out;
    std::error_code ec;
    const std::filesystem::path file = std::filesystem::absolute(resultsFile, ec);
    if (ec)
        return out;
    const std::string path = (file.parent_path().parent_path() / "benchmarks.json").string();
    const std::optional<std::string> text = BesideFile::read(path, resultsFile);
    if (!text)
        return out;
    BesideFile::hash(b, path, *text);
    BesideFile::readAs(path, *text, [&](const std::string &t) {
        LoadError error;
        const auto doc = CompactJsonParser::parse(t, path, error, false);
        if (!doc)
            throw InputFailure{error.place, error.message};
        for (const auto &[name, bench] : JsonNode(doc->root).object().members()) {
            if (name == "version")
                continue;
            out.m_types[name] = {bench.string("type"), bench.optString("unit")};
        }
        return 0;
    });
    out.m_found = true;
    return out;
}

AsvKind AsvBenchmarks::kindOf(const std::string &name) const
{
    const auto it = m_types.find(name);
    if (it != m_types.end())
        if (AsvKind k = kindOfType(it->second.first, it->second.second); !k.id.empty())
            return k;
    return kindOfType(typeOfName(name), {});
}

} // namespace bs
