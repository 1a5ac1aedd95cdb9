#pragma once

#include "capture.h"

#include <QList>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

class QChart;
class QTableView;

// What a page offers File > Export and a chart's context menu: the chart
// and the table it shows now, and the capture a report is written of.
// Export reads pages only through this; null means "nothing of that kind
// here", and the menu greys those items out.
class ExportSource {
public:
    virtual ~ExportSource() = default;

    // The chart on screen, or null when the current tab shows none.
    virtual QChart *exportableChart() const = 0;
    // Every chart on screen, for an export that holds them all (the Diff
    // page's chart per case); by default the one exportableChart().
    virtual QList<QChart *> exportableCharts() const
    {
        QChart *chart = exportableChart();
        return chart ? QList<QChart *>{chart} : QList<QChart *>{};
    }
    // The table with focus, else the current tab's, or null.
    virtual QTableView *exportableTable() const = 0;
    // A caption that says what the table holds ("Throughput (MB/s, higher is better)").
    virtual QString exportableTableTitle() const { return {}; }
    // The capture a report describes, or null (a page of no one capture).
    virtual std::shared_ptr<const bs::Capture> reportCapture() const { return nullptr; }
    // The before and after a before/after report describes (the Diff
    // page's pair), else nulls.
    virtual std::pair<std::shared_ptr<const bs::Capture>, std::shared_ptr<const bs::Capture>> reportPair() const
    {
        return {};
    }
    // How the page is named when picking the "before" of a report.
    virtual QString reportTitle() const { return {}; }
    // The captures of one suite a history report describes (three or more),
    // else none.
    virtual std::vector<std::shared_ptr<const bs::Capture>> reportHistory() const { return {}; }
};
