#include "capturedownloads.h"

#include "capturewriter.h"
#include "fileio.h"
#include "sha256.h"
#include "slug.h"

CaptureDownloads::CaptureDownloads(PathOf pathOf, std::string folder)
    : m_pathOf(std::move(pathOf))
    , m_folder(std::move(folder))
{
}

std::vector<bs::ReportDownload> CaptureDownloads::write(const bs::Capture &c)
{
    if (!m_error.message.empty())
        return {};
    std::string stem = bs::Slug::fileName(c.suite.id + (c.revision.name().empty() ? "" : "-" + c.revision.name()));
    for (int n = 2; !m_stems.insert(stem).second; ++n)
        stem = bs::Slug::fileName(c.suite.id) + "-" + std::to_string(n);
    const std::string summary = m_folder + "/" + stem + ".json";
    const std::string path = m_pathOf(summary, m_error);
    bs::CaptureWriter::Options split;
    split.splitRaw = true;
    if (path.empty() || !bs::CaptureWriter::write(c, path, split, m_error))
        return {};
    const std::string raw = bs::CaptureWriter::rawPathFor(summary);
    m_written.push_back(summary);
    m_written.push_back(raw);
    return {offered("Summary and provenance (JSON)", summary), offered("Every repetition (gzip JSON)", raw)};
}

bs::ReportDownload CaptureDownloads::offered(const std::string &label, const std::string &relative)
{
    const std::string path = m_pathOf(relative, m_error);
    const std::optional<std::string> bytes = path.empty() ? std::nullopt : bs::FileIO::readFile(path, m_error);
    if (!bytes)
        return {label, relative, 0, {}};
    return {label, relative, bytes->size(), bs::Sha256::hex(*bytes)};
}
