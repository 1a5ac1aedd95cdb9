#include "benchchart.h"

#include <QAbstractItemModel>
#include <QCategoryAxis>
#include <QFont>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QTimer>
#include <QValueAxis>

#include <cmath>

BenchChart::BenchChart(std::shared_ptr<const bs::Capture> capture, QGraphicsItem *parent)
    : QChart(parent)
    , m_capture(std::move(capture))
{
    // Axis labels and point labels with thousands separators ("80,000"),
    // as the tables print them, whatever the system locale.
    setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    setLocalizeNumbers(true);
}

void BenchChart::setDark(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    rebuild();
}

void BenchChart::watch(QAbstractItemModel *model)
{
    if (!model)
        return;
    connect(model, &QAbstractItemModel::modelReset, this, &BenchChart::scheduleRebuild);
    connect(model, &QAbstractItemModel::layoutChanged, this, &BenchChart::scheduleRebuild);
    connect(model, &QAbstractItemModel::rowsInserted, this, &BenchChart::scheduleRebuild);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &BenchChart::scheduleRebuild);
    connect(model, &QAbstractItemModel::dataChanged, this, &BenchChart::scheduleRebuild);
}

void BenchChart::scheduleRebuild()
{
    if (m_pending)
        return;
    m_pending = true;
    QTimer::singleShot(0, this, [this] {
        m_pending = false;
        rebuild();
    });
}

void BenchChart::reset()
{
    removeAllSeries();
    for (QAbstractAxis *axis : axes()) {
        removeAxis(axis);
        delete axis;
    }
    // setTheme() resets fonts and colours, so it comes first.
    const ChartTheme theme = m_dark ? ChartThemeDark : ChartThemeLight;
    if (this->theme() != theme)
        setTheme(theme);
    setAnimationOptions(NoAnimation);
    setBackgroundRoundness(0);
    setBackgroundBrush(backgroundColor());
    setBackgroundPen(Qt::NoPen);
    QFont title = titleFont();
    title.setPointSizeF(13);
    title.setBold(true);
    setTitleFont(title);
    legend()->setVisible(true);
    legend()->setAlignment(Qt::AlignBottom);
    legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    QFont legendFont = legend()->font();
    legendFont.setPointSizeF(10);
    legend()->setFont(legendFont);
    setMargins(QMargins(8, 8, 16, 8));
}

QValueAxis *BenchChart::valueAxis(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, double maxScaled,
                                  Qt::Orientation orientation)
{
    auto *axis = new QValueAxis;
    axis->setRange(0, maxScaled > 0 ? maxScaled * 1.05 : 1);
    axis->applyNiceNumbers();
    const double interval = (axis->max() - axis->min()) / std::max(1, axis->tickCount() - 1);
    const int decimals = interval >= 1 ? 0 : int(std::ceil(-std::log10(interval)));
    axis->setLabelFormat(QStringLiteral("%.") + QString::number(decimals) + QLatin1Char('f'));
    QString title = QString::fromStdString(metric.label.empty() ? metric.id : metric.label);
    if (!scale.suffix.empty())
        title += QStringLiteral(" (") + QString::fromStdString(scale.suffix) + QLatin1Char(')');
    const bool higher = metric.direction == bs::Direction::HigherIsBetter;
    if (orientation == Qt::Horizontal)
        title += higher ? QStringLiteral(" — higher is better →") : QStringLiteral(" — ← lower is better");
    else
        title += higher ? QStringLiteral(" — higher is better") : QStringLiteral(" — lower is better");
    axis->setTitleText(title);
    QFont font = axis->titleFont();
    font.setPointSizeF(10);
    font.setBold(false);
    axis->setTitleFont(font);
    return axis;
}

QCategoryAxis *BenchChart::rowAxis(int rows)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(-0.6, std::max(0, rows - 1) + 0.6);
    axis->setStartValue(-0.6);
    axis->setGridLineVisible(false);
    QFont labelFont = axis->labelsFont();
    labelFont.setPointSizeF(10);
    axis->setLabelsFont(labelFont);
    addAxis(axis, Qt::AlignLeft);
    return axis;
}

void BenchChart::hideFromLegend(QAbstractSeries *series)
{
    for (QLegendMarker *marker : legend()->markers(series))
        marker->setVisible(false);
}

QColor BenchChart::backgroundColor() const
{
    return m_dark ? QColor(0x26, 0x2a, 0x30) : QColor(Qt::white);
}

QColor BenchChart::textColor() const
{
    return m_dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20);
}

QColor BenchChart::mutedColor() const
{
    return m_dark ? QColor(0x9a, 0xa4, 0xb0) : QColor(0x5a, 0x64, 0x70);
}

QColor BenchChart::baselineColor() const
{
    return m_dark ? QColor(0xff, 0xb3, 0x47) : QColor(0xd0, 0x6a, 0x00);
}

QColor BenchChart::missingColor() const
{
    return m_dark ? QColor(0xff, 0x7b, 0x7b) : QColor(0xc0, 0x30, 0x30);
}
