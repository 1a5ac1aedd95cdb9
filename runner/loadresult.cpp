#include "loadresult.h"

namespace bs {

const char *errorKindName(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::ConnectRefused: return "connect_refused";
    case ErrorKind::ConnectTimeout: return "connect_timeout";
    case ErrorKind::Reset: return "reset";
    case ErrorKind::Eof: return "eof";
    case ErrorKind::Parse: return "parse";
    case ErrorKind::Timeout: return "timeout";
    case ErrorKind::Status4xx: return "status_4xx";
    case ErrorKind::Status5xx: return "status_5xx";
    case ErrorKind::Count: break;
    }
    return "unknown";
}

std::uint64_t LoadResult::errorTotal() const
{
    std::uint64_t n = 0;
    for (const auto &[kind, count] : errors)
        n += count;
    return n;
}

} // namespace bs
