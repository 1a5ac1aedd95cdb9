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
    auto bytes = FileIO::readFile(path, error);
    if (!bytes)
        return std::nullopt;
    if (CaptureReader::looksLikeCapture(*bytes))
        return CaptureReader::readBytes(std::move(*bytes), path, error);
    if (FileIO::isGzip(*bytes)) {
        bytes = FileIO::gunzip(*bytes, path, error);
        if (!bytes)
            return std::nullopt;
    }
    return ImporterRegistry::instance().importText(*bytes, path, error);
}

} // namespace bs
