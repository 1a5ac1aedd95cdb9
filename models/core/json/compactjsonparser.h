#pragma once

#include "histogram.h"
#include "inputstreambuf.h"
#include "loaderror.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Parses JSON text into a nlohmann::json document, except that every array
// under a key named "buckets" (histogram buckets: long runs of integers) is
// kept in a flat vector and replaced in the document by {"$buckets": index}.
// A capture's histograms are most of its numbers; keeping them out of the
// DOM is what holds peak memory near the size of the text.
namespace CompactJsonParser {

struct Buckets {
    PackedBuckets packed;                 // the pairs read, while each rises above the last with a count above 0
    std::vector<Histogram::Bucket> loose; // all the pairs, once one did not (to be sorted and merged)
    bool isLoose = false;
    Histogram::Check check;   // where the pairs first break the layout
    long elements = 0;        // numbers read
    long badElement = -1;     // first element that was not a non-negative integer below 2^64 (an index: 2^32)
    std::uint64_t pendingIndex = 0;
    bool oddCount() const { return elements % 2 != 0; }
    // Into `h`, when nothing above refuses them.
    void moveInto(Histogram &h);
};

struct Document {
    nlohmann::json root;
    std::vector<Buckets> buckets;
};

// Which parser reads the text: Auto is the fast parser, which leaves any
// document it is not sure of to nlohmann's (so the errors are nlohmann's);
// the other two are for tests that compare them.
enum class Engine { Auto, FastOnly, Nlohmann };

// On a syntax error, `error.place` is "line L, column C (byte B)". A key
// that appears twice in one object is refused at the object's JSON path.
// `buckets`: divert "buckets" arrays as above (false: plain DOM).
std::optional<Document> parse(const std::string &text, const std::string &path,
                              LoadError &error, bool buckets = true, Engine engine = Engine::Auto);
// Reads `in` to its end: anything but whitespace after the document is an
// error, and a stream error (gzip, size) is the error reported.
std::optional<Document> parse(InputStreamBuf &in, const std::string &path, LoadError &error,
                              Engine engine = Engine::Auto);

// "line L, column C (byte B)" for a byte offset into text.
std::string placeOfByte(const std::string &text, std::size_t byte);

} // namespace CompactJsonParser

} // namespace bs
