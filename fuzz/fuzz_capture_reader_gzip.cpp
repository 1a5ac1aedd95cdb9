// libFuzzer target: the capture reader's gzip path. The input is JSON text
// that is gzipped here, so that mutations of the text reach the streaming
// parser. The last byte picks what is done to the stream: bit 0 cuts it
// short, bit 1 writes the text as two gzip members (split at its middle, as
// `cat a.gz b.gz` makes), bit 2 appends bytes that are not a member.
#include "capturereader.h"
#include "fileio.h"

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string text(reinterpret_cast<const char *>(data), size - 1);
    const std::uint8_t how = data[size - 1];
    std::string gz = how & 2 ? bs::FileIO::gzip(text.substr(0, text.size() / 2), 1)
            + bs::FileIO::gzip(text.substr(text.size() / 2), 1)
                             : bs::FileIO::gzip(text, 1);
    if (how & 1)
        gz.resize(gz.size() / 2 + how % 8);
    if (how & 4)
        gz += "trailing";
    bs::LoadError error;
    bs::CaptureReader::readBytes(std::move(gz), "/nonexistent-fuzz-dir/capture.json.gz", error);
    return 0;
}
