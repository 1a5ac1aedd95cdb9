#pragma once

#include "loaderror.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bs {

// Whole-file reading, gzip decoding and atomic writing, with errors that name
// the file and the place.
namespace FileIO {

// Reads the whole file. Fails with a clear message when it does not exist,
// is a directory, cannot be read, or holds more than `limit` bytes (told
// before reading when the file's size is known).
std::optional<std::string> readFile(const std::string &path, LoadError &error,
                                    std::uint64_t limit = UINT64_MAX);
// The checks readFile makes before reading: exists, not a folder, size.
bool checkFile(const std::string &path, LoadError &error, std::uint64_t limit);

bool isGzip(const std::string &bytes);

// Reads a file and decodes it when it starts with the gzip magic bytes,
// whatever its name; another tool's output, so InputLimits::importBytes
// bounds it. A truncated or corrupt stream names the compressed byte.
std::optional<std::string> readMaybeGzip(const std::string &path, LoadError &error);

std::string gzip(const std::string &bytes, int level = 6);

// Writes to a temporary file in the same folder, flushes it to disk and
// renames it over `path`, so a reader never sees a half-written file. A
// symlink is followed (its target is replaced, the temporary file beside
// the target); a character device or FIFO is written into, never replaced
// (OutputPath::resolve).
bool writeAtomically(const std::string &path, const std::string &bytes, LoadError &error);

} // namespace FileIO

} // namespace bs
