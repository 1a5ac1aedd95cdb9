#pragma once

#include "capture.h"
#include "loaderror.h"
#include "reportcontent.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

// Writes captures beside a report or a published page, as the seed pages
// offer them for download: each capture's summary and provenance (JSON)
// and every repetition (gzip JSON), split as `benchscope-run --split-raw`
// writes them, under `folder`/ named by suite and revision (unique per
// writer). Each file is offered with its size and sha256.
class CaptureDownloads {
public:
    // Where a file given by its path relative to the output is written
    // (folders made), or empty with `error`.
    using PathOf = std::function<std::string(const std::string &relative, bs::LoadError &error)>;

    CaptureDownloads(PathOf pathOf, std::string folder);

    // The capture's two files, written; none once an error is met (error()).
    std::vector<bs::ReportDownload> write(const bs::Capture &capture);
    const bs::LoadError &error() const { return m_error; }
    // Every file written, relative to the output.
    const std::vector<std::string> &written() const { return m_written; }

private:
    bs::ReportDownload offered(const std::string &label, const std::string &relative);

    PathOf m_pathOf;
    std::string m_folder;
    std::set<std::string> m_stems;
    std::vector<std::string> m_written;
    bs::LoadError m_error;
};
