#include "captureloader.h"

#include "capturereader.h"
#include "fileio.h"

namespace bs {

std::optional<Capture> CaptureLoader::load(const std::string &path, LoadError &error)
{
    auto text = FileIO::readMaybeGzip(path, error);
    if (!text)
        return std::nullopt;
    return CaptureReader::readText(*text, path, error);
}

} // namespace bs
