#pragma once

#include "loaderror.h"

#include <optional>
#include <string>

namespace bs {

// Whole-file reading, gzip decoding and atomic writing, with errors that name
// the file and the place.
class FileIO {
public:
    // Reads the whole file. Fails with a clear message when it does not exist,
    // is a directory, or cannot be read.
    static std::optional<std::string> readFile(const std::string &path, LoadError &error);

    static bool isGzip(const std::string &bytes);

    // Decodes gzip (including concatenated members). `path` only names the
    // file in errors; a truncated or corrupt stream names the compressed byte.
    static std::optional<std::string> gunzip(const std::string &bytes, const std::string &path,
                                             LoadError &error);

    // Reads a file and decodes it when it starts with the gzip magic bytes,
    // whatever its name.
    static std::optional<std::string> readMaybeGzip(const std::string &path, LoadError &error);

    static std::string gzip(const std::string &bytes, int level = 6);

    // Writes to a temporary file in the same folder, flushes it to disk and
    // renames it over `path`, so a reader never sees a half-written file.
    static bool writeAtomically(const std::string &path, const std::string &bytes,
                                std::string &errorMessage);
};

} // namespace bs
