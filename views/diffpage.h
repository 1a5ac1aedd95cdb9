#pragma once

#include "baselineset.h"
#include "capture.h"
#include "capturediff.h"
#include "exportsource.h"
#include "page.h"

#include <QFutureWatcher>

#include <memory>
#include <vector>

class DiffModel;
class PairedRangeChart;
class ParticipantFilterProxy;
class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFrame;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSplitter;
class QTableView;
class ResultTableView;

// Before/after of two open captures: pick the two (by default two of the
// same suite, CapturePairing::defaultPair: the suite's baseline and its
// latest capture, or a capture and its predecessor), the metric (the primary one, any
// other, or all), alpha and the rule (bs::DiffRule); the page shows what differs in how they were
// produced (above everything), the geometric-mean summary, participants,
// cases and metrics present on one side only, the table of cells with
// their verdicts, and a paired range chart per case. The comparison runs on
// a worker thread (QtConcurrent::run); a result for a pair or metric asked
// for before the latest is dropped (by job number), and diffChanged() says
// when the page shows the latest. Escape or the close button asks to leave
// the page (closeRequested).
//
// Its widgets are private; tests find them by object name: beforePicker,
// afterPicker, metricPicker, alpha, rule, filter, provenanceWarnings (the box),
// warnings, summary, changes, diffTable, closeButton.
class DiffPage : public Page, public ExportSource {
    Q_OBJECT
public:
    // The metric selector's value for "every metric"; empty is the primary.
    static inline const QString kAllMetrics = QStringLiteral("*");

    explicit DiffPage(QWidget *parent = nullptr);

    // The captures the pickers offer (the open ones). The chosen pair stays
    // while both are offered; otherwise the default pair for `current`.
    void setCaptures(std::vector<std::shared_ptr<const bs::Capture>> captures,
                     const std::shared_ptr<const bs::Capture> &current = nullptr);
    // The suites' baselines, which default pairs start from.
    void setBaselines(const BaselineSet &baselines) { m_baselines = baselines; }
    // Compares the default pair for `capture` (never two unrelated captures:
    // with no other capture of its suite open, the page says so).
    void pickAround(const std::shared_ptr<const bs::Capture> &capture);
    // Compares these two (added to the pickers if not offered).
    void compare(const std::shared_ptr<const bs::Capture> &before, const std::shared_ptr<const bs::Capture> &after);
    void setMetric(const QString &metricId); // a metric id, empty for the primary, kAllMetrics
    // Decide the verdicts again (the comparison and the charts stay).
    void setAlpha(double alpha);
    void setRule(bs::DiffRule rule);
    void swap();
    // The page does not show the latest comparison yet (it is being made).
    bool isBusy() const override { return m_shown != m_job; }

    QString title() const override; // "Diff: fast levels → default levels"
    DiffModel *model() const { return m_model; }
    const std::vector<PairedRangeChart *> &charts() const { return m_charts; }
    QChart *exportableChart() const override;
    QList<QChart *> exportableCharts() const override; // every case's chart
    QTableView *exportableTable() const override;
    std::pair<std::shared_ptr<const bs::Capture>, std::shared_ptr<const bs::Capture>> reportPair() const override;
    QString exportableTableTitle() const override { return title(); }

    // The narrowest the verdict column is made: "= no change established"
    // whole, with the cell's margins.
    static int leastVerdictWidth(const QTableView *table);

signals:
    // The page shows the comparison of the latest pair, metric and options
    // (ready() follows).
    void diffChanged();

protected:
    // The table fits its columns whenever its viewport changes size (after
    // the page's own layout has run, unlike the page's resize event).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QBoxLayout *makePickerBar();
    QBoxLayout *makeOptionsBar();
    void makeTexts();
    QSplitter *makeTableAndCharts();

    std::shared_ptr<const bs::Capture> picked(QComboBox *picker) const;
    // The picker's tool tip: the picked capture's name and file, as text.
    void tipPicker(QComboBox *picker) const;
    void fillPickers(const std::shared_ptr<const bs::Capture> &before, const std::shared_ptr<const bs::Capture> &after);
    void fillMetrics();
    // Compares the picked pair again on the worker thread; show() puts the
    // latest result on the page: model, texts and charts.
    void refresh();
    void start();
    void show();
    void redecided(); // after a new alpha, rule or correction
    bs::DiffCorrection correction() const; // as the check box says
    void showProvenance();
    void showSummary();
    void rebuildCharts();
    std::string chartMetric() const;
    void fitTable();

    std::vector<std::shared_ptr<const bs::Capture>> m_captures;
    BaselineSet m_baselines;
    QString m_pairNote; // why the default pair has no "before"
    DiffModel *m_model;
    ParticipantFilterProxy *m_proxy;
    QComboBox *m_beforePicker;
    QComboBox *m_afterPicker;
    QComboBox *m_metricPicker;
    QDoubleSpinBox *m_alpha;
    QComboBox *m_rule;
    QCheckBox *m_correct; // Benjamini–Hochberg over the tested rows, as `diff --correct bh`
    QLineEdit *m_filter;
    QFrame *m_warningsBox;
    QLabel *m_warnings;
    QLabel *m_summary;
    QLabel *m_noise; // what noise alone would make significant of the tested rows
    QLabel *m_changes;
    ResultTableView *m_table;
    QLabel *m_notes;
    QLabel *m_chartsTitle;
    QScrollArea *m_chartsArea;
    std::vector<PairedRangeChart *> m_charts;
    bool m_updating = false; // while pickers are refilled
    struct Compared {
        std::shared_ptr<const bs::Capture> before, after;
        bs::CaptureDiff diff;
    };
    QFutureWatcher<Compared> m_watcher;
    quint64 m_job = 0;     // the latest comparison asked for
    quint64 m_running = 0; // the one on the worker thread
    quint64 m_shown = 0;   // the one on the page
};
