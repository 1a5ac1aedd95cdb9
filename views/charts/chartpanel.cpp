#include "chartpanel.h"

#include "benchchart.h"
#include "boxplotchart.h"
#include "capturetables.h"
#include "charttext.h"
#include "wrappinglabel.h"

#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

ChartPanel::ChartPanel(std::shared_ptr<const bs::Capture> capture,
                       std::function<QAbstractItemModel *(const std::string &)> caseRows,
                       QAbstractItemModel *allCasesRows, QWidget *parent)
    : QWidget(parent)
    , m_capture(std::move(capture))
    , m_caseRows(std::move(caseRows))
    , m_allCasesRows(allCasesRows)
    , m_kind(new QComboBox(this))
    , m_case(new QComboBox(this))
    , m_metric(new QComboBox(this))
    , m_note(new WrappingLabel(this))
    , m_view(new QChartView(this))
{
    for (ChartFactory::Kind k : ChartFactory::captureKinds())
        m_kind->addItem(ChartFactory::title(k), int(k));
    for (const bs::CaseInfo &k : m_capture->cases)
        m_case->addItem(ChartText::elided(k.label), QString::fromStdString(k.id));
    const std::map<std::string, bs::UnitFormat::Scale> scales = bs::CaptureTables::captureScales(*m_capture);
    for (const bs::Metric &m : m_capture->metrics)
        m_metric->addItem(QString::fromStdString(bs::CaptureTables::metricTitle(m, scales.at(m.id))),
                          QString::fromStdString(m.id));
    if (const bs::Metric *primary = m_capture->primaryMetric())
        m_metric->setCurrentIndex(m_metric->findData(QString::fromStdString(primary->id)));
    m_note->setStyleSheet(QStringLiteral("color: palette(mid);"));
    // A hint wraps under the pickers rather than widening the page.
    m_note->setObjectName(QStringLiteral("chartHint"));
    m_note->hide();
    for (QComboBox *box : {m_case, m_metric}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
    }
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumSize(420, 300);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(QStringLiteral("Chart:"), this));
    bar->addWidget(m_kind);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(QStringLiteral("Case:"), this));
    bar->addWidget(m_case);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(QStringLiteral("Metric:"), this));
    bar->addWidget(m_metric);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_note);
    layout->addWidget(m_view, 1);

    for (QComboBox *box : {m_kind, m_case, m_metric})
        connect(box, &QComboBox::currentIndexChanged, this, &ChartPanel::rebuild);
    rebuild();
}

void ChartPanel::setKind(ChartFactory::Kind kind)
{
    m_kind->setCurrentIndex(m_kind->findData(int(kind)));
}

void ChartPanel::setCase(const QString &caseId)
{
    const int i = m_case->findData(caseId);
    if (i >= 0)
        m_case->setCurrentIndex(i);
}

void ChartPanel::setMetric(const QString &metricId)
{
    const int i = m_metric->findData(metricId);
    if (i >= 0)
        m_metric->setCurrentIndex(i);
}

bool ChartPanel::isDark() const
{
    return palette().color(QPalette::Window).lightness() < 128;
}

void ChartPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange && m_chart)
        m_chart->setDark(isDark());
    QWidget::changeEvent(event);
}

void ChartPanel::rebuild()
{
    const auto kind = ChartFactory::Kind(m_kind->currentData().toInt());
    const std::string caseId = m_case->currentData().toString().toStdString();
    const std::string metricId = m_metric->currentData().toString().toStdString();
    // The case selector means nothing to the bars; the latency chart has its own unit.
    m_case->setEnabled(kind != ChartFactory::Kind::Bars);
    m_metric->setEnabled(kind != ChartFactory::Kind::Latency);
    // The empty latency chart says so itself.
    m_note->setVisible(kind == ChartFactory::Kind::Box && !ChartFactory::applies(kind, *m_capture, caseId));
    m_note->setText(QStringLiteral("No result of this case has %1 or more repetitions: each repetition is drawn as a point.")
                        .arg(BoxPlotChart::kMinimumForBox));
    QAbstractItemModel *rows = kind == ChartFactory::Kind::Bars ? m_allCasesRows : m_caseRows(caseId);
    BenchChart *chart = ChartFactory::create(kind, m_capture, caseId, metricId, rows);
    chart->setDark(isDark());
    QChart *old = m_view->chart();
    m_view->setChart(chart); // the view owns the chart
    m_chart = chart;
    if (old && old != chart)
        delete old;
}
