#pragma once

#include "capture.h"
#include "suitespec.h"

namespace bs {

// The parts of a runner capture known before anything is measured: suite,
// revision, provenance (conditions, caveats, source hashes), the metrics
// that apply, cases, participants, and one missing result per pair.
class CaptureHeader {
public:
    static Capture build(const SuiteSpec &suite);
    static std::string utcNow(); // ISO 8601, seconds
    // Missing id, label and date read from git when the spec names a folder.
    static Revision revision(const RevisionSpec &spec);
    // The metrics a capture of the suite declares (those it never measures
    // are dropped when it is written).
    static std::vector<Metric> metrics(const SuiteSpec &suite);
    // When the suite asks for client_io "io_uring" and the kernel refuses
    // it: the sentence saying that epoll was used instead; else empty.
    static std::string clientIoFallback(const SuiteSpec &suite);

private:
    static Conditions conditions(const SuiteSpec &suite, bool hasHttp);
    static std::vector<std::string> caveats(const SuiteSpec &suite, bool hasHttp, int cores);
    static void addTables(const SuiteSpec &suite, Capture &c);
};

} // namespace bs
