#pragma once

#include "capture.h"
#include "diffcell.h"
#include "diffsummary.h"
#include "provenancediff.h"

#include <string>
#include <vector>

namespace bs {

// A before/after comparison of two captures of the same suite. Participants,
// cases and metrics are matched by id; a cell is made for every participant ×
// case × metric that either capture has something for (a result, measured or
// not ok), in the order of "before" with what only "after" has appended, so
// nothing present on one side is dropped. The verdict rule and the
// statistics are described in docs/diff.md.
class CaptureDiff {
public:
    struct Options {
        double alpha = 0.05;
        DiffRule rule = DiffRule::UTest;
        // Benjamini–Hochberg over the tested cells (`diff --correct bh`).
        DiffCorrection correction = DiffCorrection::None;
        // The metrics to compare; empty means every metric of either capture.
        std::vector<std::string> metrics;
    };

    static CaptureDiff compare(const Capture &before, const Capture &after, const Options &options);

    // The verdict of one cell from its repetitions' values (both non-empty);
    // `scopesDeclared` as in DiffCell.
    static DiffCell judge(const std::vector<double> &before, const std::vector<double> &after,
                          Direction direction, double alpha, DiffRule rule, bool scopesDeclared = false);
    // judge() without the words: the samples, p and verdict, no reason or
    // qualifier (the change-point search weighs each candidate many times
    // and puts words to the steps it keeps).
    static DiffCell weigh(const std::vector<double> &before, const std::vector<double> &after,
                          Direction direction, double alpha, DiffRule rule, bool scopesDeclared = false);
    // weigh() of two samples each sorted ascending, keeping no values in
    // the cell's samples (the search keeps its pooled samples sorted).
    static DiffCell weighSorted(const std::vector<double> &before, const std::vector<double> &after,
                                Direction direction, double alpha, DiffRule rule, bool scopesDeclared = false);
    // The verdict, reason and qualifier of a cell with both samples and p,
    // at this alpha by this rule (no test is run).
    static void decide(DiffCell &cell, double alpha, DiffRule rule);
    // Decides every comparable cell again at a new alpha or by another
    // rule, keeping each cell's p (which depends on neither): cheap, unlike
    // compare(). Return the indexes of the cells whose verdict or reason
    // changed.
    std::vector<std::size_t> setAlpha(double alpha);
    std::vector<std::size_t> setRule(DiffRule rule);
    // The same with or without Benjamini–Hochberg over the tested cells
    // (`diff --correct bh`); every tested cell's adjusted p is set or cleared.
    std::vector<std::size_t> setCorrection(DiffCorrection correction);
    // A p-value as people read it: two significant digits, "<0.0001" below.
    static std::string pText(double p);

    double alpha() const { return m_alpha; }
    DiffRule rule() const { return m_rule; }
    DiffCorrection correction() const { return m_correction; }
    // How many cells were tested: those whose verdict is better, worse or
    // no change established (a test of their sizes can reach alpha). Noise
    // alone makes about alpha times this many of them significant.
    std::size_t tested() const;
    const std::vector<DiffCell> &cells() const { return m_cells; }
    const std::vector<Metric> &metrics() const { return m_metrics; } // the compared ones
    const Metric *metric(const std::string &id) const;
    const std::vector<ProvenanceWarning> &warnings() const { return m_warnings; }

    // Ids present in only one capture.
    const std::vector<std::string> &addedParticipants() const { return m_addedParticipants; }
    const std::vector<std::string> &removedParticipants() const { return m_removedParticipants; }
    const std::vector<std::string> &addedCases() const { return m_addedCases; }
    const std::vector<std::string> &removedCases() const { return m_removedCases; }
    const std::vector<std::string> &addedMetrics() const { return m_addedMetrics; }
    const std::vector<std::string> &removedMetrics() const { return m_removedMetrics; }

    // Geometric means of after/before on one of the compared metrics, over
    // its established (better or worse) cells.
    DiffSummary summary(const std::string &metricId) const;

private:
    // Which case of the rule a cell with both samples and p falls under.
    enum class Ground { CopiedLike, CannotReach, AboveAlpha, OverlapUnderDisjoint, EqualMedians, Established };
    static Ground groundOf(const DiffCell &cell, double alpha, DiffRule rule);
    static DiffVerdict verdictOf(Ground ground, const DiffCell &cell);

    void compareCell(const Capture &before, const Capture &after, const Participant &participant,
                     const CaseInfo &caseInfo, const Metric &metric);
    std::vector<std::size_t> decideAgain();
    // A cell with a test able to reach alpha, whatever its p.
    bool isTest(const DiffCell &cell) const;
    // Sets (or, uncorrected, clears) every cell's adjusted p.
    void adjust();

    double m_alpha = 0.05;
    DiffRule m_rule = DiffRule::UTest;
    DiffCorrection m_correction = DiffCorrection::None;
    std::vector<DiffCell> m_cells;
    std::vector<Metric> m_metrics;
    std::vector<ProvenanceWarning> m_warnings;
    std::vector<std::string> m_addedParticipants, m_removedParticipants;
    std::vector<std::string> m_addedCases, m_removedCases;
    std::vector<std::string> m_addedMetrics, m_removedMetrics;
};

} // namespace bs
