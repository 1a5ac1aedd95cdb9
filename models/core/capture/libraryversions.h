#pragma once

#include <string>

// Versions of the libraries the core is built with, for --version and About.
namespace bs::LibraryVersions {

// The zlib loaded at run time.
std::string zlib();
// nlohmann/json is header-only: the version compiled in.
std::string nlohmannJson();

} // namespace bs::LibraryVersions
