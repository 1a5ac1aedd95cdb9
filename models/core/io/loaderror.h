#pragma once

#include <string>

namespace bs {

// What went wrong reading a file: the file, the place in it (a byte offset
// like "byte 1234", or a JSON path like "results[3].repetitions[0].metrics.rps")
// and what was expected there.
struct LoadError {
    std::string file;
    std::string place;
    std::string message;

    // "FILE: PLACE: MESSAGE" (place left out when empty).
    std::string toString() const
    {
        std::string s = file;
        if (!place.empty())
            s += (s.empty() ? "" : ": ") + place;
        return s + (s.empty() ? "" : ": ") + message;
    }
};

} // namespace bs
