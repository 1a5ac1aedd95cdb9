#include "hyperfinetemplates.h"

#include <cctype>
#include <functional>
#include <set>
#include <unordered_map>

namespace bs {

namespace {

// Placeholders while templates are built: control characters, never in a command.
std::string mark(std::size_t k) { return "\x01" + std::string(k + 1, '\x03') + "\x02"; }

// Bounds on the work for one command: templates tried, and its length.
constexpr std::size_t kMaxCandidates = 64;
constexpr std::size_t kMaxCommand = 64 * 1024;

// Every template `command` comes from with the values of `run` put in; the
// first puts back every occurrence.
std::vector<std::string> candidates(const HyperfineTemplates::Run &run)
{
    if (run.command.size() > kMaxCommand)
        return {};
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
    // How many runs each template gives back, counted by its hash so that
    // only one run's templates are held at a time.
    auto templatesOf = [](const Run &run) {
        std::set<std::string> seen;
        std::vector<std::string> out;
        for (const std::string &t : candidates(run))
            if (std::string n = named(t, run); seen.insert(n).second)
                out.push_back(std::move(n));
        return out;
    };
    std::unordered_map<std::size_t, std::size_t> shared;
    for (const Run &run : runs)
        for (const std::string &t : templatesOf(run))
            ++shared[std::hash<std::string>{}(t)];
    // The template most runs share (ties: the first, which puts back more values).
    std::vector<std::string> out;
    for (const Run &run : runs) {
        std::string best;
        std::size_t most = 1;
        for (const std::string &t : templatesOf(run))
            if (const std::size_t n = shared[std::hash<std::string>{}(t)]; n > most) {
                most = n;
                best = t;
            }
        out.push_back(most > 1 ? best : wholeTokens(run));
    }
    return out;
}

} // namespace bs
