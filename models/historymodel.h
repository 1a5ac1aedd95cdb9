#pragma once

#include "history.h"
#include "tableroles.h"
#include "unitformat.h"

#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

// A suite's history for one metric as a table: a row per participant ×
// case (the series), a column per revision in the history's order, each
// cell the representative value with its [min–max] (or why there is
// none). Filtered by participant, case and tag; the History chart draws
// the rows as shown, and the steps table lists their steps.
class HistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Participant, Case, FirstRevision };
    enum Role {
        // On revision cells, for the chart: doubles (invalid without a value), n as int.
        ValueRole = TableRole::CaseIdRole + 1,
        MinRole,
        MaxRole,
        CountRole,
    };

    explicit HistoryModel(QObject *parent = nullptr);

    // The history (null: none yet); the chosen metric stays when it has one.
    // `revisionNames`, in the history's order, tell captures of one name
    // apart (bs::CaptureName::apart); empty: the history's own names.
    void setHistory(std::shared_ptr<const bs::History> history, std::vector<std::string> revisionNames = {});
    const std::shared_ptr<const bs::History> &history() const { return m_history; }
    // A metric id; empty or unknown: the last revision's primary, else the first.
    void setMetric(const std::string &metricId);
    const bs::Metric *metric() const;
    // Ids; empty shows all. One participant across every case, or one case
    // across every participant, or those with a tag.
    void setFilter(const std::string &participant, const std::string &caseId, const std::string &tag);

    const bs::HistorySeries *series(int row) const;
    const std::vector<const bs::HistorySeries *> &shownSeries() const { return m_rows; }
    int revisionCount() const;
    // As the CLI names it (HistoryTable::revisionText: label, else id),
    // told apart from revisions of the same name when the history was set
    // with their names.
    QString revisionLabel(int revision) const;
    // "participant · case", or the one that varies when the filter fixes the other.
    QString seriesLabel(int row) const;
    // Plain text (tool tips take it through PlainToolTip): a revision's value
    // in a series, with its range and n, or why it has none.
    QString pointText(int row, int revision) const;
    // A change point: its step, series, the value where it starts, the
    // change with its interval and the adjusted p, in the core's words.
    QString changePointText(int row, const bs::HistoryStep &step) const;
    // A segment: its revisions and level with its spread.
    QString segmentText(int row, const bs::HistorySegment &segment) const;
    // The scale every cell of the metric prints in.
    const bs::UnitFormat::Scale &scale() const { return m_scale; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void chooseMetric(const std::string &metricId);
    void rebuildRows();
    bool accepts(const bs::HistorySeries &series) const;
    QVariant pointData(const bs::HistorySeries &series, const bs::HistoryPoint &point, int role) const;

    std::shared_ptr<const bs::History> m_history;
    std::string m_metric;
    std::string m_participant, m_case, m_tag;
    std::vector<const bs::HistorySeries *> m_rows;
    std::vector<std::string> m_revisionNames;
    bs::UnitFormat::Scale m_scale;
};
