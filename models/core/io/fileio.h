#pragma once

#include "inputlimits.h"
#include "loaderror.h"

#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

namespace bs {

// Whole-file reading, gzip decoding and atomic writing, with errors that name
// the file and the place.
namespace FileIO {

// Reads the whole file. Fails with a clear message when it does not exist,
// is not a regular file, cannot be read, or holds more than `limit.bytes`
// bytes (a limit from InputLimits, docs/limits.md: by default that of a
// file read whole; a capture passes InputLimits::captureFile()).
std::optional<std::string> readFile(const std::string &path, LoadError &error,
                                    ByteLimit limit = InputLimits::current().wholeFile());
// The checks every reader makes before opening a file: it exists, it is a
// regular file (a symlink's target counts; a folder, FIFO, device or
// socket is refused, so opening it cannot block or read without end) and
// holds at most `limit.bytes` bytes.
bool checkFile(const std::string &path, LoadError &error, ByteLimit limit);
// Checks the file as above and opens it for reading into `file`.
bool openForReading(std::filebuf &file, const std::string &path, LoadError &error, ByteLimit limit);

bool isGzip(const std::string &bytes);

// Reads a file and decodes it when it starts with the gzip magic bytes,
// whatever its name; another tool's output, so InputLimits::importBytes
// bounds it. A truncated or corrupt stream names the compressed byte.
std::optional<std::string> readMaybeGzip(const std::string &path, LoadError &error);

std::string gzip(const std::string &bytes, int level = 6);

// Writes to a temporary file in the same folder, flushes it to disk and
// renames it over `path`, so a reader never sees a half-written file.
bool writeAtomically(const std::string &path, const std::string &bytes, LoadError &error);

} // namespace FileIO

} // namespace bs
