// benchscope-refuse-uring COMMAND [ARG...]: runs COMMAND with io_uring
// refused by the kernel, as a container's seccomp profile refuses it
// (Docker's default answers EPERM): a seccomp filter makes
// io_uring_setup, io_uring_enter and io_uring_register fail with EPERM, then
// the command is exec'd (the filter is inherited and cannot be lifted). For
// the runner's tests of its epoll fallback. Exit 127 when it cannot.
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>

#if defined(__x86_64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define REFUSE_AUDIT_ARCH AUDIT_ARCH_AARCH64
#else
#error "benchscope-refuse-uring: add this architecture's AUDIT_ARCH"
#endif

namespace {

bool refuseUring()
{
    constexpr unsigned ret = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
    sock_filter program[] = {
        // A call of another architecture (x32, i386 on x86_64) is let through:
        // the command is this build's.
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, REFUSE_AUDIT_ARCH, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 3, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_enter, 2, 0),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_register, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_RET | BPF_K, ret),
    };
    sock_fprog prog {static_cast<unsigned short>(sizeof program / sizeof program[0]), program};
    // Without privileges a filter may only be installed with no_new_privs.
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
        && syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: benchscope-refuse-uring COMMAND [ARG...]\n");
        return 127;
    }
    if (!refuseUring()) {
        std::fprintf(stderr, "benchscope-refuse-uring: cannot install the seccomp filter: %s\n", std::strerror(errno));
        return 127;
    }
    execvp(argv[1], argv + 1);
    std::fprintf(stderr, "benchscope-refuse-uring: cannot run %s: %s\n", argv[1], std::strerror(errno));
    return 127;
}
