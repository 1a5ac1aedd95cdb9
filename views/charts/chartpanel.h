#pragma once

#include "capture.h"
#include "chartfactory.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <string>

class BenchChart;
class QAbstractItemModel;
class QChartView;
class QComboBox;
class QLabel;

// The "Charts" tab of a capture's page: a chart kind, a case and a metric to
// choose, and the chart. Charts read the same proxies as the page's tables,
// so they follow the participant filter; selecting a cell in a table shows
// its case here. Follows the palette (light or dark).
class ChartPanel : public QWidget {
    Q_OBJECT
public:
    // `caseRows(caseId)`: the page's proxy over that case's table;
    // `allCasesRows`: the All cases tab's proxy.
    ChartPanel(std::shared_ptr<const bs::Capture> capture,
               std::function<QAbstractItemModel *(const std::string &caseId)> caseRows,
               QAbstractItemModel *allCasesRows, QWidget *parent = nullptr);

    BenchChart *chart() const { return m_chart; }
    QChartView *view() const { return m_view; }

    void setKind(ChartFactory::Kind kind);
    void setCase(const QString &caseId);
    void setMetric(const QString &metricId);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    bool isDark() const;

    std::shared_ptr<const bs::Capture> m_capture;
    std::function<QAbstractItemModel *(const std::string &)> m_caseRows;
    QAbstractItemModel *m_allCasesRows;
    QComboBox *m_kind;
    QComboBox *m_case;
    QComboBox *m_metric;
    QLabel *m_note;
    QChartView *m_view;
    BenchChart *m_chart = nullptr;
};
