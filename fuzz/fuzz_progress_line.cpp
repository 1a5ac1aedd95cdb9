// libFuzzer target: the progress stream parser, fed the input in pieces
// whose size comes from the first byte, then finished. Every line must come
// out as one event, and the same bytes fed whole must give the same events.
#include "progressparser.h"

#include <cstdint>
#include <cstdlib>

namespace {

std::vector<bs::ProgressEvent> parse(const char *bytes, std::size_t size, std::size_t piece)
{
    bs::ProgressParser parser;
    std::vector<bs::ProgressEvent> events;
    while (size > 0) {
        const std::size_t n = size < piece ? size : piece;
        for (auto &e : parser.feed(bytes, n))
            events.push_back(std::move(e));
        bytes += n;
        size -= n;
    }
    for (auto &e : parser.finish())
        events.push_back(std::move(e));
    if (parser.malformedLines() > parser.lines() + 1)
        std::abort();
    return events;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 1)
        return 0;
    const std::size_t piece = 1 + data[0] % 97;
    const char *bytes = reinterpret_cast<const char *>(data + 1);
    const auto pieces = parse(bytes, size - 1, piece);
    const auto whole = parse(bytes, size - 1, size);
    if (pieces.size() != whole.size())
        std::abort(); // the split of the stream must not change what is read
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (pieces[i].kind != whole[i].kind || pieces[i].line != whole[i].line)
            std::abort();
    }
    return 0;
}
