#pragma once

#include <QObject>

#include <functional>

class CapturePage;
class QChart;
class QMenu;
class QTableView;
class QWidget;

// Fills File > Export: the current chart as PNG, SVG or PDF or to the
// clipboard, the current table as CSV, Markdown or HTML (as shown), and a
// report folder of the current capture, or a before/after report with
// another open capture. Works on the current page: a capture's page (its
// Charts tab and focused table) or any page with a chart or a table (the
// Diff page).
class ExportMenu : public QObject {
    Q_OBJECT
public:
    ExportMenu(QMenu *menu, std::function<QWidget *()> currentPage, std::function<QList<CapturePage *>()> capturePages,
               QWidget *window);

    QChart *currentChart() const;
    QTableView *currentTable() const;

private:
    void exportTable(int format);
    void writeReport(bool comparison);

    std::function<QWidget *()> m_currentPage;
    std::function<QList<CapturePage *>()> m_capturePages;
    QWidget *m_window;
};
