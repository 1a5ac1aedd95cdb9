// libFuzzer target: the runner's incremental HTTP/1.1 response parser, fed
// the input in pieces whose sizes come from the input itself, responses
// pipelined back to back, then the connection closed.
#include "httpresponseparser.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2)
        return 0;
    const bool head = data[0] & 1;
    const std::size_t piece = 1 + data[1] % 64;
    const char *bytes = reinterpret_cast<const char *>(data + 2);
    std::size_t left = size - 2;

    bs::HttpResponseParser parser;
    parser.setKeepBody(data[0] & 2);
    parser.reset(head);
    while (left > 0) {
        const std::size_t n = left < piece ? left : piece;
        std::size_t consumed = 0;
        const auto state = parser.feed(bytes, n, consumed);
        if (consumed > n)
            std::abort();
        if (state == bs::HttpResponseParser::State::Error)
            return 0;
        if (state == bs::HttpResponseParser::State::Complete) {
            parser.reset(head);
        } else if (consumed != n) {
            std::abort(); // incomplete must take every byte offered
        }
        bytes += consumed;
        left -= consumed;
    }
    parser.finishOnClose();
    return 0;
}
