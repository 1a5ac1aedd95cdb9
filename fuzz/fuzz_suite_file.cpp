// libFuzzer target: the runner's suite file reader.
#include "suitefile.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    bs::LoadError error;
    bs::SuiteFile::parse(text, "fuzz-suite.json", "/nonexistent-fuzz-dir", error);
    return 0;
}
