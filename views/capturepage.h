#pragma once

#include "capture.h"
#include "exportsource.h"
#include "page.h"

#include <QSet>
#include <QWidget>

#include <memory>
#include <set>
#include <vector>

class AllCasesWidget;
class CaseGroupWidget;
class ChartPanel;
class ParticipantFilterProxy;
class ProvenancePanel;
class QLabel;
class QLineEdit;
class QSplitter;
class QTabWidget;
class QToolButton;
class RepetitionsModel;
class ResultTableView;

// Everything about one open capture: an "All cases" tab and one tab per case
// group, a filter over participants, metric columns to show or hide (columns
// without a value in the rows shown are hidden until asked for), the
// repetitions of the selected result (following the filter and the tab) and
// the provenance panel.
class CapturePage : public Page, public ExportSource {
    Q_OBJECT
public:
    explicit CapturePage(std::shared_ptr<const bs::Capture> capture, QWidget *parent = nullptr);

    const std::shared_ptr<const bs::Capture> &capture() const { return m_capture; }
    QString path() const;
    QString title() const override;
    // Whether the capture is its suite's baseline (the heading says so).
    bool isBaseline() const { return m_baseline; }
    void setBaseline(bool baseline);

    QTabWidget *tabs() const { return m_tabs; }
    AllCasesWidget *allCases() const { return m_allCases; }
    const std::vector<CaseGroupWidget *> &caseGroups() const { return m_groups; }
    ProvenancePanel *provenance() const { return m_provenance; }
    // The Charts tab: follows the filter, and the case of the selected cell.
    ChartPanel *chartPanel() const { return m_charts; }
    RepetitionsModel *repetitions() const { return m_repetitions; }
    ResultTableView *repetitionsTable() const { return m_repetitionsTable; }
    // The table with focus, else the first table of the current tab: what
    // Copy and File > Export act on.
    ResultTableView *currentTable() const;
    std::vector<ResultTableView *> allTables() const;

    // Export: the chart only while the Charts tab is shown.
    QChart *exportableChart() const override;
    QTableView *exportableTable() const override;
    QString exportableTableTitle() const override;
    std::shared_ptr<const bs::Capture> reportCapture() const override { return m_capture; }
    QString reportTitle() const override { return title(); }

    void nextTab();
    void previousTab();
    void focusFilter();
    void setFilterText(const QString &text);
    void setMetricVisible(const QString &metricId, bool visible);
    QSet<QString> hiddenMetrics() const { return m_hiddenMetrics; }
    // Columns without a value in the rows shown: hidden unless asked for.
    void setEmptyColumnsShown(bool shown);

    // The provenance panel's width (the window remembers it).
    int provenanceWidth() const;
    void setProvenanceWidth(int width);

signals:
    // The result whose repetitions are shown changed.
    void resultSelected(const QString &participantId, const QString &caseId);
    void provenanceWidthChanged(int width);

private:
    QLabel *makeHeading();
    void showHeading();
    QSplitter *makeSides();
    void addTabs();
    void addChartsTab();
    QWidget *makeRepetitionsBox();
    QToolButton *makeColumnsButton();
    void showRepetitions(const QString &participantId, const QString &caseId);
    void clearRepetitions();
    // Shows the repetitions of the current tab's current cell, or none
    // when the filter or the tab leaves no cell chosen.
    void followCurrentCell();
    void watchSelection(ResultTableView *table);
    std::vector<ResultTableView *> tablesOf(QWidget *tab) const;

    std::shared_ptr<const bs::Capture> m_capture;
    QLabel *m_heading = nullptr;
    bool m_baseline = false;
    QLineEdit *m_filter;
    QTabWidget *m_tabs;
    AllCasesWidget *m_allCases;
    std::vector<CaseGroupWidget *> m_groups;
    std::vector<ParticipantFilterProxy *> m_proxies;
    ProvenancePanel *m_provenance;
    ChartPanel *m_charts = nullptr;
    RepetitionsModel *m_repetitions;
    ParticipantFilterProxy *m_repetitionsProxy;
    ResultTableView *m_repetitionsTable;
    QLabel *m_repetitionsTitle;
    QSplitter *m_sides;
    QSet<QString> m_hiddenMetrics;
    bool m_emptyColumnsShown = false;
    int m_provenanceWidth = 340; // until the window says what it remembers
    std::set<QWidget *> m_visitedTabs;
};
