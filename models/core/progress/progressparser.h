#pragma once

#include "progressevent.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bs {

// Reads benchscope-run's progress stream as it arrives, in pieces of any
// size. Lines of unknown phases and fields it does not know are ignored;
// the first malformed line is reported, later ones only counted.
class ProgressParser {
public:
    static constexpr std::size_t kMaxLineBytes = 64 * 1024;

    std::vector<ProgressEvent> feed(const char *data, std::size_t size);
    std::vector<ProgressEvent> finish();

    long lines() const { return m_line; }
    long malformedLines() const { return m_malformed; }

    static std::optional<ProgressEvent> parseLine(const std::string &line, std::string &problem);

private:
    void takeLine(std::vector<ProgressEvent> &events);
    void malformed(std::vector<ProgressEvent> &events, const std::string &problem);

    std::string m_pending;
    bool m_overlong = false;
    long m_line = 0;
    long m_malformed = 0;
};

} // namespace bs
