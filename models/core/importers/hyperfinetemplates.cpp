#include "hyperfinetemplates.h"

#include <cctype>
#include <map>
#include <set>

namespace bs {

namespace {

// Placeholders while templates are built: control characters, never in a command.
std::string mark(std::size_t k) { return "\x01" + std::string(k + 1, '\x03') + "\x02"; }

constexpr std::size_t kMaxCandidates = 64;

// Every template `command` comes from with the values of `run` put in; the
// first puts back every occurrence.
std::vector<std::string> candidates(const HyperfineTemplates::Run &run)
{
    std::vector<std::string> out{run.command};
    for (std::size_t k = 0; k < run.parameters.size(); ++k) {
        const std::string &value = run.parameters[k].second;
        std::vector<std::string> next;
        for (const std::string &t : out) {
            std::vector<std::size_t> at;
            for (auto p = value.empty() ? std::string::npos : t.find(value); p != std::string::npos;
                 p = t.find(value, p + value.size()))
                at.push_back(p);
            if (at.size() > 6)
                return {};
            for (std::size_t mask = (std::size_t(1) << at.size()); mask-- > 0;) {
                std::string c = t;
                for (std::size_t i = at.size(); i-- > 0;)
                    if (mask & (std::size_t(1) << i))
                        c.replace(at[i], value.size(), mark(k));
                next.push_back(c);
            }
        }
        if (next.size() > kMaxCandidates)
            return {};
        out.swap(next);
    }
    return out;
}

// A template built by `candidates`, with its placeholders as `{name}`.
std::string named(std::string t, const HyperfineTemplates::Run &run)
{
    for (std::size_t k = run.parameters.size(); k-- > 0;) { // the longest mark first
        const std::string m = mark(k), name = "{" + run.parameters[k].first + "}";
        for (auto p = t.find(m); p != std::string::npos; p = t.find(m, p + name.size()))
            t.replace(p, m.size(), name);
    }
    return t;
}

bool isTokenChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_'; }

// The lone command's values put back where they are whole tokens.
std::string wholeTokens(const HyperfineTemplates::Run &run)
{
    std::string command = run.command;
    for (const auto &[name, value] : run.parameters)
        for (auto at = value.empty() ? std::string::npos : command.find(value); at != std::string::npos;
             at = command.find(value, at)) {
            const auto end = at + value.size();
            if ((at == 0 || !isTokenChar(command[at - 1])) && (end == command.size() || !isTokenChar(command[end]))) {
                command.replace(at, value.size(), "{" + name + "}");
                at += name.size() + 2;
            } else {
                ++at;
            }
        }
    return command;
}

} // namespace

std::vector<std::string> HyperfineTemplates::of(const std::vector<Run> &runs)
{
    // Each run's templates, and how many runs each one gives back.
    std::vector<std::vector<std::string>> options(runs.size());
    std::map<std::string, std::size_t> shared;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        std::set<std::string> seen;
        for (const std::string &t : candidates(runs[i]))
            if (const std::string n = named(t, runs[i]); seen.insert(n).second) {
                options[i].push_back(n);
                ++shared[n];
            }
    }
    // The template most runs share (ties: the first, which puts back more values).
    std::vector<std::string> out;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::string *best = nullptr;
        for (const std::string &t : options[i])
            if (shared[t] > 1 && (!best || shared[t] > shared[*best]))
                best = &t;
        out.push_back(best ? *best : wholeTokens(runs[i]));
    }
    return out;
}

} // namespace bs
