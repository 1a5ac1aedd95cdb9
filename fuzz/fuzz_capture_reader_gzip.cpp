// libFuzzer target: the capture reader's gzip path. The input is JSON text
// that is gzipped here, so that mutations of the text reach the streaming
// parser; an odd last byte also cuts the gzip stream short.
#include "capturereader.h"
#include "fileio.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    std::string gz = bs::FileIO::gzip(std::string(reinterpret_cast<const char *>(data), size - 1), 1);
    if (data[size - 1] & 1)
        gz.resize(gz.size() / 2 + data[size - 1] % 8);
    bs::LoadError error;
    bs::CaptureReader::readBytes(std::move(gz), "/nonexistent-fuzz-dir/capture.json.gz", error);
    return 0;
}
