// libFuzzer target: the one capture loader on a file's bytes: format told
// by content (plain or gzip), then the capture reader or every importer
// through the registry.
#include "captureloader.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    bs::LoadError error;
    bs::CaptureLoader::loadBytes(std::string(reinterpret_cast<const char *>(data), size),
                                 "/nonexistent-fuzz-dir/input", error);
    return 0;
}
