#include "diffpage.h"

#include "boldlabel.h"
#include "capturelistmodel.h"
#include "capturename.h"
#include "capturepairing.h"
#include "diffmodel.h"
#include "pairedrangechart.h"
#include "participantfilterproxy.h"
#include "plaintooltip.h"
#include "qs.h"
#include "shorttext.h"
#include "resulttableview.h"
#include "wrappinglabel.h"

#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QShortcut>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>

namespace {

// A capture as the pickers name it: its revision and date, told apart from
// the others (bs::CaptureName::apart); the suite when the pickers span
// several.
QStringList pickerTexts(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    std::vector<const bs::Capture *> raw;
    QStringList suites;
    for (const auto &c : captures) {
        raw.push_back(c.get());
        if (!suites.contains(qs(CaptureListModel::suiteKey(*c))))
            suites << qs(CaptureListModel::suiteKey(*c));
    }
    const std::vector<std::string> names = bs::CaptureName::apart(raw, true);
    QStringList texts;
    for (std::size_t i = 0; i < captures.size(); ++i)
        texts << qs(names[i]) + (suites.size() > 1 ? QStringLiteral(" — ") + qs(captures[i]->suite.name()) : QString());
    return texts;
}

} // namespace

DiffPage::DiffPage(QWidget *parent)
    : Page(parent)
    , m_model(new DiffModel(this))
    , m_proxy(new ParticipantFilterProxy(this))
    , m_beforePicker(new QComboBox(this))
    , m_afterPicker(new QComboBox(this))
    , m_metricPicker(new QComboBox(this))
    , m_alpha(new QDoubleSpinBox(this))
    , m_rule(new QComboBox(this))
    , m_correct(new QCheckBox(QStringLiteral("Correct for many rows (Benjamini–Hochberg)"), this))
    , m_filter(new QLineEdit(this))
    , m_warningsBox(new QFrame(this))
    , m_warnings(new WrappingLabel(m_warningsBox))
    , m_summary(new WrappingLabel(this))
    , m_noise(new WrappingLabel(this))
    , m_changes(new WrappingLabel(this))
    , m_table(new ResultTableView(this))
    , m_notes(new WrappingLabel(this))
    , m_chartsTitle(BoldLabel::make(QString(), this))
    , m_chartsArea(new QScrollArea(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makePickerBar());
    layout->addLayout(makeOptionsBar());
    makeTexts();
    layout->addWidget(m_warningsBox);
    layout->addWidget(m_summary);
    layout->addWidget(m_noise);
    layout->addWidget(m_changes);
    layout->addWidget(makeTableAndCharts(), 1);
    layout->addWidget(m_notes);

    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &DiffPage::closeRequested);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(&m_watcher, &QFutureWatcher<Compared>::finished, this, &DiffPage::show);
    refresh();
}

QBoxLayout *DiffPage::makePickerBar()
{
    m_beforePicker->setObjectName(QStringLiteral("beforePicker"));
    m_afterPicker->setObjectName(QStringLiteral("afterPicker"));
    for (QComboBox *picker : {m_beforePicker, m_afterPicker}) {
        // Shrinks with the page; the tool tip holds the whole name.
        picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        picker->setMinimumContentsLength(16);
        picker->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        connect(picker, &QComboBox::currentIndexChanged, this, [this, picker] {
            tipPicker(picker);
            if (!m_updating) {
                fillMetrics();
                refresh();
            }
        });
    }
    auto *swapButton = new QToolButton(this);
    swapButton->setText(QStringLiteral("⇄"));
    swapButton->setToolTip(QStringLiteral("Swap before and after"));
    connect(swapButton, &QToolButton::clicked, this, &DiffPage::swap);
    auto *close = new QToolButton(this);
    close->setObjectName(QStringLiteral("closeButton"));
    close->setText(QStringLiteral("✕ Close"));
    close->setToolButtonStyle(Qt::ToolButtonTextOnly);
    close->setToolTip(QStringLiteral("Back to the page before (Esc, Alt+Left)"));
    connect(close, &QToolButton::clicked, this, &DiffPage::closeRequested);

    auto *bar = new QHBoxLayout;
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Before"), m_beforePicker, this));
    bar->addWidget(m_beforePicker, 1);
    bar->addWidget(swapButton);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("A&fter"), m_afterPicker, this));
    bar->addWidget(m_afterPicker, 1);
    bar->addSpacing(8);
    bar->addWidget(close);
    return bar;
}

QBoxLayout *DiffPage::makeOptionsBar()
{
    m_metricPicker->setObjectName(QStringLiteral("metricPicker"));
    m_metricPicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metricPicker->setMinimumContentsLength(28);
    connect(m_metricPicker, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            refresh();
    });
    m_alpha->setObjectName(QStringLiteral("alpha"));
    m_alpha->setRange(0.001, 0.5);
    m_alpha->setDecimals(3);
    m_alpha->setSingleStep(0.01);
    m_alpha->setValue(0.05);
    m_alpha->setToolTip(QStringLiteral("Significance threshold: a cell is better or worse only when p ≤ alpha "
                                       "(and, by the disjoint rule, the ranges do not overlap)"));
    connect(m_alpha, &QDoubleSpinBox::valueChanged, this, [this](double alpha) {
        m_model->setAlpha(alpha);
        redecided();
    });
    m_rule->setObjectName(QStringLiteral("rule"));
    m_rule->addItem(QStringLiteral("U test"), QString::fromLatin1(bs::ruleName(bs::DiffRule::UTest)));
    m_rule->addItem(QStringLiteral("U test and ranges apart"), QString::fromLatin1(bs::ruleName(bs::DiffRule::Disjoint)));
    m_rule->setToolTip(QStringLiteral("U test: better or worse when the two-sided Mann–Whitney p ≤ alpha, as benchstat "
                                      "(\"ranges overlap\" is said beside it).\nU test and ranges apart: the stricter "
                                      "reading, the [min–max] ranges must not overlap either."));
    connect(m_rule, &QComboBox::currentIndexChanged, this, [this] {
        bs::DiffRule rule = bs::DiffRule::UTest;
        bs::parseRule(m_rule->currentData().toString().toStdString(), rule);
        m_model->setRule(rule);
        redecided();
    });
    m_correct->setObjectName(QStringLiteral("correct"));
    m_correct->setToolTip(QStringLiteral("As `diff --correct bh`: the p of the tested rows adjusted together by "
                                         "Benjamini–Hochberg (false discovery rate alpha), shown as \"adjusted p\"; "
                                         "the verdicts compare it, not p, with alpha"));
    connect(m_correct, &QCheckBox::toggled, this, [this] {
        m_model->setCorrection(correction());
        m_table->setColumnHidden(DiffModel::AdjustedP, correction() == bs::DiffCorrection::None);
        m_table->fitColumns();
        fitTable();
        redecided();
    });
    m_filter->setObjectName(QStringLiteral("filter"));
    m_filter->setPlaceholderText(QStringLiteral("Filter participants, cases"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(220);
    m_filter->setMaximumWidth(360);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &ParticipantFilterProxy::setFilterText);

    auto *bar = new QHBoxLayout;
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Metric"), m_metricPicker, this));
    bar->addWidget(m_metricPicker);
    bar->addSpacing(8);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("A&lpha"), m_alpha, this));
    bar->addWidget(m_alpha);
    bar->addSpacing(8);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Rule"), m_rule, this));
    bar->addWidget(m_rule);
    bar->addSpacing(8);
    bar->addWidget(m_correct);
    bar->addSpacing(8);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("F&ilter"), m_filter, this));
    bar->addWidget(m_filter, 1);
    bar->addStretch(1);
    return bar;
}

void DiffPage::makeTexts()
{
    m_warningsBox->setObjectName(QStringLiteral("provenanceWarnings"));
    auto *warningsLayout = new QVBoxLayout(m_warningsBox);
    warningsLayout->setContentsMargins(8, 4, 8, 4);
    warningsLayout->addWidget(m_warnings);
    m_warnings->setObjectName(QStringLiteral("warnings"));
    m_warnings->setTextFormat(Qt::RichText);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_noise->setObjectName(QStringLiteral("noise"));
    m_changes->setObjectName(QStringLiteral("changes"));
    for (QLabel *label : {m_summary, m_noise, m_changes, m_notes})
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QLabel *label : {m_summary, m_noise})
        label->setTextFormat(Qt::RichText);
    m_changes->setTextFormat(Qt::RichText);
    m_notes->setStyleSheet(QStringLiteral("color: #5f5f5f;"));
    // The notes and the charts' heading name the captures' metrics: text.
    m_notes->setTextFormat(Qt::PlainText);
    m_chartsTitle->setTextFormat(Qt::PlainText);
}

QSplitter *DiffPage::makeTableAndCharts()
{
    m_proxy->setSourceModel(m_model);
    m_table->setObjectName(QStringLiteral("diffTable"));
    m_table->setModel(m_proxy);
    m_table->viewport()->installEventFilter(this);
    // The verdict right after what a row is about (in view only; the model
    // keeps the CLI's order), so it is seen when the figures scroll.
    QHeaderView *header = m_table->horizontalHeader();
    header->moveSection(header->visualIndex(DiffModel::Verdict), header->visualIndex(DiffModel::Before));
    m_chartsArea->setWidgetResizable(true);
    m_chartsArea->setFrameShape(QFrame::NoFrame);

    auto *chartsBox = new QWidget(this);
    auto *chartsLayout = new QVBoxLayout(chartsBox);
    chartsLayout->setContentsMargins(0, 4, 0, 0);
    chartsLayout->addWidget(m_chartsTitle);
    chartsLayout->addWidget(m_chartsArea, 1);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(chartsBox);
    splitter->setChildrenCollapsible(false);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    return splitter;
}

QChart *DiffPage::exportableChart() const
{
    return m_charts.empty() ? nullptr : m_charts.front();
}

QList<QChart *> DiffPage::exportableCharts() const
{
    return QList<QChart *>(m_charts.begin(), m_charts.end());
}

std::pair<std::shared_ptr<const bs::Capture>, std::shared_ptr<const bs::Capture>> DiffPage::reportPair() const
{
    if (isBusy() || !m_model->before() || !m_model->after())
        return {};
    return {m_model->before(), m_model->after()};
}

QTableView *DiffPage::exportableTable() const
{
    return m_table;
}

QString DiffPage::title() const
{
    if (!m_model->before() || !m_model->after())
        return QStringLiteral("Diff");
    return QStringLiteral("Diff: ") + m_model->beforeLabel() + QStringLiteral(" → ") + m_model->afterLabel();
}

void DiffPage::setCaptures(std::vector<std::shared_ptr<const bs::Capture>> captures,
                           const std::shared_ptr<const bs::Capture> &current)
{
    captures.erase(std::remove(captures.begin(), captures.end(), nullptr), captures.end());
    std::stable_sort(captures.begin(), captures.end(), [](const auto &a, const auto &b) {
        if (CaptureListModel::suiteKey(*a) != CaptureListModel::suiteKey(*b))
            return CaptureListModel::suiteKey(*a) < CaptureListModel::suiteKey(*b);
        return CaptureListModel::revisionBefore(*a, *b);
    });
    m_captures = std::move(captures);
    auto offered = [this](const std::shared_ptr<const bs::Capture> &c) {
        return c && std::find(m_captures.begin(), m_captures.end(), c) != m_captures.end();
    };
    const auto before = picked(m_beforePicker), after = picked(m_afterPicker);
    if (offered(before) && offered(after)) {
        fillPickers(before, after);
        refresh();
    } else {
        pickAround(offered(current) ? current : nullptr);
    }
}

void DiffPage::pickAround(const std::shared_ptr<const bs::Capture> &capture)
{
    const CapturePairing::Pair pair = CapturePairing::defaultPair(m_captures, capture, m_baselines);
    compare(pair.before, pair.after);
    if (!pair.note.isEmpty()) {
        m_pairNote = pair.note;
        showProvenance();
    }
}

void DiffPage::compare(const std::shared_ptr<const bs::Capture> &before, const std::shared_ptr<const bs::Capture> &after)
{
    m_pairNote.clear();
    for (const auto &c : {before, after})
        if (c && std::find(m_captures.begin(), m_captures.end(), c) == m_captures.end())
            m_captures.push_back(c);
    fillPickers(before, after);
    refresh();
}

void DiffPage::setMetric(const QString &metricId)
{
    const int index = m_metricPicker->findData(metricId);
    if (index >= 0)
        m_metricPicker->setCurrentIndex(index);
}

void DiffPage::setAlpha(double alpha)
{
    m_alpha->setValue(alpha);
}

void DiffPage::setRule(bs::DiffRule rule)
{
    m_rule->setCurrentIndex(m_rule->findData(QString::fromLatin1(bs::ruleName(rule))));
}

bs::DiffCorrection DiffPage::correction() const
{
    return m_correct->isChecked() ? bs::DiffCorrection::BenjaminiHochberg : bs::DiffCorrection::None;
}

void DiffPage::redecided()
{
    showSummary();
    m_notes->setText(m_model->notes().join(QLatin1Char('\n')));
}

void DiffPage::swap()
{
    fillPickers(picked(m_afterPicker), picked(m_beforePicker));
    refresh();
}

std::shared_ptr<const bs::Capture> DiffPage::picked(QComboBox *picker) const
{
    const int i = picker->currentData().toInt();
    return picker->currentIndex() >= 0 && i >= 0 && i < int(m_captures.size()) ? m_captures[std::size_t(i)] : nullptr;
}

void DiffPage::tipPicker(QComboBox *picker) const
{
    const std::shared_ptr<const bs::Capture> capture = picked(picker);
    picker->setToolTip(capture ? PlainToolTip::of(picker->currentText() + QLatin1Char('\n') + qs(capture->sourcePath))
                               : QString());
}

void DiffPage::fillPickers(const std::shared_ptr<const bs::Capture> &before, const std::shared_ptr<const bs::Capture> &after)
{
    m_updating = true;
    const QStringList texts = pickerTexts(m_captures);
    for (QComboBox *picker : {m_beforePicker, m_afterPicker}) {
        const auto &chosen = picker == m_beforePicker ? before : after;
        picker->clear();
        for (std::size_t i = 0; i < m_captures.size(); ++i) {
            picker->addItem(ShortText::elided(texts[int(i)]), int(i));
            picker->setItemData(int(i), PlainToolTip::of(qs(m_captures[i]->sourcePath)), Qt::ToolTipRole);
            if (m_captures[i] == chosen)
                picker->setCurrentIndex(int(i));
        }
        if (!chosen)
            picker->setCurrentIndex(-1);
        tipPicker(picker);
    }
    fillMetrics();
    m_updating = false;
}

void DiffPage::fillMetrics()
{
    const bool wasUpdating = m_updating;
    m_updating = true;
    const QVariant current = m_metricPicker->currentData();
    m_metricPicker->clear();
    const auto before = picked(m_beforePicker), after = picked(m_afterPicker);
    const bs::Metric *primary = after && after->primaryMetric() ? after->primaryMetric()
        : before                                                ? before->primaryMetric()
                                                                : nullptr;
    m_metricPicker->addItem(primary ? QStringLiteral("Primary: ") + ShortText::elided(primary->label)
                                    : QStringLiteral("Primary metric"),
                            QString());
    QStringList seen;
    for (const auto &c : {before, after}) {
        if (!c)
            continue;
        for (const bs::Metric &m : c->metrics) {
            if (seen.contains(qs(m.id)))
                continue;
            seen << qs(m.id);
            m_metricPicker->addItem(ShortText::elided(m.label), qs(m.id));
        }
    }
    m_metricPicker->addItem(QStringLiteral("All metrics"), kAllMetrics);
    const int index = m_metricPicker->findData(current);
    m_metricPicker->setCurrentIndex(index >= 0 ? index : 0);
    m_updating = wasUpdating;
}

void DiffPage::refresh()
{
    if (m_updating)
        return;
    ++m_job;
    if (!m_watcher.isRunning())
        start();
}

void DiffPage::start()
{
    m_running = m_job;
    const auto before = picked(m_beforePicker), after = picked(m_afterPicker);
    bs::CaptureDiff::Options options;
    options.alpha = m_alpha->value();
    bs::parseRule(m_rule->currentData().toString().toStdString(), options.rule);
    options.correction = correction();
    const QString metric = m_metricPicker->currentData().toString();
    if (metric.isEmpty()) {
        const bs::Metric *primary = after && after->primaryMetric() ? after->primaryMetric()
            : before                                                ? before->primaryMetric()
                                                                    : nullptr;
        if (primary)
            options.metrics.push_back(primary->id);
    } else if (metric != kAllMetrics) {
        options.metrics.push_back(metric.toStdString());
    }
    // The worker holds the captures, so closing one meanwhile is safe.
    m_watcher.setFuture(QtConcurrent::run([before, after, options]() -> Compared {
        return {before, after,
                before && after ? bs::CaptureDiff::compare(*before, *after, options) : bs::CaptureDiff()};
    }));
}

void DiffPage::show()
{
    if (m_running != m_job) { // asked again meanwhile: this one is stale
        start();
        return;
    }
    Compared done = m_watcher.result();
    m_shown = m_running;
    m_model->setDiff(std::move(done.before), std::move(done.after), std::move(done.diff));
    // Alpha or the rule changed while it was made: decide again, cheaply.
    if (m_model->diff().alpha() != m_alpha->value())
        m_model->setAlpha(m_alpha->value());
    bs::DiffRule rule = bs::DiffRule::UTest;
    bs::parseRule(m_rule->currentData().toString().toStdString(), rule);
    if (m_model->diff().rule() != rule)
        m_model->setRule(rule);
    if (m_model->diff().correction() != correction())
        m_model->setCorrection(correction());
    m_table->setColumnHidden(DiffModel::Metric, m_model->diff().metrics().size() == 1);
    m_table->setColumnHidden(DiffModel::AdjustedP, correction() == bs::DiffCorrection::None);
    m_table->fitColumns();
    fitTable();
    m_notes->setText(m_model->notes().join(QLatin1Char('\n')));
    showProvenance();
    showSummary();
    rebuildCharts();
    emit titleChanged();
    emit diffChanged();
    emit ready();
}

int DiffPage::leastVerdictWidth(const QTableView *table)
{
    // The item delegate's text margin on both sides, and the grid line.
    const int margin = table->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, table) + 1;
    return table->fontMetrics().horizontalAdvance(QStringLiteral("= no change established")) + 2 * margin + 1;
}

void DiffPage::fitTable()
{
    // A short table takes only the height of its rows; the charts get the rest.
    QHeaderView *header = m_table->horizontalHeader();
    const bool scrolls = header->length() > m_table->viewport()->width();
    m_table->setMaximumHeight(header->sizeHint().height()
                              + m_model->rowCount() * m_table->verticalHeader()->defaultSectionSize()
                              + (scrolls ? m_table->horizontalScrollBar()->sizeHint().height() : 0)
                              + 2 * m_table->frameWidth());
    // The verdict fills the width the others leave, and is never narrower
    // than "= no change established": a longer verdict ends in "…" and the
    // row's tool tip says it in full.
    int others = 0;
    for (int c = 0; c < DiffModel::ColumnCount; ++c)
        others += c == DiffModel::Verdict || m_table->isColumnHidden(c) ? 0 : m_table->columnWidth(c);
    // Room for a vertical scroll bar that may appear once the rows are laid out.
    const int viewport = m_table->viewport()->width()
        - (m_table->verticalScrollBar()->isVisible() ? 0 : m_table->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
    const int least = leastVerdictWidth(m_table);
    const int wanted = m_table->sizeHintForColumn(DiffModel::Verdict);
    const int room = viewport - others;
    const int start = header->sectionPosition(DiffModel::Verdict);
    m_table->setColumnWidth(DiffModel::Verdict, room >= least ? room : std::max(least, std::min(wanted, viewport - start)));
}

bool DiffPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitTable();
    return Page::eventFilter(watched, event);
}

void DiffPage::showProvenance()
{
    const auto before = m_model->before(), after = m_model->after();
    const auto &warnings = m_model->diff().warnings();
    QString html;
    bool warn = false;
    if (!before || !after) {
        html = m_pairNote.isEmpty() ? QString() : m_pairNote.toHtmlEscaped() + QStringLiteral("<br>");
        html += QStringLiteral("Pick two captures to compare; open more with <b>File › Open</b>.");
    } else if (before == after) {
        html = QStringLiteral("⚠ Before and after are the same capture.");
        warn = true;
    } else {
        // What should have stayed the same is a warning (amber); what a
        // revision diff is made to change is information.
        for (const bs::ProvenanceSection &section : bs::ProvenanceDiff::sections(warnings)) {
            if (!html.isEmpty())
                html += QStringLiteral("<br>");
            const QString heading = qs(section.heading).toHtmlEscaped();
            html += section.warning      ? QStringLiteral("<b>⚠ ") + heading + QStringLiteral("</b>")
                : section.lines.empty() ? heading
                                        : QStringLiteral("ℹ ") + heading;
            for (const std::string &line : section.lines)
                html += QStringLiteral("<br>• ") + qs(line).toHtmlEscaped();
            warn = warn || section.warning;
        }
    }
    m_warnings->setText(html);
    m_warningsBox->setProperty("warning", warn);
    m_warningsBox->setFrameShape(warn ? QFrame::StyledPanel : QFrame::NoFrame);
    // Amber, a colour no verdict uses; the ⚠ and the words carry it too.
    m_warningsBox->setStyleSheet(warn ? QStringLiteral("#provenanceWarnings { background: #fff3cd; border: 1px solid #d9a400; }"
                                                       " #provenanceWarnings QLabel { color: #4a3800; }")
                                      : QString());
}

void DiffPage::showSummary()
{
    const bs::CaptureDiff &diff = m_model->diff();
    // The charted metric's sentences; with all metrics, the others are in
    // the tool tip, so the line stays one line.
    const QStringList all = m_model->summaryLines();
    const QStringList shown = diff.metrics().size() > 1 ? m_model->summaryLines(chartMetric()) : all;
    QStringList lines;
    for (const QString &line : shown)
        lines << line.toHtmlEscaped();
    if (all.size() > shown.size())
        lines << QStringLiteral("<i>%1 more in the tool tip</i>").arg(all.size() - shown.size());
    m_summary->setText(QStringLiteral("<b>Summary:</b> ") + lines.join(QStringLiteral("; ")));
    m_summary->setToolTip(PlainToolTip::of(QStringLiteral("Geometric mean of after/before medians, over cells with a verdict:\n")
                                           + all.join(QLatin1Char('\n'))));
    m_summary->setVisible(!all.isEmpty());
    // Many rows tested at once: what noise alone would make significant.
    m_noise->setText(QStringLiteral("<b>Many tests at once:</b> ") + m_model->noiseLine().toHtmlEscaped());
    m_noise->setVisible(!m_model->noiseLine().isEmpty());

    QStringList changes;
    auto list = [&](const char *what, const std::vector<std::string> &ids) {
        if (ids.empty())
            return;
        QStringList names;
        for (const std::string &id : ids)
            names << qs(id).toHtmlEscaped();
        changes << QString::fromUtf8(what) + QStringLiteral(": <b>") + names.join(QStringLiteral(", ")) + QStringLiteral("</b>");
    };
    list("Participants only in before (removed)", diff.removedParticipants());
    list("participants only in after (added)", diff.addedParticipants());
    list("cases only in before (removed)", diff.removedCases());
    list("cases only in after (added)", diff.addedCases());
    list("metrics only in before (removed)", diff.removedMetrics());
    list("metrics only in after (added)", diff.addedMetrics());
    if (!changes.isEmpty())
        changes.front()[0] = changes.front()[0].toUpper();
    m_changes->setText(changes.join(QStringLiteral("; ")));
    m_changes->setVisible(!changes.isEmpty());
}

std::string DiffPage::chartMetric() const
{
    // The compared metric, or with all metrics the primary one (a chart per
    // case and metric would bury the page).
    const bs::CaptureDiff &diff = m_model->diff();
    if (diff.metrics().size() == 1)
        return diff.metrics().front().id;
    if (diff.metrics().empty())
        return {};
    const bs::Metric *primary = m_model->after() ? m_model->after()->primaryMetric() : nullptr;
    return primary && diff.metric(primary->id) ? primary->id : diff.metrics().front().id;
}

void DiffPage::rebuildCharts()
{
    m_charts.clear();
    auto *content = new QWidget;
    auto *grid = new QGridLayout(content);
    grid->setContentsMargins(0, 0, 0, 0);
    const bs::CaptureDiff &diff = m_model->diff();
    const std::string metric = chartMetric();
    std::vector<std::string> cases;
    for (const bs::DiffCell &c : diff.cells())
        if (c.metric == metric && std::find(cases.begin(), cases.end(), c.caseId) == cases.end())
            cases.push_back(c.caseId);
    const int columns = cases.size() > 1 ? 2 : 1;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        auto *chart = new PairedRangeChart(m_model, cases[i], metric);
        chart->setDark(palette().color(QPalette::Window).lightness() < 128);
        auto *view = new QChartView(chart, content);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(int(std::min<std::size_t>(150 + 52 * chart->rows().size(), 900)));
        grid->addWidget(view, int(i) / columns, int(i) % columns);
        m_charts.push_back(chart);
    }
    m_chartsArea->setWidget(content); // deletes the previous charts
    const bs::Metric *m = diff.metric(metric);
    QString title;
    if (m)
        title = QStringLiteral("Before and after per case — ") + qs(m->label)
            + (diff.metrics().size() > 1 ? QStringLiteral(" (the primary metric; pick a metric to chart another)")
                                         : QString())
            + QStringLiteral(". Points: medians; bars: [min–max] of the repetitions.");
    m_chartsTitle->setText(title);
    m_chartsTitle->setVisible(!cases.empty());
}
