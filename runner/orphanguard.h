#pragma once

#include <sys/types.h>

namespace bs {

// What ends the participants when the runner itself ends without stopping
// them (SIGKILL, a crash, a second Ctrl-C; docs/runner.md, "Processes a
// participant starts"). Each participant is killed by the kernel when the
// runner dies (PR_SET_PDEATHSIG, ParticipantProcess); what it started is
// ended by a small guard process forked at the runner's start. The guard
// waits on a pipe that only the runner holds, learning the process group of
// each participant as it starts and stops; when the pipe closes (the
// runner's end, however it came) it SIGKILLs those groups, every process
// that carries this runner's participant mark and their descendants, until
// none is left, and exits. On a normal end nothing is left to kill.
namespace OrphanGuard {

// Forks the guard; call once, early in main, while the runner has a single
// thread. False when it could not be started (the runner still stops its
// participants itself).
bool start();
// A participant's process group, from its start until it is stopped; nothing
// without a guard.
void watchGroup(pid_t group);
void forgetGroup(pid_t group);

} // namespace OrphanGuard

} // namespace bs
