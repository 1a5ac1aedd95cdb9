#pragma once

#include "capturebuilder.h"
#include "textline.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace bs {

// What the readers of tools' text outputs share: lines and fields, numbers
// that name their line when they are bad (every text importer: wrk, ab,
// hey, h2load, vegeta, Go, Catch2), and for the load generators the
// participant and case of a URL, body bytes and status errors.
namespace LoadText {

// Splits into lines, each without a trailing '\r' (no recursion, linear).
std::vector<TextLine> lines(const std::string &text);
// Calls `f(line)` for each line of `lines(text)` in turn, holding one at a
// time (for a reader that keeps what it needs of each line); an `f` that
// returns bool stops the walk by returning false.
template <class F>
void eachLine(const std::string &text, F &&f)
{
    std::size_t start = 0;
    for (int n = 1; start < text.size(); ++n) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        TextLine line{text.substr(start, end - start), n};
        if (!line.text.empty() && line.text.back() == '\r')
            line.text.pop_back();
        if constexpr (std::is_same_v<decltype(f(line)), bool>) {
            if (!f(line))
                return;
        } else {
            f(line);
        }
        start = end + 1;
    }
}
// Feeds every line of `text` to `reader.read(line)`, then returns
// `reader.finish(lastLine)` (a report reader checks there what was missing).
template <class Reader>
auto readAll(Reader &reader, const std::string &text)
{
    const std::vector<TextLine> all = lines(text);
    for (const TextLine &line : all)
        reader.read(line);
    return reader.finish(all.empty() ? TextLine{{}, 1} : all.back());
}
// The text split at every `separator` (an empty field stays).
std::vector<std::string> fields(const std::string &text, char separator);
// The text without leading and trailing spaces and tabs.
std::string trimmed(const std::string &text);
// Whether the text starts with `prefix` after leading spaces and tabs.
bool startsAfterSpaces(const std::string &text, const std::string &prefix);
// The words of the text, split at runs of spaces and tabs.
std::vector<std::string> words(const std::string &text);
// Matches the whole text against `pattern`, left to right and without
// backtracking (linear in the text, no recursion): a space matches one or
// more spaces or tabs (at the pattern's start: zero or more); "{}" captures a
// word, one or more characters up to a space, a tab or the pattern's next
// character; "{...}" captures the rest of the text, trimmed; any other
// character matches itself. Trailing spaces are allowed. Returns the
// captures, or nothing when the text does not match.
std::optional<std::vector<std::string>> match(const std::string &text, const std::string &pattern);
// A finite decimal number, or InputFailure naming the line.
double number(const std::string &text, const TextLine &line);
// "18,794.12" → 18794.12: digits grouped by commas in threes after the
// first group, as libtest, criterion and Benchmark.js write them. `grouped`
// (optional) is set when the number is 1,000 or more and has its commas,
// cleared when it is and has none.
double groupedNumber(const std::string &text, const TextLine &line, std::optional<bool> *grouped = nullptr);
// A count: a whole number from 0 up, written in digits only ("1e5" is not one).
std::uint64_t count(const std::string &text, const TextLine &line);
// A number written with `places` decimals exactly ("0.334" for 3).
double fixed(const std::string &text, int places, const TextLine &line);
// A unit and how many canonical units it is ("ms" → 1e-3 s).
struct Unit {
    const char *name;
    double scale;
};
// A number followed by one of `units` ("1.44ms", "10.16MB"), scaled, or
// InputFailure naming the line and the units expected.
double withUnit(const std::string &text, std::initializer_list<Unit> units, const TextLine &line);
// "http://host:port/path" → host:port and /path; the tool's name and "run"
// without a URL.
std::pair<std::string, std::string> hostAndPath(const std::string &url, const std::string &tool);
// Response bodies only, in bytes (ab's "HTML transferred", hey's "Total data").
void setBodyBytes(CaptureBuilder &b, Repetition &rep, double bytes);
// Responses by HTTP status: a status of 400 or above is an error "status NNN".
void statusErrors(Repetition &rep, const std::map<int, std::uint64_t> &statuses);

} // namespace LoadText

} // namespace bs
