// libFuzzer target: the capture reader on a file's bytes as they are, gzip
// (told by its magic bytes) or plain JSON.
#include "capturereader.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    bs::LoadError error;
    bs::CaptureReader::readBytes(std::string(reinterpret_cast<const char *>(data), size),
                                 "/nonexistent-fuzz-dir/capture.json", error);
    return 0;
}
