#include "conditionlabels.h"

#include "textescape.h"

#include <cctype>
#include <map>
#include <vector>

namespace bs {

namespace {

// Keys written by benchscope-run (runner/captureheader, revisionpair) and by
// the importers, with the words shown for them.
const std::map<std::string, std::string> &known()
{
    static const std::map<std::string, std::string> labels {
        {"suite_file", "Suite file"},
        {"suite_sha256", "Suite file SHA-256"},
        {"threads", "Load threads"},
        {"timeout_s", "Request timeout (s)"},
        {"paired_with", "Paired with"},
        {"revision_order", "Revision order"},
        {"connection_levels", "Connection levels"},
        {"restart", "Server restarts"},
        {"engine", "Load engine"},
        {"locust_workers", "Locust workers"},
        {"overrides", "Overrides"},
        {"wait_s", "Wait for responses (s)"},
        {"sampleInt", "Sample interval"},
        {"pipelining", "Pipelining"},
        {"workers", "Workers"},
        {"protocol", "Protocol"},
        {"requests_started", "Requests started"},
        {"gomaxprocs", "GOMAXPROCS"},
        {"goos", "Go OS"},
        {"goarch", "Go architecture"},
        {"sampling_mode", "Sampling mode"},
        {"jdkVersion", "JDK version"},
        {"jvm", "JVM"},
        {"jvmArgs", "JVM arguments"},
        {"forks", "Forks"},
        {"warmupIterations", "Warm-up iterations"},
        {"warmupTime", "Warm-up time"},
        {"warmupBatchSize", "Warm-up batch size"},
        {"measurementIterations", "Measurement iterations"},
        {"measurementTime", "Measurement time"},
        {"measurementBatchSize", "Measurement batch size"},
        {"mhz_per_cpu", "CPU clock (MHz)"},
        {"num_cpus", "CPUs"},
        {"library_build_type", "Library build type"},
        {"executable", "Executable"},
        {"document_length", "Document length"},
        {"keep_alive_requests", "Keep-alive requests"},
        {"resamples", "Resamples"},
        {"confidence", "Confidence interval"},
        {"samples", "Samples"},
        {"rounds", "Rounds"},
        {"project", "Project"},
        {"run", "Run"},
        {"warm-up", "Warm-up"},
        {"command", "Command"},
        {"levels", "Levels"},
        {"baseline", "Baseline"},
        {"aggregation", "Aggregation"},
        {"target", "Target"},
    };
    return labels;
}

// A trailing unit word of a key ("timeout_s"), shown in brackets.
const std::map<std::string, std::string> &units()
{
    static const std::map<std::string, std::string> u {
        {"s", "s"}, {"ms", "ms"}, {"us", "µs"}, {"ns", "ns"}, {"bytes", "bytes"}, {"kb", "KB"}, {"mb", "MB"},
        {"pct", "%"}, {"percent", "%"},
    };
    return u;
}

bool isUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool isLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

// "keep_alive-requests", "HasAttachedDebugger", "jvmArgs", "OSVersion" →
// their words; an all-capitals word (an acronym) is kept as it is.
std::vector<std::string> words(const std::string &key)
{
    std::vector<std::string> out;
    std::string word;
    auto flush = [&] {
        if (!word.empty())
            out.push_back(word);
        word.clear();
    };
    for (std::size_t i = 0; i < key.size(); ++i) {
        const char c = key[i];
        if (c == '_' || c == '-' || c == ' ' || c == '.') {
            flush();
            continue;
        }
        const char previous = i > 0 ? key[i - 1] : '\0';
        const char next = i + 1 < key.size() ? key[i + 1] : '\0';
        // A capital after a small letter or digit starts a word ("jvmArgs"),
        // as does the last capital of an acronym before a small letter
        // ("OSVersion" → "OS", "Version").
        if (isUpper(c) && !word.empty() && (isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(next))))
            flush();
        word += c;
    }
    flush();
    return out;
}

std::string lower(std::string word)
{
    for (char &c : word)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return word;
}

bool allCapitals(const std::string &word)
{
    bool letters = false;
    for (char c : word) {
        if (isLower(c))
            return false;
        letters = letters || isUpper(c);
    }
    return letters && word.size() > 1;
}

} // namespace

std::string ConditionLabels::humanised(const std::string &key)
{
    std::vector<std::string> parts = words(key);
    std::string unit;
    if (parts.size() > 1)
        if (const auto u = units().find(lower(parts.back())); u != units().end()) {
            unit = u->second;
            parts.pop_back();
        }
    std::string text;
    for (const std::string &part : parts)
        text += (text.empty() ? "" : " ") + (allCapitals(part) ? part : lower(part));
    if (text.empty())
        text = key;
    else if (isLower(text.front()))
        text.front() = char(std::toupper(static_cast<unsigned char>(text.front())));
    if (!unit.empty())
        text += " (" + unit + ")";
    return TextEscape::terminal(text);
}

std::string ConditionLabels::label(const std::string &key)
{
    const auto it = known().find(key);
    return it != known().end() ? it->second : humanised(key);
}

} // namespace bs
