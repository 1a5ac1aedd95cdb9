#include "besidefile.h"

#include "capturebuilder.h"
#include "fileio.h"
#include "inputfailure.h"
#include "sha256.h"

#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <ctime>

namespace bs {

std::optional<std::string> BesideFile::read(const std::string &path, const std::string &opened)
{
    if (path == opened)
        return std::nullopt;
    struct stat st;
    if (::stat(path.c_str(), &st) != 0 && errno == ENOENT)
        return std::nullopt;
    LoadError error;
    std::optional<std::string> text = FileIO::readMaybeGzip(path, error);
    if (!text)
        throw InputFailure{path + (error.place.empty() ? "" : ", " + error.place), error.message};
    return text;
}

void BesideFile::hash(CaptureBuilder &b, const std::string &path, const std::string &text)
{
    b.provenance().sourceHashes[path.substr(path.find_last_of('/') + 1)] = Sha256::hex(text);
}

std::string BesideFile::isoUtc(double seconds)
{
    if (!std::isfinite(seconds) || std::abs(seconds) > 1e12)
        return {};
    const std::time_t t = std::time_t(seconds);
    std::tm tm{};
    char buf[32] = {};
    if (!gmtime_r(&t, &tm) || !std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm))
        return {};
    return buf;
}

} // namespace bs
