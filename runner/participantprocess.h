#pragma once

#include "cpuset.h"

#include <sys/types.h>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bs {

// Resources used so far by a process group, read from /proc.
struct ProcessUsage {
    double cpuSeconds = 0;  // user + system time of every process in the group
    double peakRssBytes = 0; // sum of each process's own peak RSS (VmHWM)
};

// A participant's server: started in its own process group (so a master
// and its workers are measured and stopped together), with its output in a
// log file, pinned to the server CPUs. Everything it starts carries a mark
// in its environment (BENCHSCOPE_PARTICIPANT), and the runner is the
// subreaper of its descendants, so stop() ends also what left the group
// (setsid, a double fork): nothing a participant started outlives it. Nor
// does it outlive the runner: the kernel kills it when the runner dies
// (PR_SET_PDEATHSIG; so start() is called on the main thread, which lives
// as long as the runner) and OrphanGuard ends what it started.
class ParticipantProcess {
public:
    ParticipantProcess() = default;
    ~ParticipantProcess();
    ParticipantProcess(const ParticipantProcess &) = delete;
    ParticipantProcess &operator=(const ParticipantProcess &) = delete;

    bool start(const std::vector<std::string> &argv, const std::string &workingDirectory,
               const std::map<std::string, std::string> &environment, const std::optional<CpuSet> &cpus,
               const std::string &logPath, std::string &error);
    // False once it has exited (reaped here; exitDescription() says how).
    bool running();
    std::string exitDescription() const;
    // SIGTERM to the group and every process it started, then SIGKILL after
    // `graceSeconds`; returns once none is left.
    void stop(double graceSeconds);
    // Makes this process the subreaper of its descendants (PR_SET_CHILD_SUBREAPER):
    // what a participant detaches is adopted by the runner, not by init.
    static void becomeSubreaper();
    ProcessUsage usage() const;
    std::string logTail(std::size_t bytes) const;
    pid_t pid() const { return m_pid; }

    // Runs a short command (in `workingDirectory` unless empty) and returns its first line of
    // output (stdout and stderr).
    static std::string firstOutputLine(const std::vector<std::string> &argv, double timeoutSeconds,
                                       const std::string &workingDirectory = {});

private:
    // The group, the marked processes and their descendants, alive.
    std::vector<pid_t> family() const;
    // Sends `signal` to family(), adding them to `seen`; false when there was none.
    bool signalFamily(int signal, std::set<pid_t> &seen);

    pid_t m_pid = -1;
    std::string m_mark; // the value of BENCHSCOPE_PARTICIPANT: "<runner pid>.<n>"
    bool m_exited = false;
    int m_status = 0;
    std::string m_logPath;
};

} // namespace bs
