#include "historypage.h"

#include "capturelistmodel.h"
#include "capturename.h"
#include "historychart.h"
#include "historymodel.h"
#include "historystepsmodel.h"
#include "qs.h"
#include "resulttableview.h"
#include "wrappinglabel.h"

#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <set>

namespace {

constexpr int kListedChangePoints = 3; // in the summary line; the Steps table has all

QLabel *buddyLabel(const QString &text, QWidget *buddy, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    label->setBuddy(buddy);
    return label;
}

std::vector<const bs::Capture *> raw(const std::vector<HistoryPage::CapturePtr> &captures)
{
    std::vector<const bs::Capture *> list;
    for (const auto &c : captures)
        list.push_back(c.get());
    return list;
}

} // namespace

HistoryPage::HistoryPage(std::vector<CapturePtr> captures, QWidget *parent)
    : QWidget(parent)
    , m_model(new HistoryModel(this))
    , m_steps(new HistoryStepsModel(m_model, this))
    , m_chart(new HistoryChart(m_model))
    , m_heading(new WrappingLabel(this))
    , m_metricPicker(new QComboBox(this))
    , m_participantPicker(new QComboBox(this))
    , m_casePicker(new QComboBox(this))
    , m_tagPicker(new QComboBox(this))
    , m_minChange(new QDoubleSpinBox(this))
    , m_revisions(new QListWidget(this))
    , m_summary(new WrappingLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_stepsTable(new QTableView(this))
    , m_valuesTable(new ResultTableView(this))
{
    m_summary->setObjectName(QStringLiteral("summary"));
    m_heading->setObjectName(QStringLiteral("heading"));
    auto *chartView = new QChartView(m_chart, this);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(280);
    auto *top = new QSplitter(Qt::Horizontal, this);
    top->addWidget(chartView);
    top->addWidget(makeRevisions());
    top->setStretchFactor(0, 1);
    top->setChildrenCollapsible(false);
    auto *sides = new QSplitter(Qt::Vertical, this);
    sides->addWidget(top);
    sides->addWidget(makeTables());
    sides->setStretchFactor(0, 3);
    sides->setStretchFactor(1, 2);
    sides->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(makeBars());
    layout->addWidget(m_summary);
    layout->addWidget(sides, 1);

    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &HistoryPage::closeRequested);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(&m_watcher, &QFutureWatcher<Built>::finished, this, &HistoryPage::onBuilt);
    setCaptures(std::move(captures));
}

QLayout *HistoryPage::makeBars()
{
    QFont font = m_heading->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.15);
    m_heading->setFont(font);
    auto *close = new QToolButton(this);
    close->setObjectName(QStringLiteral("closeButton"));
    close->setText(QStringLiteral("✕ Close"));
    close->setToolTip(QStringLiteral("Back to the page before (Esc, Alt+Left)"));
    connect(close, &QToolButton::clicked, this, &HistoryPage::closeRequested);
    auto *head = new QHBoxLayout;
    head->addWidget(m_heading, 1);
    head->addWidget(close);

    m_metricPicker->setObjectName(QStringLiteral("metricPicker"));
    m_participantPicker->setObjectName(QStringLiteral("participantPicker"));
    m_casePicker->setObjectName(QStringLiteral("casePicker"));
    m_tagPicker->setObjectName(QStringLiteral("tagPicker"));
    for (QComboBox *picker : {m_metricPicker, m_participantPicker, m_casePicker, m_tagPicker}) {
        picker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        picker->setMinimumContentsLength(picker == m_metricPicker ? 20 : 12);
        connect(picker, &QComboBox::currentIndexChanged, this, &HistoryPage::applyFilter);
    }
    m_minChange->setObjectName(QStringLiteral("minChange"));
    m_minChange->setRange(0, 100);
    m_minChange->setDecimals(1);
    m_minChange->setSuffix(QStringLiteral(" %"));
    m_minChange->setValue(bs::ChangePoints::Options().minChangePct);
    m_minChange->setToolTip(QStringLiteral("The smallest established change marked as a change point"));
    connect(m_minChange, &QDoubleSpinBox::valueChanged, this, &HistoryPage::build);

    auto *bar = new QHBoxLayout;
    bar->addWidget(buddyLabel(QStringLiteral("&Metric"), m_metricPicker, this));
    bar->addWidget(m_metricPicker);
    bar->addWidget(buddyLabel(QStringLiteral("&Participant"), m_participantPicker, this));
    bar->addWidget(m_participantPicker);
    bar->addWidget(buddyLabel(QStringLiteral("C&ase"), m_casePicker, this));
    bar->addWidget(m_casePicker);
    bar->addWidget(buddyLabel(QStringLiteral("&Tag"), m_tagPicker, this));
    bar->addWidget(m_tagPicker);
    bar->addWidget(buddyLabel(QStringLiteral("Mi&nimum change"), m_minChange, this));
    bar->addWidget(m_minChange);
    bar->addStretch(1);
    auto *bars = new QVBoxLayout;
    bars->addLayout(head);
    bars->addLayout(bar);
    return bars;
}

QWidget *HistoryPage::makeRevisions()
{
    auto *box = new QWidget(this);
    m_revisions->setObjectName(QStringLiteral("revisions"));
    m_revisions->setToolTip(QStringLiteral("The revisions in the order the history follows, earliest first"));
    auto button = [box](const QString &text, const char *name, const QString &tip) {
        auto *b = new QPushButton(text, box);
        b->setObjectName(QString::fromUtf8(name));
        b->setToolTip(tip);
        return b;
    };
    QPushButton *earlier = button(QStringLiteral("▲ Earlier"), "moveEarlier", QStringLiteral("Move the revision earlier (Ctrl+Up)"));
    QPushButton *later = button(QStringLiteral("▼ Later"), "moveLater", QStringLiteral("Move the revision later (Ctrl+Down)"));
    QPushButton *byDate = button(QStringLiteral("By &Date"), "dateOrder", QStringLiteral("Order by revision date, then capture time"));
    earlier->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Up));
    later->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Down));
    connect(earlier, &QPushButton::clicked, this, [this] {
        const int row = m_revisions->currentRow();
        if (row > 0)
            moveRevision(row, row - 1);
    });
    connect(later, &QPushButton::clicked, this, [this] {
        const int row = m_revisions->currentRow();
        if (row >= 0 && row + 1 < m_revisions->count())
            moveRevision(row, row + 1);
    });
    connect(byDate, &QPushButton::clicked, this, &HistoryPage::useDateOrder);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(earlier);
    buttons->addWidget(later);
    buttons->addWidget(byDate);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(buddyLabel(QStringLiteral("&Revisions"), m_revisions, box));
    layout->addWidget(m_revisions, 1);
    layout->addLayout(buttons);
    box->setMaximumWidth(260);
    return box;
}

QWidget *HistoryPage::makeTables()
{
    m_stepsTable->setObjectName(QStringLiteral("stepsTable"));
    m_stepsTable->setModel(m_steps);
    m_stepsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_stepsTable->setWordWrap(false);
    m_stepsTable->verticalHeader()->hide();
    m_stepsTable->horizontalHeader()->setStretchLastSection(true);
    m_stepsTable->setToolTip(QStringLiteral("Click a step to compare its two revisions on the Diff page"));
    connect(m_stepsTable, &QTableView::clicked, this, &HistoryPage::openStep);
    connect(m_stepsTable, &QTableView::activated, this, &HistoryPage::openStep);
    m_valuesTable->setObjectName(QStringLiteral("valuesTable"));
    m_valuesTable->setModel(m_model);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_stepsTable, QStringLiteral("Steps"));
    m_tabs->addTab(m_valuesTable, QStringLiteral("Values"));
    return m_tabs;
}

void HistoryPage::setCaptures(std::vector<CapturePtr> captures)
{
    captures.erase(std::remove(captures.begin(), captures.end(), nullptr), captures.end());
    m_captures = std::move(captures);
    m_order = bs::History::dateOrder(raw(m_captures));
    build();
}

std::string HistoryPage::suiteKey() const
{
    return m_captures.empty() ? std::string() : CaptureListModel::suiteKey(*m_captures.front());
}

void HistoryPage::moveRevision(int from, int to)
{
    if (from < 0 || to < 0 || from >= int(m_order.size()) || to >= int(m_order.size()) || from == to)
        return;
    const std::size_t moved = m_order[std::size_t(from)];
    m_order.erase(m_order.begin() + from);
    m_order.insert(m_order.begin() + to, moved);
    showRevisions();
    m_revisions->setCurrentRow(to);
    build();
}

void HistoryPage::useDateOrder()
{
    m_order = bs::History::dateOrder(raw(m_captures));
    build();
}

void HistoryPage::build()
{
    ++m_generation;
    showRevisions();
    if (!m_watcher.isRunning())
        start();
}

void HistoryPage::start()
{
    m_building = m_generation;
    bs::History::Options options;
    options.order = m_order;
    options.changePoints.minChangePct = m_minChange->value();
    // The worker holds the captures, so closing one meanwhile is safe.
    m_watcher.setFuture(QtConcurrent::run([captures = m_captures, options]() -> Built {
        std::string error;
        std::optional<bs::History> history = bs::History::build(raw(captures), options, error);
        if (!history)
            return {nullptr, qs(error)};
        return {std::make_shared<const bs::History>(std::move(*history)), {}};
    }));
}

void HistoryPage::onBuilt()
{
    if (m_building != m_generation) { // asked again meanwhile: this one is stale
        start();
        return;
    }
    const Built built = m_watcher.result();
    m_model->setHistory(built.history);
    fillPickers();
    applyFilter();
    m_heading->setText(title());
    if (!built.error.isEmpty())
        m_summary->setText(QStringLiteral("No history: ") + built.error.toHtmlEscaped());
    emit historyChanged();
}

QString HistoryPage::title() const
{
    const auto history = m_model->history();
    if (!history)
        return QStringLiteral("History");
    return QStringLiteral("History: %1 (%2 revisions)").arg(qs(history->suite().name())).arg(history->revisions().size());
}

void HistoryPage::showRevisions()
{
    const int current = m_revisions->currentRow();
    m_revisions->clear();
    for (std::size_t i : m_order) {
        const bs::Capture &c = *m_captures[i];
        QString text = qs(bs::CaptureName::revision(c));
        if (!c.revision.date.empty() && !text.contains(qs(c.revision.date)))
            text += QStringLiteral(" · ") + qs(c.revision.date);
        auto *item = new QListWidgetItem(text, m_revisions);
        item->setToolTip(qs(c.sourcePath) + QStringLiteral("\ncaptured ") + qs(c.capturedAt));
    }
    m_revisions->setCurrentRow(std::min(current, m_revisions->count() - 1));
}

void HistoryPage::fillPickers()
{
    m_updating = true;
    const auto history = m_model->history();
    // Keeps the choice while the new history has it, else `fallback`, else the first.
    auto refill = [](QComboBox *picker, const QString &all, const std::vector<std::pair<std::string, std::string>> &items,
                     const QString &fallback = {}) {
        const QVariant chosen = picker->currentData();
        picker->clear();
        if (!all.isEmpty())
            picker->addItem(all, QString());
        for (const auto &[id, label] : items)
            picker->addItem(qs(label), qs(id));
        const int index = picker->findData(chosen) >= 0 ? picker->findData(chosen) : picker->findData(fallback);
        picker->setCurrentIndex(std::max(index, 0));
    };
    std::vector<std::pair<std::string, std::string>> metrics, participants, cases, tags;
    std::set<std::string> seenTags;
    if (history) {
        for (const bs::Metric &m : history->metrics())
            metrics.emplace_back(m.id, m.label);
        for (const bs::Participant &p : history->participants()) {
            participants.emplace_back(p.id, p.label);
            for (const std::string &t : p.tags)
                if (seenTags.insert(t).second)
                    tags.emplace_back(t, t);
        }
        for (const bs::CaseInfo &k : history->cases())
            cases.emplace_back(k.id, k.label);
    }
    refill(m_metricPicker, {}, metrics, m_model->metric() ? qs(m_model->metric()->id) : QString());
    refill(m_participantPicker, QStringLiteral("All participants"), participants);
    refill(m_casePicker, QStringLiteral("All cases"), cases);
    refill(m_tagPicker, QStringLiteral("Any tag"), tags);
    m_tagPicker->setEnabled(!tags.empty());
    m_updating = false;
}

void HistoryPage::applyFilter()
{
    if (m_updating)
        return;
    m_model->setMetric(m_metricPicker->currentData().toString().toStdString());
    m_model->setFilter(m_participantPicker->currentData().toString().toStdString(),
                       m_casePicker->currentData().toString().toStdString(),
                       m_tagPicker->currentData().toString().toStdString());
    m_valuesTable->fitColumns();
    m_stepsTable->resizeColumnsToContents();
    for (int c = 0; c < HistoryStepsModel::Reason; ++c) // long revision labels end in "…"; the Why gets the rest
        m_stepsTable->setColumnWidth(c, std::min(m_stepsTable->columnWidth(c), 360));
    showSummary();
}

void HistoryPage::showSummary()
{
    QStringList marks;
    int provisional = 0, count = 0;
    for (int row = 0; row < m_steps->rowCount(); ++row) {
        const bs::HistoryStep *step = m_steps->step(row);
        if (!step->isChangePoint())
            continue;
        provisional += step->provisional ? 1 : 0;
        if (++count > kListedChangePoints)
            continue;
        const QModelIndex index = m_steps->index(row, HistoryStepsModel::Series);
        marks << QStringLiteral("<b>%1</b> %2 at %3").arg(m_steps->index(row, HistoryStepsModel::Verdict).data().toString().toHtmlEscaped(),
                                                          index.data().toString().toHtmlEscaped(),
                                                          m_steps->index(row, HistoryStepsModel::Step).data().toString().toHtmlEscaped());
    }
    if (count > kListedChangePoints)
        marks << QStringLiteral("%1 more in the Steps table").arg(count - kListedChangePoints);
    QString text = marks.isEmpty() ? QStringLiteral("No change point established in the series shown.")
                                   : QStringLiteral("%1 change point%2: ").arg(count).arg(count == 1 ? QString() : QStringLiteral("s"))
            + marks.join(QStringLiteral("; ")) + QLatin1Char('.');
    if (provisional > 0)
        text += QStringLiteral(" A change near the end of the series needs more revisions to confirm.");
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setText(text);
    m_summary->setToolTip(QStringLiteral("Each step compares the revisions pooled on either side of it (ranges apart, "
                                         "Mann–Whitney p ≤ 0.05, at least the minimum change); the Steps table says why "
                                         "the others establish nothing. Click a step for its diff."));
}

void HistoryPage::openStep(const QModelIndex &index)
{
    const bs::HistoryStep *step = m_steps->step(index.row());
    const auto history = m_model->history();
    if (!step || !history || !m_model->metric())
        return;
    const auto &revisions = history->revisions();
    emit diffRequested(m_captures[revisions[step->from].input], m_captures[revisions[step->to].input],
                       qs(m_model->metric()->id));
}

QChart *HistoryPage::exportableChart() const
{
    return m_chart;
}

QTableView *HistoryPage::exportableTable() const
{
    return m_tabs->currentWidget() == m_valuesTable ? static_cast<QTableView *>(m_valuesTable) : m_stepsTable;
}

QString HistoryPage::exportableTableTitle() const
{
    const bs::Metric *metric = m_model->metric();
    return title() + QStringLiteral(" — ") + (m_tabs->currentWidget() == m_valuesTable ? QStringLiteral("values") : QStringLiteral("steps"))
        + (metric ? QStringLiteral(" of ") + qs(metric->label) : QString());
}
