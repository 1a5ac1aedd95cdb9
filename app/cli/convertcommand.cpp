#include "convertcommand.h"

#include "captureloader.h"
#include "capturewriter.h"
#include "importers/folderimporter.h"

#include <ostream>

namespace {

const char *kConvertUsage =
    "usage: benchscope-cli convert IN... --out CAPTURE.json.gz [--map MAP.json] [--title TITLE] [--split-raw]\n";

} // namespace

int ConvertCommand::run(CommandContext &ctx)
{
    std::vector<std::string> inputs;
    std::string out, map, title = "imported";
    bool splitRaw = false;
    for (std::size_t i = 0; i < ctx.args.size(); ++i) {
        const std::string &a = ctx.args[i];
        if ((a == "--out" || a == "--map" || a == "--title") && i + 1 < ctx.args.size())
            (a == "--out" ? out : a == "--map" ? map : title) = ctx.args[++i];
        else if (a == "--split-raw")
            splitRaw = true;
        else if (a.rfind("--", 0) == 0) {
            ctx.err << "convert: unknown option " << a << "\n" << kConvertUsage;
            return 2;
        } else
            inputs.push_back(a);
    }
    if (inputs.empty() || out.empty()) {
        ctx.err << kConvertUsage;
        return 2;
    }
    if (!map.empty() && inputs.size() == 1) {
        ctx.err << "convert: --map applies when several files are combined (a folder reads its own "
                << bs::FolderImporter::kMapFileName << ")\n";
        return 2;
    }

    bs::LoadError error;
    auto capture = inputs.size() == 1 ? bs::CaptureLoader::load(inputs.front(), error)
                                      : bs::FolderImporter::importFiles(inputs, map, title, error);
    if (!capture) {
        ctx.err << "benchscope-cli: " << error.toString() << "\n";
        return 1;
    }
    for (const std::string &w : capture->warnings)
        ctx.err << "benchscope-cli: warning: " << w << "\n";
    bs::CaptureWriter::Options options;
    options.splitRaw = splitRaw;
    std::string message;
    if (!bs::CaptureWriter::write(*capture, out, options, message)) {
        ctx.err << "benchscope-cli: " << out << ": " << message << "\n";
        return 1;
    }
    std::size_t reps = 0;
    for (const bs::Result &r : capture->results)
        reps += r.repetitions.size();
    ctx.out << "wrote " << out << ": " << capture->participants.size() << " participant(s), "
            << capture->cases.size() << " case(s), " << reps << " repetition(s)\n";
    return 0;
}
