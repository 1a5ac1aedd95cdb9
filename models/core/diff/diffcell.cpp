#include "diffcell.h"

#include "unitformat.h"

#include <initializer_list>

namespace bs {

namespace {

// The value of `values` whose name is `name`, into `out`; false for none.
template <typename E>
bool parseNamed(const std::string &name, std::initializer_list<E> values, const char *(*nameOf)(E), E &out)
{
    for (E v : values)
        if (name == nameOf(v)) {
            out = v;
            return true;
        }
    return false;
}

} // namespace

const char *verdictName(DiffVerdict v)
{
    switch (v) {
    case DiffVerdict::Better: return "better";
    case DiffVerdict::Worse: return "worse";
    case DiffVerdict::NoChange: return "no-change";
    case DiffVerdict::TooFewSamples: return "too-few-samples";
    case DiffVerdict::NotComparable: return "not-comparable";
    }
    return "not-comparable";
}

const char *verdictWord(DiffVerdict v)
{
    switch (v) {
    case DiffVerdict::Better: return "better";
    case DiffVerdict::Worse: return "worse";
    case DiffVerdict::NoChange: return "no change established";
    case DiffVerdict::TooFewSamples: return "too few samples";
    case DiffVerdict::NotComparable: return "not comparable";
    }
    return "not comparable";
}

const char *verdictSymbol(DiffVerdict v)
{
    switch (v) {
    case DiffVerdict::Better: return "▲";
    case DiffVerdict::Worse: return "▼";
    case DiffVerdict::NoChange: return "=";
    case DiffVerdict::TooFewSamples: return "?";
    case DiffVerdict::NotComparable: return "—";
    }
    return "—";
}

const char *ruleName(DiffRule r)
{
    return r == DiffRule::Disjoint ? "disjoint" : "u-test";
}

bool parseRule(const std::string &name, DiffRule &out)
{
    return parseNamed(name, {DiffRule::UTest, DiffRule::Disjoint}, ruleName, out);
}

const char *correctionName(DiffCorrection c)
{
    return c == DiffCorrection::BenjaminiHochberg ? "bh" : "none";
}

bool parseCorrection(const std::string &name, DiffCorrection &out)
{
    return parseNamed(name, {DiffCorrection::None, DiffCorrection::BenjaminiHochberg}, correctionName, out);
}

std::string ruleText(DiffRule r, double alpha)
{
    return "p ≤ " + UnitFormat::plain(alpha) + " (two-sided Mann–Whitney U test)"
        + (r == DiffRule::Disjoint ? " and the [min–max] ranges do not overlap" : "");
}

std::string verdictPhrase(const DiffCell &cell)
{
    std::string t = std::string(verdictSymbol(cell.verdict)) + " " + verdictWord(cell.verdict);
    const bool change = cell.verdict == DiffVerdict::Better || cell.verdict == DiffVerdict::Worse;
    const std::string &why = change ? cell.qualifier : cell.reason;
    if (!why.empty())
        t += " (" + why + ")";
    return t;
}

} // namespace bs
