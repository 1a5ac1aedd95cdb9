#include "diffsetup.h"

#include "command.h"
#include "participantmatch.h"
#include "textescape.h"

#include <ostream>

using Option = CommandLine::Option;

std::vector<CommandLine::Option> DiffSetup::optionsRead()
{
    return {Option::Metric, Option::Alpha, Option::Rule, Option::Correct, Option::Match, Option::FailOn, Option::Threshold};
}

bool DiffSetup::read(CommandLine &cl, int &exitCode)
{
    metricId = cl.value(Option::Metric);
    if (!cl.number(Option::Alpha, options.alpha, CommandLine::isProbability, "a number between 0 and 1")
        || !cl.number(Option::Threshold, threshold, CommandLine::isPercent, "a percentage of 0 or more")
        || !cl.rule(options.rule) || !cl.correction(options.correction)) {
        exitCode = cl.exitCode();
        return false;
    }
    gated = cl.isSet(Option::FailOn);
    match = cl.value(Option::Match, "id");
    if (gated && cl.value(Option::FailOn) != "worse")
        exitCode = cl.usageError("--fail-on expects worse, found \"" + cl.value(Option::FailOn) + "\"");
    else if (!gated && cl.isSet(Option::Threshold))
        exitCode = cl.usageError("--threshold is for --fail-on worse");
    else if (match != "id" && match != "name")
        exitCode = cl.usageError("--match expects id or name, found \"" + match + "\"");
    else
        return true;
    return false;
}

std::optional<bs::CaptureDiff> DiffSetup::compare(CommandContext &ctx, bs::Capture &before, bs::Capture &after) const
{
    for (bs::Capture *c : {&before, &after}) {
        std::string problem;
        if (match == "name" && !bs::ParticipantMatch::byName(*c, problem)) {
            ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(c->sourcePath) << ": --match name: " << problem << "\n";
            return std::nullopt;
        }
    }
    bs::CaptureDiff::Options chosen = options;
    if (metricId.empty()) {
        const bs::Metric *primary = after.primaryMetric() ? after.primaryMetric() : before.primaryMetric();
        if (primary)
            chosen.metrics.push_back(primary->id);
    } else if (metricId != "all") {
        if (!before.metric(metricId) && !after.metric(metricId)) {
            ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(before.sourcePath) << ", "
                    << bs::TextEscape::terminal(after.sourcePath) << ": no metric \"" << bs::TextEscape::terminal(metricId)
                    << "\" in either capture\n";
            return std::nullopt;
        }
        chosen.metrics.push_back(metricId);
    }
    return bs::CaptureDiff::compare(before, after, chosen);
}
