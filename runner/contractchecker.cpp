#include "contractchecker.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace bs {

namespace {

// Short, printable excerpt of a body for a report.
std::string excerpt(const std::string &s, std::size_t from = 0)
{
    constexpr std::size_t kMax = 120;
    std::string out;
    if (from > 0)
        out += "…";
    for (std::size_t i = from; i < s.size() && i < from + kMax; ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\n')
            out += "\\n";
        else if (c == '\r')
            out += "\\r";
        else if (c < 0x20 || c == 0x7f)
            out += "\\x" + std::string(1, "0123456789abcdef"[c >> 4]) + "0123456789abcdef"[c & 15];
        else
            out += char(c);
    }
    if (s.size() > from + kMax)
        out += "…";
    return out + " (" + std::to_string(s.size()) + " bytes)";
}

std::string mediaType(const std::string &contentType)
{
    std::string t = contentType.substr(0, contentType.find(';'));
    while (!t.empty() && t.back() == ' ')
        t.pop_back();
    std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return t;
}

ContractCheck make(const std::string &participant, const std::string &caseId, const char *what, bool passed,
                   std::string expected, std::string actual)
{
    return ContractCheck{participant, caseId, what, passed, std::move(expected), std::move(actual)};
}

} // namespace

std::vector<ContractCheck> ContractChecker::check(const std::string &participant, const CaseSpec &spec,
                                                  const HttpExchange::Response &response)
{
    std::vector<ContractCheck> checks;
    if (!response.ok) {
        checks.push_back(make(participant, spec.id, "response", false, "an HTTP response",
                              response.errorKind + ": " + response.error));
        return checks;
    }
    const HttpExpectation &e = spec.expect;
    if (e.status)
        checks.push_back(make(participant, spec.id, "status", response.status == *e.status,
                              std::to_string(*e.status), std::to_string(response.status)));
    else
        checks.push_back(make(participant, spec.id, "status", response.status < 400, "below 400",
                              std::to_string(response.status)));
    if (!e.contentType.empty())
        checks.push_back(make(participant, spec.id, "content-type",
                              mediaType(response.contentType) == mediaType(e.contentType), e.contentType,
                              response.contentType.empty() ? "(none)" : response.contentType));
    if (e.body) {
        const std::string &want = *e.body;
        const std::string &got = response.body;
        if (want == got) {
            checks.push_back(make(participant, spec.id, "body", true, excerpt(want), excerpt(got)));
        } else {
            const auto diff = std::mismatch(want.begin(), want.end(), got.begin(), got.end());
            const std::size_t at = std::size_t(diff.first - want.begin());
            const std::size_t from = at > 20 ? at - 20 : 0;
            checks.push_back(make(participant, spec.id, "body", false, excerpt(want, from),
                                  "differs at byte " + std::to_string(at) + ": " + excerpt(got, from)));
        }
    }
    if (e.json) {
        const nlohmann::json want = nlohmann::json::parse(*e.json);
        const nlohmann::json got = nlohmann::json::parse(response.body, nullptr, false);
        if (got.is_discarded())
            checks.push_back(make(participant, spec.id, "json", false, *e.json, "not JSON: " + excerpt(response.body)));
        else
            checks.push_back(make(participant, spec.id, "json", got == want, *e.json, got.dump()));
    }
    return checks;
}

bool ContractChecker::allPassed(const std::vector<ContractCheck> &checks)
{
    return std::all_of(checks.begin(), checks.end(), [](const ContractCheck &c) { return c.passed; });
}

std::string ContractChecker::firstFailure(const std::vector<ContractCheck> &checks)
{
    for (const ContractCheck &c : checks)
        if (!c.passed)
            return c.what + ": expected " + c.expected + ", actual " + c.actual;
    return {};
}

} // namespace bs
