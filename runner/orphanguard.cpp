#include "orphanguard.h"

#include "proctable.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <set>
#include <string>

namespace bs {

namespace {

int g_pipe = -1; // the runner's end

// Kills the groups, the processes marked by the runner `runner` and their
// descendants, until none is left (or after two seconds of trying).
void sweep(pid_t runner, const std::set<pid_t> &groups)
{
    const std::string prefix = std::to_string(runner) + ".";
    for (int round = 0; round < 200; ++round) {
        for (pid_t g : groups)
            kill(-g, SIGKILL);
        const std::vector<ProcEntry> all = ProcTable::read();
        std::set<pid_t> in;
        for (const ProcEntry &e : all)
            if (e.mark.compare(0, prefix.size(), prefix) == 0 || groups.count(e.pgrp))
                in.insert(e.pid);
        const std::vector<pid_t> left = ProcTable::withDescendants(all, in);
        if (left.empty())
            return;
        for (pid_t p : left)
            kill(p, SIGKILL);
        usleep(10000);
    }
}

// The guard's life: the groups as the runner says them, until it is gone.
[[noreturn]] void guard(int in, pid_t runner)
{
    std::set<pid_t> groups;
    std::int32_t message = 0;
    for (;;) {
        const ssize_t n = read(in, &message, sizeof message);
        if (n < 0 && errno == EINTR)
            continue;
        if (n != ssize_t(sizeof message))
            break; // the runner's end of the pipe closed: it is gone
        if (message > 0)
            groups.insert(pid_t(message));
        else
            groups.erase(pid_t(-message));
    }
    sweep(runner, groups);
    _exit(0);
}

void tell(std::int32_t message)
{
    if (g_pipe >= 0)
        (void)!write(g_pipe, &message, sizeof message); // 4 bytes: atomic on a pipe
}

} // namespace

bool OrphanGuard::start()
{
    int fds[2];
    if (g_pipe >= 0 || pipe2(fds, O_CLOEXEC) != 0)
        return false;
    const pid_t runner = getpid();
    const pid_t pid = fork();
    if (pid == 0) {
        // Its own group, so that Ctrl-C in the terminal is the runner's alone;
        // no terminal, no file of the runner's but the pipe.
        setpgid(0, 0);
        signal(SIGINT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGPIPE, SIG_IGN);
        close(fds[1]);
        const int devNull = open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3; ++fd)
            dup2(devNull, fd);
        dup2(fds[0], 3);
        close_range(4, ~0U, 0);
        guard(3, runner);
    }
    close(fds[0]);
    if (pid < 0) {
        close(fds[1]);
        return false;
    }
    g_pipe = fds[1];
    return true;
}

void OrphanGuard::watchGroup(pid_t group)
{
    tell(std::int32_t(group));
}

void OrphanGuard::forgetGroup(pid_t group)
{
    tell(-std::int32_t(group));
}

} // namespace bs
