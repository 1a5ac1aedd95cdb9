#include "inputlimits.h"

#include <cstdlib>

namespace bs {

namespace {

void apply(const char *variable, std::uint64_t scale, std::uint64_t &value)
{
    const char *text = std::getenv(variable);
    if (!text || !*text)
        return;
    char *end = nullptr;
    const unsigned long long v = std::strtoull(text, &end, 10);
    if (*end == '\0' && v > 0 && v < (~0ull / scale))
        value = v * scale;
}

InputLimits fromEnvironment()
{
    InputLimits l;
    apply("BENCHSCOPE_MAX_CAPTURE_MB", 1ull << 20, l.captureBytes);
    apply("BENCHSCOPE_MAX_IMPORT_MB", 1ull << 20, l.importBytes);
    apply("BENCHSCOPE_MAX_DOCUMENT_MB", 1ull << 20, l.documentBytes);
    apply("BENCHSCOPE_MAX_STRING_KB", 1ull << 10, l.stringBytes);
    apply("BENCHSCOPE_MAX_REPETITIONS", 1, l.repetitions);
    std::uint64_t depth = std::uint64_t(l.depth);
    apply("BENCHSCOPE_MAX_JSON_DEPTH", 1, depth);
    l.depth = int(depth < 100000 ? depth : 100000);
    return l;
}

} // namespace

const InputLimits &InputLimits::current()
{
    static const InputLimits limits = fromEnvironment();
    return limits;
}

std::string InputLimits::mebibytes(std::uint64_t bytes)
{
    if (bytes >= (1ull << 20) && bytes % (1ull << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1ull << 10) && bytes % (1ull << 10) == 0)
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string InputLimits::beyond(std::uint64_t limit, const char *unit, const char *variable)
{
    const std::string amount = unit[0] ? std::to_string(limit) + " " + unit : mebibytes(limit);
    return "more than " + amount + " (the limit; set " + variable + " to raise it, see docs/limits.md)";
}

} // namespace bs
