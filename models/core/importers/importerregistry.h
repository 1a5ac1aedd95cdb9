#pragma once

#include "capture.h"
#include "importer.h"
#include "loaderror.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Every importer, and the one place that decides which of them reads a file:
// by content (plain or gzip), never by name. JSON is parsed once here, with
// bare NaN/Infinity (Google Benchmark writes them) read as null. A JSON
// document wrapped as {"<field>": {"type": "json", "value": DOC}} (as some
// runners save tool output) is unwrapped. No match, or more than one, is an
// error that lists the formats tried.
class ImporterRegistry {
public:
    ImporterRegistry();
    static const ImporterRegistry &instance();

    std::optional<Capture> importFile(const std::string &path, LoadError &error, bool *unrecognised = nullptr) const;
    // `unrecognised` (optional) is set when no format matched, as opposed to
    // a recognised file with an error in it.
    std::optional<Capture> importText(const std::string &text, const std::string &path, LoadError &error,
                                      bool *unrecognised = nullptr) const;

    // `paths` without the files read through another of them (the parts
    // of a run a tool writes as several files: Importer::leadFile), so that
    // each run is one file, its lead; `joined` (optional) gets the dropped.
    std::vector<std::string> oneFilePerRun(const std::vector<std::string> &paths,
                                           std::vector<std::string> *joined = nullptr) const;

    // "Benchscope capture" first, then every importer's name.
    std::vector<std::string> formatNames() const;

private:
    std::vector<std::unique_ptr<Importer>> m_importers;
};

} // namespace bs
