#include "pageblock.h"

#include "pagetext.h"
#include "textescape.h"

#include <algorithm>
#include <array>
#include <sstream>
#include <utility>

namespace bs {

namespace {

using PageText::trim;

constexpr std::array<std::pair<PageBlock::Show, const char *>, 12> kShows{{
    {PageBlock::Show::Suite, "suite"},
    {PageBlock::Show::Tables, "tables"},
    {PageBlock::Show::AllCases, "all-cases"},
    {PageBlock::Show::Case, "case"},
    {PageBlock::Show::Contract, "contract"},
    {PageBlock::Show::Coverage, "coverage"},
    {PageBlock::Show::Provenance, "provenance"},
    {PageBlock::Show::Caveats, "caveats"},
    {PageBlock::Show::Downloads, "downloads"},
    {PageBlock::Show::Diff, "diff"},
    {PageBlock::Show::History, "history"},
    {PageBlock::Show::Chart, "chart"},
}};

std::vector<std::string> words(const std::string &s)
{
    std::vector<std::string> out;
    std::string w;
    for (char c : s + " ") {
        if (c == ' ' || c == '\t' || c == ',') {
            if (!w.empty())
                out.push_back(std::move(w));
            w.clear();
        } else {
            w += c;
        }
    }
    return out;
}

std::string showChoices()
{
    std::string s;
    for (const auto &[show, name] : kShows)
        s += (s.empty() ? "" : ", ") + std::string(name);
    return s;
}

bool parseShow(const std::vector<std::string> &value, PageBlock &out, std::string &message)
{
    if (value.empty()) {
        message = "show: needs one of " + showChoices();
        return false;
    }
    for (const auto &[show, name] : kShows)
        if (value[0] == name) {
            out.show = show;
            const bool needsArgument = show == PageBlock::Show::Case || show == PageBlock::Show::Chart;
            static const std::array<const char *, 4> kCharts{"bars", "range", "box", "latency"};
            if (show == PageBlock::Show::Chart && value.size() == 2
                && std::find(kCharts.begin(), kCharts.end(), value[1]) == kCharts.end()) {
                message = "show: chart \"" + TextEscape::terminal(value[1]) + "\" is not a chart; one of bars, range, box, latency";
                return false;
            }
            if (needsArgument != (value.size() == 2) || value.size() > 2) {
                message = needsArgument ? "show: " + value[0] + " needs one " + (show == PageBlock::Show::Case ? "case id" : "chart kind")
                                        : "show: " + value[0] + " takes nothing after it";
                return false;
            }
            out.argument = needsArgument ? value[1] : std::string();
            return true;
        }
    message = "show: unknown \"" + TextEscape::terminal(value[0]) + "\"; one of " + showChoices();
    return false;
}

} // namespace

const char *PageBlock::showName(Show s)
{
    for (const auto &[show, name] : kShows)
        if (show == s)
            return name;
    return "suite";
}

bool PageBlock::parse(const std::string &text, std::size_t firstLine, PageBlock &out, LoadError &error)
{
    out = {};
    out.line = firstLine;
    std::istringstream in(text);
    std::string raw;
    bool sawShow = false;
    for (std::size_t line = firstLine; std::getline(in, raw); ++line) {
        std::size_t hash = raw.find('#');
        while (hash != std::string::npos && hash > 0 && raw[hash - 1] != ' ' && raw[hash - 1] != '\t')
            hash = raw.find('#', hash + 1); // "#" starts a comment at a line's start or after a space
        const std::string content = trim(hash == std::string::npos ? raw : raw.substr(0, hash));
        if (content.empty())
            continue;
        error.place = "line " + std::to_string(line);
        const std::size_t colon = content.find(':');
        if (colon == std::string::npos) {
            error.message = "expected `key: value` (captures, show, metric, case), not \"" + TextEscape::terminal(content) + "\"";
            return false;
        }
        const std::string key = trim(content.substr(0, colon));
        const std::vector<std::string> value = words(content.substr(colon + 1));
        if (key == "captures") {
            if (value.empty()) {
                error.message = "captures: names no capture";
                return false;
            }
            out.captures.insert(out.captures.end(), value.begin(), value.end());
        } else if (key == "show") {
            if (sawShow) {
                error.message = "show: given twice; a block shows one thing (use another block)";
                return false;
            }
            sawShow = true;
            if (!parseShow(value, out, error.message))
                return false;
        } else if (key == "metric" || key == "case") {
            if (value.size() != 1) {
                error.message = key + ": needs one id";
                return false;
            }
            (key == "metric" ? out.metric : out.caseId) = value[0];
        } else {
            error.message = "unknown option \"" + TextEscape::terminal(key) + "\"; a block takes captures, show, metric and case";
            return false;
        }
    }
    error.place = "line " + std::to_string(firstLine);
    if (out.captures.empty()) {
        error.message = "the block names no capture (captures: FILE...)";
        return false;
    }
    if (out.show == Show::Chart && out.argument != "bars" && out.caseId.empty()) {
        error.message = "show: chart " + TextEscape::terminal(out.argument) + " needs a case (case: ID)";
        return false;
    }
    const std::size_t n = out.captures.size();
    const bool many = out.show == Show::Suite || out.show == Show::Downloads || out.show == Show::History;
    if (out.show == Show::Diff && n != 2) {
        error.message = "show: diff needs two captures, before then after (it names " + std::to_string(n) + ")";
        return false;
    }
    if (out.show == Show::History && n < 2) {
        error.message = "show: history needs two captures or more";
        return false;
    }
    if (!many && out.show != Show::Diff && n != 1) {
        error.message = std::string("show: ") + showName(out.show) + " shows one capture (it names " + std::to_string(n) + ")";
        return false;
    }
    error = {};
    return true;
}

} // namespace bs
