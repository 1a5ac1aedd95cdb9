#pragma once

#include "capturediff.h"
#include "unitformat.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <map>
#include <memory>

// A before/after comparison (bs::CaptureDiff) as a table: one row per
// participant × case × metric cell, with the medians and [min–max] of both
// sides, Δ, p, n and the verdict. Texts are the core's (bs::DiffTable), so
// the Diff page reads exactly like `benchscope-cli diff`. The verdict is
// carried by a symbol and a word in every cell that shows it; the colours
// (Okabe–Ito: blue better, vermillion worse, grey no change) only repeat it.
class DiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // AdjustedP holds the Benjamini–Hochberg p when the diff is corrected
    // ("—" otherwise; the Diff page hides it then).
    enum Column { Participant, Case, Metric, Before, After, Delta, P, AdjustedP, N, Verdict, ColumnCount };
    enum Role {
        // bs::DiffVerdict as int, on every column of a row.
        VerdictRole = Qt::UserRole + 100,
        // The row's metric id (TableRole::MetricIdRole is for headers).
        CellMetricRole,
    };

    explicit DiffModel(QObject *parent = nullptr);

    // Compares two captures (either may be null: an empty table) and
    // replaces the rows.
    void setCaptures(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                     const bs::CaptureDiff::Options &options = {});

    // The same with a comparison made elsewhere (on a worker thread) of
    // these two captures.
    void setDiff(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                 bs::CaptureDiff diff);

    // Decides the verdicts again at a new alpha, or by another rule,
    // without comparing again; dataChanged for the rows whose verdict or
    // reason changed.
    void setAlpha(double alpha);
    void setRule(bs::DiffRule rule);
    // With or without Benjamini–Hochberg over the tested rows, as `diff
    // --correct bh`: the adjusted p column and the verdicts from it.
    void setCorrection(bs::DiffCorrection correction);

    const std::shared_ptr<const bs::Capture> &before() const { return m_before; }
    const std::shared_ptr<const bs::Capture> &after() const { return m_after; }
    const bs::CaptureDiff &diff() const { return m_diff; }
    const bs::DiffCell &cellAt(int row) const { return m_diff.cells()[std::size_t(row)]; }
    QString beforeLabel() const { return m_beforeLabel; }
    QString afterLabel() const { return m_afterLabel; }
    // The scale every figure of a metric is shown in.
    bs::UnitFormat::Scale scale(const std::string &metricId) const;
    // The cells of one case and metric, in participant order.
    std::vector<const bs::DiffCell *> cells(const std::string &caseId, const std::string &metricId) const;

    // The geometric-mean sentences and the notes under the table.
    QStringList summaryLines(const std::string &metricId = {}) const; // all metrics' when empty
    // What noise alone would make significant of the tested rows
    // (bs::DiffTable::noiseLine); empty for fewer than two.
    QString noiseLine() const;
    QStringList notes() const;

    // What the verdict means for this cell: the rule, p, U, n and the
    // smallest p these n can reach.
    QString explanation(const bs::DiffCell &cell) const;

    // Colour-blind-safe colours of a verdict (Okabe–Ito): a light tint for
    // the cell and a dark shade for text and chart marks; invalid for
    // verdicts without one.
    static QColor verdictColor(bs::DiffVerdict verdict);
    static QColor verdictTint(bs::DiffVerdict verdict);
    // How a capture is named on its own: revision label, revision id, or
    // file name (beside another, beforeLabel() and afterLabel() tell them
    // apart: bs::CaptureName::apart).
    static QString captureLabel(const bs::Capture &capture);
    // Shorter, for legends: the revision id first.
    static QString shortName(const bs::Capture &capture);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void decided(const std::vector<std::size_t> &changed);
    QString text(const bs::DiffCell &cell, int column) const;
    QVariant sortValue(const bs::DiffCell &cell, int column) const;

    std::shared_ptr<const bs::Capture> m_before, m_after;
    bs::CaptureDiff m_diff;
    std::map<std::string, bs::UnitFormat::Scale> m_scales;
    QString m_beforeLabel = QStringLiteral("before");
    QString m_afterLabel = QStringLiteral("after");
};
