#include "diffcell.h"

namespace bs {

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

} // namespace bs
