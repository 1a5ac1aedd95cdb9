#pragma once

#include "capture.h"
#include "exportsource.h"
#include "page.h"
#include "history.h"
#include "indexedload.h"

#include <QFutureWatcher>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class AsyncCaptureLoader;
class HistoryChart;
class HistoryModel;
class HistoryScan;
class HistoryStepsModel;
class HistoryStepsPanel;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QTabWidget;
class QTableView;
class ResultTableView;

// A suite's history over three or more of its captures (bs::History): for
// the chosen metric a chart of each participant × case's segments across
// the revisions, filtered by participant, case and tag; the change points
// marked (clicking one asks for the Diff page of its step); a Steps table
// (HistoryStepsPanel) that says for every step what is established or why
// nothing is, clicking one asks for the Diff page of that pair; the values
// as a table; the revisions' order, which the user can change, and what
// the history notes about it (an order no date sets). The history is built
// on a worker thread (QtConcurrent::run), the chart and summary saying so
// meanwhile; a result for settings since changed is dropped. Revisions of
// one name are told apart (bs::CaptureName::apart).
//
// Of open captures, or of a folder's (files and folders given): then what
// a history reads of each is read on a worker thread through the summary
// index (HistoryScan), with its progress and, at the end, how long it took
// in the scan line; the page holds summaries (no provenance, histograms or
// errors), so a step's Diff loads its two captures from their files first,
// and the page offers no report (docs/gui.md, History).
//
// Widgets by object name: metricPicker, participantPicker, casePicker,
// tagPicker, minChange, revisions, moveEarlier, moveLater, dateOrder,
// heading, summary, orderNote, scanStatus, scanProgress, stepsShow,
// stepsCount, stepsTable, valuesTable, closeButton.
class HistoryPage : public Page, public ExportSource {
    Q_OBJECT
public:
    using CapturePtr = std::shared_ptr<const bs::Capture>;

    // Captures of one suite; the order starts as History::dateOrder.
    explicit HistoryPage(std::vector<CapturePtr> captures, QWidget *parent = nullptr);
    // The history of the captures in `paths` (files, folders), read from
    // the summary index or their files.
    explicit HistoryPage(const QStringList &paths, QWidget *parent = nullptr);

    // New captures of the suite (opened or closed): built again in date order.
    void setCaptures(std::vector<CapturePtr> captures);
    const std::vector<CapturePtr> &captures() const { return m_captures; }
    std::string suiteKey() const;

    // Moves the revision at position `from` of the current order to `to`.
    void moveRevision(int from, int to);
    void useDateOrder();
    bool isBusy() const override;
    // A folder's history: its captures are summaries (CaptureSummary).
    bool holdsSummaries() const { return m_scan != nullptr; }
    // What the scan line says ("" for a history of open captures).
    QString scanStatus() const;

    QString title() const override; // "History: Compressors (5 revisions)"
    // The settings change points are found with (the Diff page opened
    // from a step judges by the same alpha and rule).
    bs::ChangePoints::Options changePointOptions() const;
    HistoryModel *model() const { return m_model; }
    HistoryStepsModel *stepsModel() const { return m_steps; }
    HistoryChart *chart() const { return m_chart; }
    HistoryStepsPanel *stepsPanel() const { return m_stepsPanel; }

    QChart *exportableChart() const override;
    QTableView *exportableTable() const override;
    QString exportableTableTitle() const override;
    // None for summaries: a report shows and writes what they leave out.
    std::vector<CapturePtr> reportHistory() const override;

signals:
    // A new history is shown (after the worker thread built it; ready()
    // follows).
    void historyChanged();
    // A step was clicked: compare its two revisions on this metric, by
    // the history's alpha and rule (full captures, loaded first when the
    // page holds summaries).
    void diffRequested(const CapturePtr &before, const CapturePtr &after, const QString &metricId);

private:
    struct Built {
        std::shared_ptr<const bs::History> history;
        std::vector<std::string> revisionNames; // told apart, in the history's order
        QString error;
    };
    explicit HistoryPage(QWidget *parent);
    QLayout *makeBars();
    QLayout *makeScanLine();
    void onScanned();
    void showScanProgress(const bs::IndexedLoad::Progress &progress);
    void loadStep(const CapturePtr &before, const CapturePtr &after, const QString &metricId);
    QWidget *makeRevisions();
    QWidget *makeTables();
    // Asks for the history again; one worker at a time, the latest asked wins.
    void build();
    void start();
    void onBuilt();
    void fillPickers();
    void applyFilter();
    void showRevisions();
    void showSummary();
    void showBuilding();
    void openStep(int from, int to);

    std::vector<CapturePtr> m_captures;
    std::vector<std::size_t> m_order; // indexes into m_captures
    int m_generation = 0;
    int m_building = 0; // the generation the worker is building
    QFutureWatcher<Built> m_watcher;
    HistoryModel *m_model;
    HistoryStepsModel *m_steps;
    HistoryChart *m_chart;
    QLabel *m_heading;
    QComboBox *m_metricPicker;
    QComboBox *m_participantPicker;
    QComboBox *m_casePicker;
    QComboBox *m_tagPicker;
    QDoubleSpinBox *m_minChange;
    QListWidget *m_revisions;
    QLabel *m_summary;
    QLabel *m_orderNote;
    QTabWidget *m_tabs;
    HistoryStepsPanel *m_stepsPanel;
    ResultTableView *m_valuesTable;
    bool m_updating = false;
    HistoryScan *m_scan = nullptr; // a folder's history
    AsyncCaptureLoader *m_stepLoader = nullptr; // a step's two captures, for summaries
    QLabel *m_scanStatus;
    QProgressBar *m_scanProgress;
    QString m_source;   // the paths scanned, as the title names them
    QString m_scanText; // how the scan went
};
