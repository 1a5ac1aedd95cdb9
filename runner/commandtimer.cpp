#include "commandtimer.h"

#include "monotonicclock.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bs {

CommandTimer::Run CommandTimer::run(const std::vector<std::string> &argv, const std::string &workingDirectory,
                                    const std::optional<CpuSet> &cpus)
{
    Run r;
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) {
        r.error = std::string("pipe: ") + std::strerror(errno);
        return r;
    }
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);

    const std::uint64_t t0 = monotonicNs();
    const pid_t runner = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        // Killed by the kernel when the runner dies (see ParticipantProcess).
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != runner)
            _exit(127);
        signal(SIGPIPE, SIG_DFL);
        if (cpus) {
            std::string ignored;
            cpus->applyToSelf(ignored);
        }
        const int devNull = open("/dev/null", O_RDWR);
        dup2(devNull, 0);
        dup2(devNull, 1);
        dup2(devNull, 2);
        int err = 0;
        if (!workingDirectory.empty() && chdir(workingDirectory.c_str()) != 0)
            err = errno;
        if (!err) {
            execvp(args[0], args.data());
            err = errno;
        }
        (void)!write(pipeFds[1], &err, sizeof err);
        _exit(127);
    }
    close(pipeFds[1]);
    if (pid < 0) {
        close(pipeFds[0]);
        r.error = std::string("fork: ") + std::strerror(errno);
        return r;
    }
    int childErr = 0;
    const bool execFailed = read(pipeFds[0], &childErr, sizeof childErr) == sizeof childErr;
    close(pipeFds[0]);
    int status = 0;
    rusage usage {};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    r.wallSeconds = double(monotonicNs() - t0) / 1e9;
    if (execFailed) {
        r.error = "cannot start \"" + argv[0] + "\": " + std::strerror(childErr);
        return r;
    }
    r.userSeconds = double(usage.ru_utime.tv_sec) + double(usage.ru_utime.tv_usec) / 1e6;
    r.systemSeconds = double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6;
    r.peakRssBytes = double(usage.ru_maxrss) * 1024.0;
    if (WIFEXITED(status)) {
        r.exitStatus = WEXITSTATUS(status);
        r.ok = r.exitStatus == 0;
        if (!r.ok)
            r.error = "exited with status " + std::to_string(r.exitStatus);
    } else if (WIFSIGNALED(status)) {
        r.error = std::string("killed by signal ") + std::to_string(WTERMSIG(status));
    }
    return r;
}

} // namespace bs
