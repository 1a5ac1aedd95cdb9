#include "participantprocess.h"

#include "fileio.h"
#include "monotonicclock.h"
#include "orphanguard.h"
#include "proctable.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

namespace bs {

namespace {

// In the child, after fork: only async-signal-safe calls until exec.
[[noreturn]] void execChild(const std::vector<std::string> &argv, const std::string &cwd,
                            const std::map<std::string, std::string> &env, const std::optional<CpuSet> &cpus,
                            int outFd, int errorPipe, pid_t runner)
{
    setpgid(0, 0);
    // Killed by the kernel when the runner dies, however it dies (kept across
    // exec); a runner already gone before this line is seen as a new parent.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != runner)
        _exit(127);
    // Ctrl-C is the runner's to handle; the runner stops the server itself.
    signal(SIGINT, SIG_IGN);
    signal(SIGTERM, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    std::string ignored;
    (cpus ? *cpus : CpuSet::allOnline()).applyToSelf(ignored);
    const int devNull = open("/dev/null", O_RDONLY);
    dup2(devNull, 0);
    dup2(outFd, 1);
    dup2(outFd, 2);
    int err = 0;
    if (!cwd.empty() && chdir(cwd.c_str()) != 0)
        err = errno;
    if (!err) {
        for (const auto &[k, v] : env)
            setenv(k.c_str(), v.c_str(), 1);
        std::vector<char *> args;
        for (const std::string &a : argv)
            args.push_back(const_cast<char *>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        err = errno;
    }
    (void)!write(errorPipe, &err, sizeof err);
    _exit(127);
}

std::string describeStatus(int status)
{
    if (WIFEXITED(status))
        return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status))
        return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " ("
            + strsignal(WTERMSIG(status)) + ")";
    return "stopped";
}

} // namespace

ParticipantProcess::~ParticipantProcess()
{
    if (m_pid > 0)
        stop(1);
}

void ParticipantProcess::becomeSubreaper()
{
    prctl(PR_SET_CHILD_SUBREAPER, 1);
}

std::vector<pid_t> ParticipantProcess::family() const
{
    // Marked, in the group, or below one that is (as long as parents are known).
    const std::vector<ProcEntry> all = ProcTable::read();
    std::set<pid_t> in;
    for (const ProcEntry &e : all)
        if (e.pid == m_pid || e.pgrp == m_pid || e.mark == m_mark)
            in.insert(e.pid);
    return ProcTable::withDescendants(all, in);
}

bool ParticipantProcess::signalFamily(int signal, std::set<pid_t> &seen)
{
    const std::vector<pid_t> members = family();
    for (pid_t p : members) {
        kill(p, signal);
        seen.insert(p);
    }
    return !members.empty();
}

bool ParticipantProcess::start(const std::vector<std::string> &argv, const std::string &workingDirectory,
                               const std::map<std::string, std::string> &environment,
                               const std::optional<CpuSet> &cpus, const std::string &logPath, std::string &error)
{
    m_logPath = logPath;
    static int started = 0;
    const std::string token = std::to_string(getpid()) + "." + std::to_string(++started);
    m_mark = token;
    std::map<std::string, std::string> marked = environment;
    marked[ProcTable::kMarkVariable] = token;
    const int outFd = open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (outFd < 0) {
        error = "cannot open log file " + logPath + ": " + std::strerror(errno);
        return false;
    }
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) {
        close(outFd);
        error = std::string("pipe: ") + std::strerror(errno);
        return false;
    }
    const pid_t runner = getpid();
    const pid_t pid = fork();
    if (pid == 0)
        execChild(argv, workingDirectory, marked, cpus, outFd, pipeFds[1], runner);
    close(outFd);
    close(pipeFds[1]);
    if (pid < 0) {
        close(pipeFds[0]);
        error = std::string("fork: ") + std::strerror(errno);
        return false;
    }
    setpgid(pid, pid); // also here, so the group exists before we signal it
    OrphanGuard::watchGroup(pid);
    m_pid = pid;
    m_exited = false;
    int childErr = 0;
    const ssize_t n = read(pipeFds[0], &childErr, sizeof childErr);
    close(pipeFds[0]);
    if (n == sizeof childErr) {
        waitpid(pid, &m_status, 0);
        m_exited = true;
        error = "cannot start \"" + argv[0] + "\"" + (workingDirectory.empty() ? "" : " in " + workingDirectory)
            + ": " + std::strerror(childErr);
        return false;
    }
    return true;
}

bool ParticipantProcess::running()
{
    if (m_pid <= 0 || m_exited)
        return false;
    const pid_t r = waitpid(m_pid, &m_status, WNOHANG);
    if (r == m_pid)
        m_exited = true;
    return !m_exited;
}

std::string ParticipantProcess::exitDescription() const
{
    return m_exited ? describeStatus(m_status) : std::string("running");
}

void ParticipantProcess::stop(double graceSeconds)
{
    if (m_pid <= 0)
        return;
    const std::uint64_t deadline = monotonicNs() + std::uint64_t(graceSeconds * 1e9);
    if (running()) {
        kill(-m_pid, SIGTERM);
        while (running() && monotonicNs() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    // Workers left behind by a master that exited, and whatever it started
    // that left its group (setsid, a double fork), are stopped too: asked,
    // then killed, until none is left.
    std::set<pid_t> seen;
    if (signalFamily(SIGTERM, seen))
        while (!family().empty() && monotonicNs() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(20)); // each look reads /proc
    kill(-m_pid, SIGKILL);
    for (int round = 0; round < 100 && signalFamily(SIGKILL, seen); ++round)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    // What the runner adopted (it is their subreaper) is reaped here.
    for (pid_t p : seen)
        if (p != m_pid)
            waitpid(p, nullptr, WNOHANG);
    if (!m_exited) {
        waitpid(m_pid, &m_status, 0);
        m_exited = true;
    }
    OrphanGuard::forgetGroup(m_pid);
}

ProcessUsage ParticipantProcess::usage() const
{
    ProcessUsage u;
    if (m_pid <= 0)
        return u;
    const double ticks = double(sysconf(_SC_CLK_TCK));
    DIR *proc = opendir("/proc");
    if (!proc)
        return u;
    while (dirent *d = readdir(proc)) {
        if (d->d_name[0] < '0' || d->d_name[0] > '9')
            continue;
        const std::string dir = std::string("/proc/") + d->d_name;
        std::ifstream statFile(dir + "/stat");
        std::string stat;
        std::getline(statFile, stat);
        // Fields after the command name, which is in parentheses and may hold spaces.
        const auto close = stat.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream fields(stat.substr(close + 2));
        std::string state;
        long long ppid, pgrp, session, tty, tpgid;
        unsigned long long flags, minflt, cminflt, majflt, cmajflt, utime, stime;
        long long cutime, cstime;
        fields >> state >> ppid >> pgrp >> session >> tty >> tpgid >> flags >> minflt >> cminflt >> majflt
            >> cmajflt >> utime >> stime >> cutime >> cstime;
        if (!fields || pgrp != m_pid)
            continue;
        u.cpuSeconds += double(utime + stime + (cutime > 0 ? cutime : 0) + (cstime > 0 ? cstime : 0)) / ticks;
        std::ifstream status(dir + "/status");
        std::string line;
        while (std::getline(status, line))
            if (line.rfind("VmHWM:", 0) == 0) {
                u.peakRssBytes += std::strtod(line.c_str() + 6, nullptr) * 1024.0;
                break;
            }
    }
    closedir(proc);
    return u;
}

std::string ParticipantProcess::logTail(std::size_t bytes) const
{
    LoadError err;
    auto text = FileIO::readFile(m_logPath, err, InputLimits::current().captureFile());
    if (!text)
        return {};
    std::string tail = text->size() > bytes ? text->substr(text->size() - bytes) : *text;
    while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' '))
        tail.pop_back();
    return tail;
}

std::string ParticipantProcess::firstOutputLine(const std::vector<std::string> &argv, double timeoutSeconds,
                                                const std::string &workingDirectory)
{
    char path[] = "/tmp/benchscope-version-XXXXXX";
    const int fd = mkstemp(path);
    if (fd < 0)
        return {};
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) {
        close(fd);
        unlink(path);
        return {};
    }
    const pid_t runner = getpid();
    const pid_t pid = fork();
    if (pid == 0)
        execChild(argv, workingDirectory, {}, std::nullopt, fd, pipeFds[1], runner);
    close(fd);
    close(pipeFds[1]);
    close(pipeFds[0]);
    int status = 0;
    const std::uint64_t deadline = monotonicNs() + std::uint64_t(timeoutSeconds * 1e9);
    while (pid > 0 && waitpid(pid, &status, WNOHANG) == 0) {
        if (monotonicNs() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    LoadError err;
    std::string out = FileIO::readFile(path, err, InputLimits::current().wholeFile()).value_or(std::string());
    unlink(path);
    const auto nl = out.find('\n');
    return nl == std::string::npos ? out : out.substr(0, nl);
}

} // namespace bs
