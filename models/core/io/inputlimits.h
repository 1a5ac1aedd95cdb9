#pragma once

#include <cstdint>
#include <string>

namespace bs {

// A size bound on one file and the environment variable that raises it.
struct ByteLimit {
    std::uint64_t bytes;
    const char *variable;
};

// The limits every reader enforces on a file before it can cost unbounded
// time or memory (docs/limits.md). Each can be raised for the rare real
// file by an environment variable, read once.
struct InputLimits {
    std::uint64_t captureBytes = 512ull << 20; // a capture's size after decompression
    std::uint64_t importBytes = 32ull << 20;   // another tool's output, after decompression
    std::uint64_t documentBytes = 192ull << 20; // estimated memory of one parsed JSON document
    std::uint64_t stringBytes = 1ull << 20;    // one JSON string or number token
    int depth = 64;                            // JSON nesting depth
    std::uint64_t repetitions = 100000;        // repetitions of one result

    // The defaults, with BENCHSCOPE_MAX_CAPTURE_MB, BENCHSCOPE_MAX_IMPORT_MB,
    // BENCHSCOPE_MAX_DOCUMENT_MB, BENCHSCOPE_MAX_STRING_KB,
    // BENCHSCOPE_MAX_JSON_DEPTH and BENCHSCOPE_MAX_REPETITIONS applied.
    static const InputLimits &current();

    // A capture or raw-repetitions file, and any file's size on disk.
    ByteLimit captureFile() const { return {captureBytes, "BENCHSCOPE_MAX_CAPTURE_MB"}; }
    // A file read whole: another tool's output, a folder's map file, a
    // criterion.rs file, a suite file and its body files.
    ByteLimit wholeFile() const { return {importBytes, "BENCHSCOPE_MAX_IMPORT_MB"}; }

    // "more than 512 MiB (the limit; set BENCHSCOPE_MAX_CAPTURE_MB to raise
    // it, see docs/limits.md)"
    static std::string beyond(std::uint64_t limit, const char *unit, const char *variable);
    static std::string mebibytes(std::uint64_t bytes);
};

} // namespace bs
