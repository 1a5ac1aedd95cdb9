#include "benchchart.h"

#include "charttext.h"
#include "scaleaxis.h"

#include <QAbstractItemModel>
#include <QAbstractSeries>
#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QCategoryAxis>
#include <QFont>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsSceneResizeEvent>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTimer>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace {
const QMargins kMargins(8, 8, 16, 8);
} // namespace

BenchChart::BenchChart(std::shared_ptr<const bs::Capture> capture, QGraphicsItem *parent)
    : QChart(parent)
    , m_capture(std::move(capture))
{
    // Axis labels and point labels with thousands separators ("80,000"),
    // as the tables print them, whatever the system locale.
    setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    setLocalizeNumbers(true);
    connect(this, &QChart::plotAreaChanged, this, &BenchChart::placeMessage);
    connect(this, &QChart::plotAreaChanged, this, &BenchChart::fitTexts);
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

std::vector<BenchChart::ValueMark> BenchChart::valueMarks()
{
    std::vector<ValueMark> marks;
    marks.reserve(m_values.size());
    for (const PlottedValue &v : m_values)
        marks.push_back({mapToPosition(v.value, v.series), v.text});
    return marks;
}

void BenchChart::markValue(QAbstractSeries *series, QPointF value, QString text)
{
    m_values.push_back({series, value, std::move(text)});
}

QString BenchChart::valueText(const QString &who, double value, double min, double max, std::size_t n,
                              const bs::UnitFormat::Scale &scale)
{
    QString text = who + QStringLiteral(": ") + QString::fromStdString(bs::UnitFormat::withUnit(value, scale));
    if (n > 1)
        text += QLatin1Char(' ') + QString::fromStdString(bs::UnitFormat::range(min, max, scale));
    return text;
}

void BenchChart::reset()
{
    m_values.clear();
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
    legend()->setShowToolTips(true); // the whole name over an entry Qt still had to cut
    QFont legendFont = legend()->font();
    legendFont.setPointSizeF(10);
    legend()->setFont(legendFont);
    setMargins(kMargins);
    if (m_message)
        m_message->hide();
    if (m_note)
        m_note->hide();
}

void BenchChart::showEmpty(const QString &message)
{
    legend()->setVisible(false);
    if (!m_message)
        m_message = new QGraphicsSimpleTextItem(this);
    QFont font = m_message->font();
    font.setPointSizeF(12);
    m_message->setFont(font);
    m_message->setBrush(mutedColor());
    m_message->setText(message);
    m_message->show();
    placeMessage();
}

void BenchChart::setNote(const QString &html)
{
    if (!m_note)
        m_note = new QGraphicsTextItem(this);
    QFont font = m_note->font();
    font.setPointSizeF(9.5);
    m_note->setFont(font);
    m_note->setDefaultTextColor(textColor());
    m_note->setHtml(html);
    m_note->setVisible(!html.isEmpty());
    placeNote();
}

QString BenchChart::note() const
{
    return m_note && m_note->isVisible() ? m_note->toPlainText() : QString();
}

void BenchChart::resizeEvent(QGraphicsSceneResizeEvent *event)
{
    QChart::resizeEvent(event);
    placeNote();
}

void BenchChart::placeNote()
{
    if (!m_note || !m_note->isVisible()) {
        if (margins() != kMargins)
            setMargins(kMargins);
        return;
    }
    m_note->setTextWidth(std::max(80.0, size().width() - kMargins.left() - kMargins.right()));
    const qreal height = m_note->boundingRect().height();
    m_note->setPos(kMargins.left(), size().height() - kMargins.bottom() - height);
    const QMargins room(kMargins.left(), kMargins.top(), kMargins.right(), kMargins.bottom() + int(std::ceil(height)) + 4);
    if (margins() != room)
        setMargins(room);
}

int BenchChart::noteHeight(int width) const
{
    if (!m_note || !m_note->isVisible())
        return 0;
    QTextDocument text;
    text.setDefaultFont(m_note->font());
    text.setHtml(m_note->toHtml());
    text.setTextWidth(std::max(80, width - kMargins.left() - kMargins.right()));
    return int(std::ceil(text.size().height())) + 4;
}

QSize BenchChart::roomFor(QSize wanted) const
{
    wanted.rheight() += noteHeight(wanted.width());
    return wanted.expandedTo(effectiveSizeHint(Qt::MinimumSize).toSize());
}

ParticipantPalette BenchChart::participantPalette() const
{
    return m_capture ? ParticipantPalette(m_capture->participants) : ParticipantPalette();
}

QString BenchChart::emptyMessage() const
{
    return m_message && m_message->isVisible() ? m_message->text() : QString();
}

void BenchChart::placeMessage()
{
    if (!m_message || !m_message->isVisible())
        return;
    const QRectF text = m_message->boundingRect();
    m_message->setPos(plotArea().center() - QPointF(text.width() / 2, text.height() / 2));
}

void BenchChart::fitTexts()
{
    if (m_fitting)
        return;
    m_fitting = true; // what is changed here moves the plot area again
    // The plot's width for the title: Qt cuts it some way inside the margins.
    setTitle(fitted(title(), titleFont(), plotArea().width()));
    for (QAbstractAxis *axis : axes()) {
        if (qobject_cast<QValueAxis *>(axis) || qobject_cast<ScaleAxis *>(axis))
            axis->setTitleText(fitted(axis->titleText(), axis->titleFont(),
                                      axis->orientation() == Qt::Horizontal ? plotArea().width() : plotArea().height()));
        else if (auto *columns = qobject_cast<QBarCategoryAxis *>(axis))
            turnColumnLabels(columns);
    }
    fitLegend();
    m_fitting = false;
}

void BenchChart::fitLegend()
{
    QList<QLegendMarker *> shown;
    for (QLegendMarker *marker : legend()->markers())
        if (marker->isVisible())
            shown.append(marker);
    if (shown.isEmpty())
        return;
    const QFontMetricsF metrics(legend()->font());
    // A marker's symbol and the gaps around its label, as Qt Charts draws them.
    const qreal chrome = metrics.height() + 3 * metrics.averageCharWidth();
    const qreal room = size().width() - margins().left() - margins().right();
    qreal oneRow = 0;
    for (QLegendMarker *marker : shown)
        oneRow += metrics.horizontalAdvance(entryName(marker)) + chrome;
    const qreal perEntry = room / shown.size() - chrome;
    bool changed = false;
    for (QLegendMarker *marker : shown) {
        const QString name = entryName(marker);
        // A legend entry is rich text: the name (a participant's label) as text.
        const QString label = oneRow <= room ? name.toHtmlEscaped() : lines(name, legend()->font(), perEntry);
        if (marker->label() != label) {
            marker->setLabel(label);
            changed = true;
        }
    }
    // The legend lays its entries out again for their new heights.
    if (changed && legend()->layout())
        legend()->layout()->invalidate();
}

QString BenchChart::entryName(QLegendMarker *marker)
{
    if (auto *bar = qobject_cast<QBarLegendMarker *>(marker))
        return bar->barset()->label();
    return marker->series()->name();
}

QString BenchChart::lines(const QString &text, const QFont &font, qreal width)
{
    const QFontMetricsF metrics(font);
    QStringList out;
    QString line;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
            out.append(line.toHtmlEscaped());
            line = word;
        } else {
            line = longer;
        }
    }
    out.append(line.toHtmlEscaped());
    return out.join(QStringLiteral("<br>"));
}

QString BenchChart::fitted(const QString &text, const QFont &font, qreal width)
{
    static const QString kDash = QStringLiteral(" — ");
    static const QString kBreak = QStringLiteral("<br>");
    QString line = text;
    line.replace(kBreak, kDash);
    if (QFontMetricsF(font).horizontalAdvance(line) <= width || !line.contains(kDash))
        return line;
    return line.replace(kDash, kBreak);
}

void BenchChart::turnColumnLabels(QBarCategoryAxis *axis)
{
    if (axis->count() == 0)
        return;
    const QFontMetricsF metrics(axis->labelsFont());
    qreal widest = 0;
    for (const QString &label : axis->categories())
        for (const QString &line : label.split(QStringLiteral("<br>")))
            widest = std::max(widest, metrics.horizontalAdvance(QTextDocumentFragment::fromHtml(line).toPlainText()));
    const bool fits = widest <= plotArea().width() / axis->count() - metrics.averageCharWidth();
    if (axis->labelsAngle() != (fits ? 0 : -45)) {
        axis->setLabelsAngle(fits ? 0 : -45);
        axis->setTruncateLabels(fits);
    }
}

QString BenchChart::axisTitle(const bs::Metric &metric, const bs::UnitFormat::Scale &scale, Qt::Orientation orientation,
                             bool log)
{
    // Axis titles are rich text: the metric's label and unit as text.
    QString title = ChartText::elided(metric.label).toHtmlEscaped();
    if (!scale.suffix.empty() || log)
        title += QStringLiteral(" (") + ChartText::elided(scale.suffix).toHtmlEscaped()
            + (log ? QString::fromLatin1(scale.suffix.empty() ? "log scale" : ", log scale") : QString()) + QLatin1Char(')');
    const bool higher = metric.direction == bs::Direction::HigherIsBetter;
    if (orientation == Qt::Horizontal)
        title += higher ? QStringLiteral(" — higher is better →") : QStringLiteral(" — ← lower is better");
    else
        title += higher ? QStringLiteral(" — higher is better") : QStringLiteral(" — lower is better");
    return title;
}

void BenchChart::setAxisTitleFont(QAbstractAxis *axis)
{
    QFont font = axis->titleFont();
    font.setPointSizeF(10);
    font.setBold(false);
    axis->setTitleFont(font);
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
    axis->setTitleText(axisTitle(metric, scale, orientation));
    setAxisTitleFont(axis);
    addAxis(axis, orientation == Qt::Horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    return axis;
}

ScaleAxis *BenchChart::scaleAxis(const bs::Metric &metric, const bs::UnitFormat::Scale &scale,
                                 const std::vector<double> &values, Qt::Orientation orientation)
{
    auto *axis = new ScaleAxis;
    double lo = 0, hi = 1;
    if (!values.empty()) {
        const auto [least, most] = std::minmax_element(values.begin(), values.end());
        lo = *least;
        hi = *most;
    }
    axis->setScale(ScaleAxis::spansOrders(values), lo, hi, scale);
    axis->setTitleText(axisTitle(metric, scale, orientation, axis->isLog()));
    setAxisTitleFont(axis);
    addCategoryAxis(axis, orientation == Qt::Horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    return axis;
}

QCategoryAxis *BenchChart::rowAxis(int rows)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setRange(-0.6, std::max(0, rows - 1) + 0.6);
    axis->setStartValue(-0.6);
    axis->setGridLineVisible(false);
    addCategoryAxis(axis, Qt::AlignLeft);
    return axis;
}

QBarCategoryAxis *BenchChart::columnAxis(const QStringList &labels)
{
    auto *axis = new QBarCategoryAxis;
    axis->append(labels);
    addCategoryAxis(axis, Qt::AlignBottom);
    return axis;
}

void BenchChart::addCategoryAxis(QAbstractAxis *axis, Qt::Alignment alignment)
{
    QFont font = axis->labelsFont();
    font.setPointSizeF(10);
    axis->setLabelsFont(font);
    addAxis(axis, alignment);
}

QLineSeries *BenchChart::rangeBar(double lo, double hi, double at, double cap, Qt::Orientation orientation)
{
    auto *bar = new QLineSeries;
    const QList<QPointF> along{{lo, at - cap}, {lo, at + cap}, {lo, at}, {hi, at}, {hi, at + cap}, {hi, at - cap}};
    for (const QPointF &p : along)
        bar->append(orientation == Qt::Horizontal ? p : p.transposed());
    return bar;
}

void BenchChart::attach(QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y)
{
    addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    // A legend entry is rich text: the name as text from the start, as a
    // chart drawn before it is fitted (an export) shows it.
    for (QLegendMarker *marker : legend()->markers(series))
        marker->setLabel(entryName(marker).toHtmlEscaped());
    // New legend entries need fitting even when the plot area stays put;
    // once the chart is built (entries hidden from the legend are known).
    if (!m_fitPending) {
        m_fitPending = true;
        QTimer::singleShot(0, this, [this] {
            m_fitPending = false;
            fitTexts();
        });
    }
}

QString BenchChart::wrapped(const QString &text, int width)
{
    if (text.size() <= width)
        return text.toHtmlEscaped();
    // Two lines, broken at the space nearest the middle, else the hyphen,
    // slash or underscore nearest it ("hello-world").
    auto breakAt = [&text](const QString &after) {
        qsizetype best = -1;
        for (qsizetype i = 1; i < text.size(); ++i)
            if (after.contains(text[i - 1]) && (best < 0 || std::abs(2 * i - text.size()) < std::abs(2 * best - text.size())))
                best = i;
        return best;
    };
    qsizetype at = breakAt(QStringLiteral(" "));
    if (at < 0)
        at = breakAt(QStringLiteral("-/_"));
    if (at < 0)
        return text.toHtmlEscaped();
    return text.left(at).trimmed().toHtmlEscaped() + QStringLiteral("<br>") + text.mid(at).trimmed().toHtmlEscaped();
}

QString BenchChart::uniqueLabel(QString label, const QStringList &taken)
{
    while (taken.contains(label))
        label += QChar(0x200B);
    return label;
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
