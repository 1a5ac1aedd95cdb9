#pragma once

#include "inputfailure.h"

#include <optional>
#include <string>

namespace bs {

class CaptureBuilder;

// A file an importer reads beside the one opened (Locust's _stats.csv
// siblings, asv's benchmarks.json), and the timestamps such files carry.
namespace BesideFile {

// Its decoded text, or nullopt when it is not there (the caller says what
// that leaves out); InputFailure naming it when it is there and cannot be read.
std::optional<std::string> read(const std::string &path, const std::string &opened);

// Reads its text with `read`, so that the errors name that file.
template <class Read>
auto readAs(const std::string &path, const std::string &text, Read read)
{
    try {
        return read(text);
    } catch (const InputFailure &f) {
        throw InputFailure{path.substr(path.find_last_of('/') + 1) + ", " + f.place, f.message};
    }
}

// Hashed with the opened file into the capture's source hashes (provenance).
void hash(CaptureBuilder &b, const std::string &path, const std::string &text);

// "2026-12-01T12:34:49Z" from UNIX seconds; empty when out of range.
std::string isoUtc(double seconds);

} // namespace BesideFile

} // namespace bs
