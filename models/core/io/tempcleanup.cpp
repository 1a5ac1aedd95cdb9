#include "tempcleanup.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace bs {

namespace {

constexpr int kSlots = 8;
constexpr std::size_t kPathMax = 4096;

struct Slot {
    std::atomic<bool> taken{false};
    std::atomic<bool> live{false}; // path written, to be removed on a signal
    char path[kPathMax];
};

Slot g_slots[kSlots];
std::atomic<int> g_commits{0};
std::atomic<int> g_pending{0}; // a signal that came during a Hold
const int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

struct linux_dirent64 {
    ino64_t d_ino;
    off64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

// Removes `name` under `dirfd`, a folder with everything in it, without
// following links; only async-signal-safe calls.
void removeTree(int dirfd, const char *name, int depth)
{
    if (::unlinkat(dirfd, name, 0) == 0 || (errno != EISDIR && errno != EPERM) || depth > 64)
        return;
    const int fd = ::openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return;
    alignas(linux_dirent64) char buf[2048];
    for (bool removed = true; removed;) {
        removed = false;
        ::lseek(fd, 0, SEEK_SET);
        const long n = ::syscall(SYS_getdents64, fd, buf, sizeof buf);
        for (long at = 0; at < n;) {
            const auto *d = reinterpret_cast<const linux_dirent64 *>(buf + at);
            at += d->d_reclen;
            if (std::strcmp(d->d_name, ".") == 0 || std::strcmp(d->d_name, "..") == 0)
                continue;
            removeTree(fd, d->d_name, depth + 1);
            removed = true;
        }
    }
    ::close(fd);
    ::unlinkat(dirfd, name, AT_REMOVEDIR);
}

void cleanUpAndRaise(int sig)
{
    // Again while it is there: another thread may still be writing into it.
    for (Slot &s : g_slots)
        for (int round = 0; round < 5 && s.live.load() && ::faccessat(AT_FDCWD, s.path, F_OK, AT_SYMLINK_NOFOLLOW) == 0;
             ++round)
            removeTree(AT_FDCWD, s.path, 0);
    struct sigaction dfl {};
    dfl.sa_handler = SIG_DFL;
    ::sigaction(sig, &dfl, nullptr);
    ::raise(sig);
}

void onSignal(int sig)
{
    const int saved = errno;
    if (g_commits.load() > 0)
        g_pending.store(sig);
    else
        cleanUpAndRaise(sig);
    errno = saved;
}

void install()
{
    for (int sig : kSignals) {
        struct sigaction old {};
        if (::sigaction(sig, nullptr, &old) != 0 || (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
            continue; // ignored, or handled by someone else: left alone
        struct sigaction sa {};
        sa.sa_handler = onSignal;
        sigemptyset(&sa.sa_mask);
        for (int other : kSignals)
            sigaddset(&sa.sa_mask, other);
        ::sigaction(sig, &sa, nullptr);
    }
}

void installOnce()
{
    static std::once_flag installed;
    std::call_once(installed, install);
}

} // namespace

int TempCleanup::add(const std::string &folder)
{
    installOnce();
    if (folder.empty() || folder.size() >= kPathMax || folder.front() != '/')
        return -1;
    for (int i = 0; i < kSlots; ++i) {
        bool expected = false;
        if (g_slots[i].taken.compare_exchange_strong(expected, true)) {
            std::memcpy(g_slots[i].path, folder.c_str(), folder.size() + 1);
            g_slots[i].live.store(true);
            return i;
        }
    }
    return -1;
}

void TempCleanup::release(int slot)
{
    if (slot < 0 || slot >= kSlots)
        return;
    g_slots[slot].live.store(false);
    g_slots[slot].taken.store(false);
}

TempCleanup::Hold::Hold()
{
    installOnce();
    g_commits.fetch_add(1);
}

TempCleanup::Hold::~Hold()
{
    if (g_commits.fetch_sub(1) == 1) {
        const int sig = g_pending.exchange(0);
        if (sig)
            cleanUpAndRaise(sig);
    }
}

} // namespace bs
