#include "convertcommand.h"

#include "captureloader.h"
#include "capturewriter.h"
#include "commandline.h"
#include "importers/folderimporter.h"
#include "textescape.h"

#include <ostream>

namespace {

using Option = CommandLine::Option;

const char *kConvertUsage =
    "usage: benchscope-cli convert IN... --out CAPTURE.json.gz [--map MAP.json] [--title TITLE] [--suite ID] "
    "[--split-raw]\n";

} // namespace

int ConvertCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "convert", kConvertUsage, {Option::Out, Option::Map, Option::Title, Option::Suite, Option::SplitRaw});
    if (!cl.parse())
        return cl.exitCode();
    const std::vector<std::string> inputs = cl.files();
    const std::string out = cl.value(Option::Out), map = cl.value(Option::Map);
    const std::string title = cl.value(Option::Title, "imported");
    if (inputs.empty() || out.empty())
        return cl.usageError(inputs.empty() ? "an IN is needed" : "--out is needed");
    if (!map.empty() && inputs.size() == 1)
        return cl.usageError(std::string("--map applies when several files are combined (a folder reads its own ")
                             + bs::FolderImporter::kMapFileName + ")");

    std::vector<std::string> read = inputs;
    if (!map.empty())
        read.push_back(map);
    const bool splitRaw = cl.isSet(Option::SplitRaw);
    if (!ctx.keepsInputs(splitRaw ? std::vector<std::string>{out, bs::CaptureWriter::rawPathFor(out)}
                                  : std::vector<std::string>{out},
                         read))
        return 1;
    bs::LoadError error;
    auto capture = inputs.size() == 1 ? bs::CaptureLoader::load(inputs.front(), error)
                                      : bs::FolderImporter::importFiles(inputs, map, title, error);
    if (!capture) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
        return 1;
    }
    if (cl.isSet(Option::Suite)) {
        if (cl.value(Option::Suite).empty())
            return cl.usageError("--suite needs an id");
        capture->suite.id = cl.value(Option::Suite);
    }
    for (const std::string &w : capture->warnings)
        ctx.err << "benchscope-cli: warning: " << bs::TextEscape::terminal(w) << "\n";
    bs::CaptureWriter::Options options;
    options.splitRaw = splitRaw;
    if (!bs::CaptureWriter::write(*capture, out, options, error)) {
        ctx.err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
        return 1;
    }
    std::size_t reps = 0;
    for (const bs::Result &r : capture->results)
        reps += r.repetitions.size();
    ctx.out << "wrote " << out << ": " << capture->participants.size() << " participant(s), "
            << capture->cases.size() << " case(s), " << reps << " repetition(s)\n";
    return 0;
}
