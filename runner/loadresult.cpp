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
    case ErrorKind::EarlyResponse: return "early_response";
    case ErrorKind::Count: break;
    }
    return "unknown";
}

bool clientIoFromName(const std::string &name, ClientIo &io)
{
    for (const auto &[n, value] : {std::pair{"auto", ClientIo::Auto}, std::pair{"epoll", ClientIo::Epoll},
                                   std::pair{"io_uring", ClientIo::Uring}})
        if (name == n) {
            io = value;
            return true;
        }
    return false;
}

std::uint64_t LoadResult::errorTotal() const
{
    std::uint64_t n = 0;
    for (const auto &[kind, count] : errors)
        n += count;
    return n;
}

Repetition LoadResult::toRepetition(double durationSeconds, bool fixedRate) const
{
    Repetition rep;
    const double elapsed = elapsedSeconds > 0 ? elapsedSeconds : durationSeconds;
    rep.metrics["rps"] = double(okResponses) / elapsed;
    rep.metrics["requests"] = double(responses);
    rep.metrics["errors"] = double(errorTotal());
    const Histogram hist = latency.toHistogram("ns");
    if (!hist.isEmpty()) {
        for (int p : {50, 90, 95, 99})
            rep.metrics["latency_p" + std::to_string(p)] = double(hist.valueAtPercentile(p)) / 1e9;
        rep.histograms["latency"] = hist;
    }
    if (fixedRate) {
        const Histogram service = serviceTime.toHistogram("ns");
        if (!service.isEmpty()) {
            rep.metrics["service_time_p99"] = double(service.valueAtPercentile(99)) / 1e9;
            rep.histograms["service_time"] = service;
        }
        if (behindRate())
            rep.flags.push_back("behind-rate");
    }
    rep.errors = errors;
    return rep;
}

} // namespace bs
