#pragma once

#include <string>
#include <utility>
#include <vector>

namespace bs {

// The command template of each result of a hyperfine parameter scan.
// hyperfine puts each value in for `{name}` as plain text, so a value can sit
// inside a word (`sleep 0.00{ms}`, `data_{file}.txt`); the template is the one
// that gives back the commands of other value sets too. A command no other
// set shares a template with gets its values put back where they are whole
// tokens.
class HyperfineTemplates {
public:
    struct Run {
        std::string command;
        std::vector<std::pair<std::string, std::string>> parameters; // name, value
    };

    static std::vector<std::string> of(const std::vector<Run> &runs);
};

} // namespace bs
