#pragma once

#include <optional>
#include <string>

namespace bs {

// The size in bytes of a file, or of every regular file under a folder
// (a symbolic link counts as the link itself, never followed).
class PathSize {
public:
    static std::optional<double> bytes(const std::string &path, std::string &error);
};

} // namespace bs
