#include "diffcommand.h"

#include "capturediff.h"
#include "difftable.h"
#include "tablerenderer.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>

namespace {

using Format = bs::TableRenderer::Format;

const char *kUsage = "usage: benchscope-cli diff BEFORE AFTER [--format text|markdown|csv|json] "
                     "[--metric ID|all] [--alpha P]\n";

std::string captureName(const bs::Capture &c)
{
    const std::string &rev = c.revision.name();
    return c.sourcePath + (rev.empty() ? "" : " (" + rev + ")");
}

nlohmann::ordered_json sampleJson(const std::optional<bs::DiffSample> &s)
{
    if (!s)
        return nullptr;
    return {{"median", s->median}, {"min", s->min}, {"max", s->max}, {"n", s->n}, {"values", s->values}};
}

template <typename T>
nlohmann::ordered_json orNull(const std::optional<T> &v)
{
    return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json captureJson(const bs::Capture &c)
{
    return {{"path", c.sourcePath},
            {"suite", c.suite.id},
            {"revision", {{"id", c.revision.id}, {"label", c.revision.label}, {"date", c.revision.date}}},
            {"captured_at", c.capturedAt}};
}

std::string json(const bs::Capture &before, const bs::Capture &after, const bs::CaptureDiff &diff)
{
    using J = nlohmann::ordered_json;
    J root;
    root["before"] = captureJson(before);
    root["after"] = captureJson(after);
    root["alpha"] = diff.alpha();
    root["warnings"] = J::array();
    for (const bs::ProvenanceWarning &w : diff.warnings())
        root["warnings"].push_back({{"what", w.what},
                                    {"before", w.before.empty() ? J(nullptr) : J(w.before)},
                                    {"after", w.after.empty() ? J(nullptr) : J(w.after)},
                                    {"text", w.text()}});
    root["added"] = {{"participants", diff.addedParticipants()},
                     {"cases", diff.addedCases()},
                     {"metrics", diff.addedMetrics()}};
    root["removed"] = {{"participants", diff.removedParticipants()},
                       {"cases", diff.removedCases()},
                       {"metrics", diff.removedMetrics()}};
    root["cells"] = J::array();
    for (const bs::DiffCell &c : diff.cells()) {
        const char *presence = c.presence == bs::DiffPresence::Both ? "both"
            : c.presence == bs::DiffPresence::OnlyBefore            ? "only-before"
                                                                    : "only-after";
        root["cells"].push_back({{"participant", c.participant},
                                 {"case", c.caseId},
                                 {"group", c.caseGroup},
                                 {"metric", c.metric},
                                 {"presence", presence},
                                 {"before", sampleJson(c.before)},
                                 {"after", sampleJson(c.after)},
                                 {"delta_pct", orNull(c.deltaPct)},
                                 {"ratio", orNull(c.ratio)},
                                 {"p", orNull(c.p)},
                                 {"p_exact", c.p ? J(c.exactP) : J(nullptr)},
                                 {"u", orNull(c.u)},
                                 {"min_p", c.p ? J(c.minimumP) : J(nullptr)},
                                 {"verdict", bs::verdictName(c.verdict)},
                                 {"reason", c.reason}});
    }
    root["summary"] = J::array();
    for (const bs::Metric &m : diff.metrics()) {
        const bs::DiffSummary s = diff.summary(m.id);
        J groups = J::array();
        for (const bs::GeometricMean &g : s.groups)
            groups.push_back({{"group", g.group}, {"ratio", g.ratio}, {"cells", g.cells}, {"sentence", s.sentence(g)}});
        root["summary"].push_back({{"metric", m.id},
                                   {"groups", groups},
                                   {"overall",
                                    {{"ratio", s.overall.cells ? J(s.overall.ratio) : J(nullptr)},
                                     {"cells", s.overall.cells},
                                     {"sentence", s.sentence(s.overall)}}}});
    }
    return root.dump(2);
}

void printText(std::ostream &out, const bs::Capture &before, const bs::Capture &after, const bs::CaptureDiff &diff,
               Format format)
{
    const bool md = format == Format::Markdown;
    out << (md ? "## " : "== ") << "Diff of " << after.suite.name()
        << "\n\n";
    out << (md ? "- " : "") << "before: " << captureName(before) << "\n";
    out << (md ? "- " : "") << "after:  " << captureName(after) << "\n\n";

    if (diff.warnings().empty()) {
        out << "Provenance: machine, tools and conditions are the same.\n\n";
    } else {
        out << "Provenance differs; the numbers may not be comparable:\n" << (md ? "\n" : "");
        for (const bs::ProvenanceWarning &w : diff.warnings())
            out << (md ? "- " : "  warning: ") << w.text() << "\n";
        out << "\n";
    }
    auto list = [&](const char *what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        out << (md ? "- " : "") << what << ":";
        for (std::size_t i = 0; i < ids.size(); ++i)
            out << (i ? ", " : " ") << ids[i];
        out << "\n";
    };
    list("participants only in before (removed)", diff.removedParticipants());
    list("participants only in after (added)", diff.addedParticipants());
    list("cases only in before (removed)", diff.removedCases());
    list("cases only in after (added)", diff.addedCases());
    list("metrics only in before (removed)", diff.removedMetrics());
    list("metrics only in after (added)", diff.addedMetrics());
    if (!diff.removedParticipants().empty() || !diff.addedParticipants().empty() || !diff.removedCases().empty()
        || !diff.addedCases().empty() || !diff.removedMetrics().empty() || !diff.addedMetrics().empty())
        out << "\n";

    out << bs::TableRenderer::render(bs::DiffTable::table(diff), format) << "\n";

    out << (md ? "### " : "") << "Summary (geometric mean of after/before medians, over cells with a verdict of "
        << "better, worse or no change)\n" << (md ? "\n" : "");
    for (const std::string &line : bs::DiffTable::summaryLines(diff))
        out << (md ? "- " : "  ") << line << "\n";
}

} // namespace

int DiffCommand::run(CommandContext &ctx)
{
    std::vector<std::string> files;
    std::string formatName = "text";
    std::string metricId;
    double alpha = 0.05;
    for (std::size_t i = 0; i < ctx.args.size(); ++i) {
        const std::string &a = ctx.args[i];
        const bool hasValue = i + 1 < ctx.args.size();
        if ((a == "--format" || a == "--metric") && hasValue) {
            (a == "--format" ? formatName : metricId) = ctx.args[++i];
        } else if (a == "--alpha" && hasValue) {
            const std::string &v = ctx.args[++i];
            char *end = nullptr;
            alpha = std::strtod(v.c_str(), &end);
            if (v.empty() || *end || !(alpha > 0 && alpha < 1)) {
                ctx.err << "diff: --alpha expects a number between 0 and 1, found \"" << v << "\"\n" << kUsage;
                return 2;
            }
        } else if (a.rfind("--", 0) == 0) {
            ctx.err << "diff: unknown option or missing value: " << a << "\n" << kUsage;
            return 2;
        } else {
            files.push_back(a);
        }
    }
    Format format = Format::Text;
    const bool asJson = formatName == "json";
    if (!asJson && (!bs::TableRenderer::parseFormat(formatName, format) || format == Format::Html)) {
        ctx.err << "diff: unknown format \"" << formatName << "\" (expected text, markdown, csv or json)\n";
        return 2;
    }
    if (files.size() != 2) {
        ctx.err << kUsage;
        return 2;
    }

    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(files, captures))
        return 1;
    const bs::Capture &before = captures[0], &after = captures[1];

    bs::CaptureDiff::Options options;
    options.alpha = alpha;
    if (metricId.empty()) {
        const bs::Metric *primary = after.primaryMetric() ? after.primaryMetric() : before.primaryMetric();
        if (primary)
            options.metrics.push_back(primary->id);
    } else if (metricId != "all") {
        if (!before.metric(metricId) && !after.metric(metricId)) {
            ctx.err << "benchscope-cli: " << files[0] << ", " << files[1] << ": no metric \"" << metricId
                    << "\" in either capture\n";
            return 1;
        }
        options.metrics.push_back(metricId);
    }
    const bs::CaptureDiff diff = bs::CaptureDiff::compare(before, after, options);

    if (asJson) {
        ctx.out << json(before, after, diff) << "\n";
    } else if (format == Format::Csv) {
        // One table on stdout; the warnings go where a person still sees them.
        for (const bs::ProvenanceWarning &w : diff.warnings())
            ctx.err << "warning: " << w.text() << "\n";
        ctx.out << bs::TableRenderer::render(bs::DiffTable::table(diff), format);
    } else {
        printText(ctx.out, before, after, diff, format);
    }
    return 0;
}
