#pragma once

#include "capture.h"
#include "capturewriter.h"
#include "cpuset.h"
#include "httptarget.h"
#include "loadgenerator.h"
#include "loadresult.h"
#include "participantprocess.h"
#include "progressreporter.h"
#include "suitespec.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Runs a suite, phase by phase (start, ready, contract, warm-up,
// repetitions, stop), and writes the capture: after every repetition (so a
// killed runner still leaves a valid partial capture) and at the end. A stop
// request (Ctrl-C) or a participant that exits keeps what was measured and
// marks the rest with the reason.
class SuiteRunner {
public:
    SuiteRunner(SuiteSpec suite, std::string outPath, const ProgressReporter &reporter);
    ~SuiteRunner();

    // False when the capture could not be written (error says why).
    bool run(std::string &error);
    // Summary and raw repetitions as two gzip files (CaptureWriter::Options::splitRaw).
    void setSplitRaw(bool split) { m_writeOptions.splitRaw = split; }
    // Keeps the participants' log folder (benchscope-run-XXXXXX in $TMPDIR or /tmp),
    // which is otherwise removed when the runner is done.
    void setKeepLogs(bool keep) { m_keepLogs = keep; }
    // The capture written, or with two revisions one per revision.
    std::vector<std::string> outputs() const;
    bool complete() const { return m_stopReason.empty(); }
    const Capture &capture() const { return m_capture; }

    // Async-signal-safe: called from the SIGINT/SIGTERM handler.
    static void requestStop(int signal);

private:
    struct Live {
        const ParticipantSpec *spec = nullptr;
        std::size_t index = 0;
        std::unique_ptr<ParticipantProcess> process;
        std::optional<HttpTarget> target;
        bool usable = false;
        std::optional<double> startupSeconds; // of its latest start
        std::string failure; // why it cannot be measured (any more)
    };

    bool prepare(std::string &error);
    void buildHeader();
    void startGroup(std::vector<Live *> &group);
    void stopGroup(std::vector<Live *> &group);
    // Where its start command, version command and command cases run: start.cwd, else the suite's folder.
    std::string folder(const ParticipantSpec &ps) const;
    void startParticipant(Live &live);
    void launch(Live &live);
    void checkContracts(Live &live);
    void runCase(std::vector<Live *> &group, const CaseSpec &spec);
    void warmUp(Live &live, const CaseSpec &spec);
    LoadOptions loadOptions(const CaseSpec &spec, double durationSeconds) const;
    bool measureHttp(Live &live, const CaseSpec &spec, int repetition);
    // Adds a measured HTTP repetition to its result, with the participant's CPU time and peak RSS since `before`.
    void keepRepetition(Live &live, const CaseSpec &spec, Repetition &rep, const ProcessUsage &before);
    // A warm-up (repetition -1) or repetition on Locust (suiterunnerlocust.cpp).
    bool loadWithLocust(Live &live, const CaseSpec &spec, int repetition);
    void measureRestarted(Live &live, const CaseSpec &spec, int repetition);
    void measureCommand(Live &live, const CaseSpec &spec);
    void stopParticipant(Live &live);
    bool stopRequested();
    bool participantGone(Live &live);

    Result &result(const Live &live, const CaseSpec &spec);
    std::size_t resultIndex(std::size_t participant, const std::string &caseId) const;
    int planned(const CaseSpec &spec) const;
    Capture snapshot(const std::string &pendingReason) const;
    void checkpoint();
    bool write(const Capture &capture, std::string &error) const;
    void addStartupOnce(const Live &live, Result &result) const;
    static void dropUnmeasuredMetrics(Capture &capture);
    // Errors beyond FailureShare's share over all repetitions flag the result.
    static void flagFailedRequests(Result &result);

    SuiteSpec m_suite;
    std::string m_outPath;
    CaptureWriter::Options m_writeOptions;
    const ProgressReporter &m_reporter;
    Capture m_capture;
    std::optional<CpuSet> m_serverCpus;
    std::string m_logDirectory;
    bool m_keepLogs = false;
    std::vector<std::string> m_cutShort; // per result: why it has fewer repetitions than planned
    std::vector<bool> m_settled;         // per result: status decided by the flow (contract, unsupported)
    std::string m_stopReason;
    bool m_cancelled = false; // the stop was asked for (a signal), not a failure
    std::uint64_t m_runStart = 0;
};

} // namespace bs
