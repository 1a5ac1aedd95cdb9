#include "historyseries.h"

namespace bs {

const char *stepOutcomeName(StepOutcome o)
{
    switch (o) {
    case StepOutcome::Better: return "better";
    case StepOutcome::Worse: return "worse";
    case StepOutcome::NoChange: return "no-change";
    case StepOutcome::BelowMinimum: return "below-minimum";
    case StepOutcome::TooFewSamples: return "too-few-samples";
    case StepOutcome::NotComparable: return "not-comparable";
    }
    return "not-comparable";
}

const char *stepOutcomeWord(StepOutcome o)
{
    switch (o) {
    case StepOutcome::Better: return "better";
    case StepOutcome::Worse: return "worse";
    case StepOutcome::NoChange: return "no change established";
    case StepOutcome::BelowMinimum: return "below the minimum change";
    case StepOutcome::TooFewSamples: return "too few samples";
    case StepOutcome::NotComparable: return "not comparable";
    }
    return "not comparable";
}

const char *stepOutcomeSymbol(StepOutcome o)
{
    switch (o) {
    case StepOutcome::Better: return "▲";
    case StepOutcome::Worse: return "▼";
    case StepOutcome::NoChange: return "=";
    case StepOutcome::BelowMinimum: return "≈";
    case StepOutcome::TooFewSamples: return "?";
    case StepOutcome::NotComparable: return "—";
    }
    return "—";
}

} // namespace bs
