#pragma once

#include "benchchart.h"
#include "diffcell.h"
#include "diffmodel.h"

#include <QPointer>

#include <string>
#include <vector>

class QScatterSeries;

// Before/after on one case and one metric: for each participant, the
// "before" and the "after" median as two points side by side, each with a
// bar over its [min–max] across repetitions. Horizontal, so participant
// names read well; each row's label carries the verdict in words and
// symbol ("gzip", "▼ worse, +152.6%"), so the chart reads the same without
// colour and on paper; in colour, each participant is its own
// (ParticipantPalette), paler before. Rows follow the diff's participant order; a
// participant with nothing on one side keeps its row and says why.
class PairedRangeChart : public BenchChart {
    Q_OBJECT
public:
    // Compares the two captures on this case and metric (alpha 0.05): for
    // exports and reports that have two captures and no Diff page.
    PairedRangeChart(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after,
                     std::string caseId, std::string metricId, QGraphicsItem *parent = nullptr);
    // Follows a diff model (its captures, alpha and verdicts), rebuilt when
    // the model is reset.
    PairedRangeChart(DiffModel *model, std::string caseId, std::string metricId, QGraphicsItem *parent = nullptr);

    const std::string &caseId() const { return m_caseId; }
    const std::string &metricId() const { return m_metricId; }
    DiffModel *model() const { return m_model; }

    void rebuild() override;
    QString fileStem() const override;
    QSize reportSize() const override;
    // The after capture's participants, then those only the before one has.
    ParticipantPalette participantPalette() const override;

    // The cells as plotted, top to bottom, and the median points.
    const std::vector<bs::DiffCell> &rows() const { return m_rows; }
    QScatterSeries *beforeSeries() const { return m_beforeSeries; }
    QScatterSeries *afterSeries() const { return m_afterSeries; }
    // "gzip<br>▼ worse, +152.6%": the axis label of a row (two lines; Δ
    // only for better and worse; a name past kMostNameCharacters cut with
    // "…", so the axis keeps the verdict line).
    static QString rowLabel(const bs::DiffCell &cell);
    static constexpr int kMostNameCharacters = 28;

private:
    QPointer<DiffModel> m_model;
    std::string m_caseId;
    std::string m_metricId;
    std::vector<bs::DiffCell> m_rows;
    QScatterSeries *m_beforeSeries = nullptr;
    QScatterSeries *m_afterSeries = nullptr;
};
