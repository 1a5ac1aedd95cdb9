#include "captureloader.h"

#include "capturereader.h"
#include "fileio.h"
#include "importers/folderimporter.h"
#include "importers/importerregistry.h"

#include <filesystem>

namespace bs {

std::optional<Capture> CaptureLoader::load(const std::string &path, LoadError &error)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return FolderImporter::import(path, error);
    auto text = FileIO::readMaybeGzip(path, error);
    if (!text)
        return std::nullopt;
    if (CaptureReader::looksLikeCapture(*text))
        return CaptureReader::readText(std::move(*text), path, error);
    return ImporterRegistry::instance().importText(*text, path, error);
}

} // namespace bs
