#pragma once

#include <string>

namespace bs {

// Temporary folders a program is building (a published site, a report)
// removed when SIGINT, SIGTERM or SIGHUP ends it, so none is left beside
// the output. The handler is installed for a signal only while its
// disposition is the default (an ignored signal stays ignored), removes
// every registered folder with async-signal-safe calls only (openat,
// getdents64, unlinkat), then ends the program by the signal as before.
// While a Hold is alive (a folder being made and registered, or its files
// moved into place) a signal waits, and is raised when the last Hold ends.
namespace TempCleanup {

// Registers `folder`; the slot to release() once it is gone or in place.
// -1 when every slot is taken (the folder is then not cleaned up).
int add(const std::string &folder);
void release(int slot);

class Hold {
public:
    Hold();
    ~Hold();
    Hold(const Hold &) = delete;
    Hold &operator=(const Hold &) = delete;
};

} // namespace TempCleanup

} // namespace bs
