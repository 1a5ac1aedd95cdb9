#pragma once

#include <string>

namespace bs {

// An exclusive advisory lock (flock) on a folder, held until destroyed, so
// that writers of the same folder in other processes take turns. A folder
// that cannot be opened is not locked (locked() is false): the writes that
// follow then say why.
class FolderLock {
public:
    explicit FolderLock(const std::string &folder);
    ~FolderLock();
    FolderLock(const FolderLock &) = delete;
    FolderLock &operator=(const FolderLock &) = delete;

    bool locked() const { return m_fd >= 0; }

private:
    int m_fd = -1;
};

} // namespace bs
