#pragma once

#include <string>

namespace bs {

// One capture in a results store (docs/continuous.md): where it is, its
// content's hash, and what it is keyed by. Every key but the file and the
// hash may be empty when neither the capture nor the person adding it said.
struct StoreEntry {
    std::string file;       // relative to the store: "captures/<sha256>.json.gz"
    std::string sha256;     // of the capture's JSON text: the same content is one entry
    std::string suite;      // the suite's id
    std::string revision;   // the revision's id
    std::string commit;     // --commit, else the capture's conditions.extra "commit", else the revision id
    std::string branch;     // --branch, else the capture's conditions.extra "branch"
    std::string machine;    // the machine's host name, else its CPU
    std::string capturedAt; // the capture's time (ISO 8601, as recorded)

    bool operator==(const StoreEntry &o) const
    {
        return file == o.file && sha256 == o.sha256 && suite == o.suite && revision == o.revision
            && commit == o.commit && branch == o.branch && machine == o.machine && capturedAt == o.capturedAt;
    }
};

} // namespace bs
