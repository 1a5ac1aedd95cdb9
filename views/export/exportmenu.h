#pragma once

#include "capture.h"
#include "chartexporter.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

class ExportSource;
class QAction;
class QChart;
class QMenu;
class QPushButton;
class QWidget;

// Fills File > Export: the current page's chart as PNG, SVG or PDF or to
// the clipboard, its table as CSV, Markdown or HTML (as shown), and a
// report folder of its capture, or a before/after report with another
// open capture (on the Diff page, of its pair), or on the History page a
// history report. On the Diff page a chart export holds every case's chart. Items are enabled by what the page offers (ExportSource).
// Every chart view in the window gets the chart items as its context menu.
// A written file is confirmed in the status bar, with an Open Folder button.
class ExportMenu : public QObject {
    Q_OBJECT
public:
    // `currentPage`: the page shown; `capturePages`: the open captures'
    // pages (the choices of "before"). Pages that are no ExportSource
    // offer nothing.
    ExportMenu(QMenu *menu, std::function<QWidget *()> currentPage, std::function<QList<QWidget *>()> capturePages,
               QWidget *window);

    ExportSource *currentSource() const;

    // Asks for a file name (and for PNG, the size), then writes the charts
    // (the page's, all in one file: the Diff page's chart of every case).
    void exportCharts(const QList<QChart *> &charts, ChartExporter::Format format);
    // The charts as shown, as one image at the window's pixel ratio.
    void copyCharts(const QList<QChart *> &charts);
    // The file name offered: the chart's stem ("diff-root-rps"), with
    // "-and-N-more" for several.
    static QString chartsStem(const QList<QChart *> &charts);
    // The size each chart is exported at: the largest report size.
    static QSize chartsSize(const QList<QChart *> &charts);
    // "Saved …" in the status bar, and Open Folder for `folder`.
    void confirm(const QString &message, const QString &folder);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void addChartItems(QMenu *menu, const std::function<QList<QChart *>()> &charts);
    void updateActions();
    void exportTable(int format);
    void writeReport(bool comparison);
    // Asks for the folder, then writes the before/after report.
    void writeComparisonReport(const std::shared_ptr<const bs::Capture> &before,
                               const std::shared_ptr<const bs::Capture> &after);
    // The History page's Report…: the history report of its captures.
    void writeHistoryReport(const std::vector<std::shared_ptr<const bs::Capture>> &captures);

    std::function<QWidget *()> m_currentPage;
    std::function<QList<QWidget *>()> m_capturePages;
    QWidget *m_window;
    QList<QAction *> m_chartActions;
    QList<QAction *> m_tableActions;
    QAction *m_report = nullptr;
    QAction *m_comparison = nullptr;
    QPointer<QPushButton> m_openFolder;
    QString m_folder;
};
