#include "libraryversions.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

namespace bs::LibraryVersions {

std::string zlib()
{
    return zlibVersion();
}

std::string nlohmannJson()
{
    return std::to_string(NLOHMANN_JSON_VERSION_MAJOR) + "." + std::to_string(NLOHMANN_JSON_VERSION_MINOR) + "."
        + std::to_string(NLOHMANN_JSON_VERSION_PATCH);
}

} // namespace bs::LibraryVersions
