#pragma once

#include "histogramrecorder.h"
#include "repetition.h"

#include <cstdint>
#include <map>
#include <string>

namespace bs {

// Error kinds counted under load, also the keys of Repetition::errors.
enum class ErrorKind : int {
    ConnectRefused,
    ConnectTimeout,
    Reset,
    Eof,
    Parse,
    Timeout,
    Status4xx,
    Status5xx,
    EarlyResponse, // a response that arrived before its request was fully written
    Count
};
const char *errorKindName(ErrorKind kind); // "connect_refused", ...

// How the client threads do their I/O: io_uring where the kernel allows it
// (Auto), or the named one (Uring falls back to epoll when refused).
enum class ClientIo { Auto, Epoll, Uring };

// "auto", "epoll", "io_uring" (the suite's settings.client_io); false for another name.
bool clientIoFromName(const std::string &name, ClientIo &io);

struct LoadOptions {
    bool fixedRate = false;
    ClientIo io = ClientIo::Auto;
    int connections = 10;
    int threads = 1;
    double durationSeconds = 5;
    double rate = 0; // requests/s over all connections (fixed-rate)
    double timeoutSeconds = 5;
};

// What one load run measured. Latency values are nanoseconds.
struct LoadResult {
    std::uint64_t responses = 0;   // complete responses, any status, including those
                                   // in flight at the end and answered after it
    std::uint64_t okResponses = 0; // responses with status < 400 completed within the duration
    std::uint64_t sent = 0;        // requests written
    std::uint64_t scheduled = 0;   // fixed-rate: requests due within the duration
    std::map<std::string, std::uint64_t> errors;
    HistogramRecorder latency;     // saturation: from the write; fixed-rate: from the intended time
    HistogramRecorder serviceTime; // fixed-rate only: from the actual write
    double elapsedSeconds = 0;
    bool interrupted = false;      // stopped before its duration ended
    std::string io;                // the client threads' I/O: "io_uring" or "epoll"

    std::uint64_t errorTotal() const;
    // Fixed-rate: fewer than 99% of the scheduled requests went out.
    bool behindRate() const { return scheduled > 0 && double(sent) < 0.99 * double(scheduled); }
    // The capture's repetition: rps, requests, errors, latency percentiles
    // and histograms (and service time and behind-rate in fixed-rate mode).
    Repetition toRepetition(double durationSeconds, bool fixedRate) const;
};

} // namespace bs
