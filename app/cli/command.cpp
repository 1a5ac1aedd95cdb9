#include "command.h"

#include "captureloader.h"
#include "importers/importerregistry.h"
#include "textescape.h"
#include "capturewriter.h"
#include "outputpath.h"

#include <filesystem>
#include <ostream>

bool CommandContext::loadAll(const std::vector<std::string> &files, std::vector<bs::Capture> &captures)
{
    for (const std::string &f : bs::CaptureLoader::withoutJoinedRawFiles(files)) {
        bs::LoadError error;
        auto capture = bs::CaptureLoader::load(f, error);
        if (!capture) {
            err << "benchscope-cli: " << bs::TextEscape::terminal(error.toString()) << "\n";
            return false;
        }
        captures.push_back(std::move(*capture));
    }
    return true;
}

bool CommandContext::keepsInputs(const std::vector<std::string> &outs, const std::vector<std::string> &inputs)
{
    std::vector<std::string> read = inputs;
    for (const std::string &in : inputs)
        read.push_back(bs::CaptureWriter::rawPathFor(in));
    for (const std::string &out : outs) {
        bs::LoadError error;
        if (!bs::OutputPath::notAnInput(out, read, error)) {
            err << "benchscope-cli: " << error.toString() << "\n";
            return false;
        }
    }
    return true;
}

bool CommandContext::hasMetric(const bs::Capture &capture, const std::string &metricId)
{
    if (metricId.empty() || capture.metric(metricId))
        return true;
    err << "benchscope-cli: " << bs::TextEscape::terminal(capture.sourcePath) << ": no metric \""
        << bs::TextEscape::terminal(metricId) << "\"\n";
    return false;
}

bool CommandContext::expandFolders(const std::vector<std::string> &args, std::vector<std::string> &files)
{
    for (const std::string &a : args) {
        std::error_code ec;
        if (!std::filesystem::is_directory(a, ec)) {
            files.push_back(a);
            continue;
        }
        const std::vector<std::string> found = bs::CaptureLoader::historyFiles(a);
        if (found.empty()) {
            err << "benchscope-cli: " << bs::TextEscape::terminal(a) << ": "
                << bs::TextEscape::terminal(bs::CaptureLoader::noHistoryReason(a))
                << " (a folder of per-run results is one capture: see inspect)\n";
            return false;
        }
        files.insert(files.end(), found.begin(), found.end());
    }
    // The files of one run a tool writes as several (Locust's --csv) are one run.
    files = bs::ImporterRegistry::instance().oneFilePerRun(files);
    return true;
}
