#include "historypage.h"

#include "asynccaptureloader.h"
#include "boldlabel.h"
#include "capturelistmodel.h"
#include "capturename.h"
#include "historychart.h"
#include "historymodel.h"
#include "historyscan.h"
#include "historystepsmodel.h"
#include "historystepspanel.h"
#include "plaintooltip.h"
#include "qs.h"
#include "shorttext.h"
#include "resulttableview.h"
#include "wrappinglabel.h"

#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>
#include <set>

namespace {

constexpr int kListedChangePoints = 3; // in the summary line; the Steps table has all
constexpr int kMostFittedColumns = 200; // of the Values table

std::vector<const bs::Capture *> raw(const std::vector<HistoryPage::CapturePtr> &captures)
{
    std::vector<const bs::Capture *> list;
    for (const auto &c : captures)
        list.push_back(c.get());
    return list;
}

} // namespace

HistoryPage::HistoryPage(std::vector<CapturePtr> captures, QWidget *parent)
    : HistoryPage(parent)
{
    setCaptures(std::move(captures));
}

HistoryPage::HistoryPage(const QStringList &paths, QWidget *parent)
    : HistoryPage(parent)
{
    m_source = paths.size() == 1 ? QFileInfo(QDir::cleanPath(paths.front())).fileName()
                                 : QStringLiteral("%1 files and folders").arg(paths.size());
    m_scan = new HistoryScan(this);
    m_stepLoader = new AsyncCaptureLoader(this);
    connect(m_scan, &HistoryScan::progressed, this, &HistoryPage::showScanProgress);
    connect(m_scan, &HistoryScan::finished, this, &HistoryPage::onScanned);
    m_scanText = QStringLiteral("Reading the captures of %1…").arg(m_source);
    m_scanStatus->setText(m_scanText);
    m_scanStatus->show();
    m_scanProgress->setRange(0, 0);
    m_scanProgress->show();
    m_chart->setMessage(m_scanText);
    m_summary->setText(QStringLiteral("Reading the captures…"));
    m_heading->setText(title());
    m_scan->start(paths);
}

HistoryPage::HistoryPage(QWidget *parent)
    : Page(parent)
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
    , m_orderNote(new WrappingLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_stepsPanel(new HistoryStepsPanel(m_steps, this))
    , m_valuesTable(new ResultTableView(this))
    , m_scanStatus(new WrappingLabel(this))
    , m_scanProgress(new QProgressBar(this))
{
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextFormat(Qt::RichText); // its parts from files escaped
    m_heading->setObjectName(QStringLiteral("heading"));
    m_heading->setTextFormat(Qt::PlainText);
    m_orderNote->setObjectName(QStringLiteral("orderNote"));
    m_orderNote->setTextFormat(Qt::PlainText);
    m_orderNote->hide();
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
    layout->addLayout(makeScanLine());
    layout->addWidget(m_summary);
    layout->addWidget(m_orderNote);
    layout->addWidget(sides, 1);

    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, this, &HistoryPage::closeRequested);
    escape->setContext(Qt::WidgetWithChildrenShortcut);
    connect(&m_watcher, &QFutureWatcher<Built>::finished, this, &HistoryPage::onBuilt);
    connect(m_chart, &HistoryChart::stepClicked, this, &HistoryPage::openStep);
    connect(m_stepsPanel, &HistoryStepsPanel::stepActivated, this, &HistoryPage::openStep);
}

QLayout *HistoryPage::makeBars()
{
    BoldLabel::embolden(m_heading, 1.15);
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
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Metric"), m_metricPicker, this));
    bar->addWidget(m_metricPicker);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Participant"), m_participantPicker, this));
    bar->addWidget(m_participantPicker);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("C&ase"), m_casePicker, this));
    bar->addWidget(m_casePicker);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("&Tag"), m_tagPicker, this));
    bar->addWidget(m_tagPicker);
    bar->addWidget(BoldLabel::forBuddy(QStringLiteral("Mi&nimum change"), m_minChange, this));
    bar->addWidget(m_minChange);
    bar->addStretch(1);
    auto *bars = new QVBoxLayout;
    bars->addLayout(head);
    bars->addLayout(bar);
    return bars;
}

QLayout *HistoryPage::makeScanLine()
{
    m_scanStatus->setObjectName(QStringLiteral("scanStatus"));
    m_scanStatus->setTextFormat(Qt::PlainText);
    m_scanProgress->setObjectName(QStringLiteral("scanProgress"));
    m_scanProgress->setMaximumWidth(240);
    m_scanStatus->hide();
    m_scanProgress->hide();
    auto *line = new QHBoxLayout;
    line->addWidget(m_scanStatus, 1);
    line->addWidget(m_scanProgress);
    return line;
}

void HistoryPage::showScanProgress(const bs::IndexedLoad::Progress &p)
{
    m_scanProgress->setRange(0, int(p.total));
    m_scanProgress->setValue(int(p.done));
    QString text = QStringLiteral("Reading the captures of %1: %2 of %3").arg(m_source).arg(p.done).arg(p.total);
    if (p.fromFiles > 0)
        text += QStringLiteral(" (%1 from their files, indexing them), about %2 s left")
                    .arg(p.fromFiles)
                    .arg(std::lround(p.secondsLeft()));
    m_scanText = text + QStringLiteral("…");
    m_scanStatus->setText(m_scanText);
    m_chart->setMessage(m_scanText);
}

// How the scan went, in the scan line: from the index, from the files (the
// first scan, and how long it took) or both; or the file that failed.
void HistoryPage::onScanned()
{
    m_scanProgress->hide();
    const HistoryScan::Result &r = m_scan->result();
    const bs::IndexedLoad::Progress &p = r.outcome.progress;
    if (r.outcome.error) {
        m_scanText = QStringLiteral("No history of %1: %2").arg(m_source, qs(r.outcome.error->toString()));
        m_scanStatus->setText(m_scanText);
        m_summary->setText(QStringLiteral("No history: a capture could not be read (above)."));
        m_chart->setMessage(QStringLiteral("No history: a capture could not be read."));
        m_heading->setText(title());
        emit titleChanged();
        emit ready();
        return;
    }
    // A scan of a few files says "under 0.1 s", never "0.0 s".
    const QString seconds = p.seconds < 0.05 ? QStringLiteral("under 0.1")
                                             : QString::number(p.seconds, 'f', p.seconds < 10 ? 1 : 0);
    const QString index = qs(r.outcome.indexFile);
    if (p.fromFiles == 0)
        m_scanText = QStringLiteral("Read %1 captures of %2 from the summary index in %3 s.").arg(p.total).arg(m_source, seconds);
    else if (p.fromFiles == p.total)
        m_scanText = QStringLiteral("Read %1 captures of %2 from their files in %3 s%4.")
                         .arg(p.total)
                         .arg(m_source, seconds,
                              index.isEmpty() ? QStringLiteral(" (no summary index)")
                                              : QStringLiteral("; the next opening reads the summary index"));
    else
        m_scanText = QStringLiteral("Read %1 captures of %2 in %3 s: %4 from the summary index, %5 from their files (new or changed).")
                         .arg(p.total)
                         .arg(m_source, seconds)
                         .arg(p.total - p.fromFiles)
                         .arg(p.fromFiles);
    if (!r.outcome.movedAside.empty())
        m_scanText += QStringLiteral(" The index was not sound: moved aside as %1 and made anew.").arg(qs(r.outcome.movedAside));
    if (!r.outcome.refused.empty())
        m_scanText += QStringLiteral(" The summary index was refused: %1.").arg(qs(r.outcome.refused));
    m_scanStatus->setText(m_scanText);
    m_scanStatus->setToolTip(index.isEmpty() ? QStringLiteral("No summary index (BENCHSCOPE_INDEX=off, or the cache folder cannot be written)")
                                             : QStringLiteral("The summary index: ") + index);
    setCaptures(r.captures);
}

bool HistoryPage::isBusy() const
{
    return m_watcher.isRunning() || (m_scan && m_scan->isRunning());
}

QString HistoryPage::scanStatus() const
{
    return m_scanText;
}

std::vector<HistoryPage::CapturePtr> HistoryPage::reportHistory() const
{
    return holdsSummaries() ? std::vector<CapturePtr>() : m_captures;
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
    layout->addWidget(BoldLabel::forBuddy(QStringLiteral("&Revisions"), m_revisions, box));
    layout->addWidget(m_revisions, 1);
    layout->addLayout(buttons);
    box->setMaximumWidth(260);
    return box;
}

QWidget *HistoryPage::makeTables()
{
    m_valuesTable->setObjectName(QStringLiteral("valuesTable"));
    m_valuesTable->setModel(m_model);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_stepsPanel, QStringLiteral("Steps"));
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
    // The date order left to the history, so it notes what dates cannot order.
    if (m_order != bs::History::dateOrder(raw(m_captures)))
        options.order = m_order;
    options.changePoints = changePointOptions();
    showBuilding();
    // The worker holds the captures, so closing one meanwhile is safe.
    m_watcher.setFuture(QtConcurrent::run([captures = m_captures, options]() -> Built {
        std::string error;
        std::optional<bs::History> history = bs::History::build(raw(captures), options, error);
        if (!history)
            return {nullptr, {}, qs(error)};
        std::vector<const bs::Capture *> ordered;
        for (const bs::HistoryRevision &r : history->revisions())
            ordered.push_back(captures[r.input].get());
        return {std::make_shared<const bs::History>(std::move(*history)), bs::CaptureName::apart(ordered, false), {}};
    }));
}

// While a worker builds: the busy bar, and the chart (with no history yet)
// and summary say what is under way, never that there is no history.
void HistoryPage::showBuilding()
{
    const QString text = QStringLiteral("Finding the change points of %1 revisions…").arg(m_captures.size());
    m_scanProgress->setRange(0, 0);
    m_scanProgress->show();
    m_summary->setText(text);
    m_chart->setMessage(text);
}

bs::ChangePoints::Options HistoryPage::changePointOptions() const
{
    bs::ChangePoints::Options options;
    options.minChangePct = m_minChange->value();
    return options;
}

void HistoryPage::onBuilt()
{
    if (m_building != m_generation) { // asked again meanwhile: this one is stale
        start();
        return;
    }
    const Built built = m_watcher.result();
    m_scanProgress->hide();
    m_model->setHistory(built.history, built.revisionNames);
    // After the history: its chart is drawn on the next turn, and never says "none" meanwhile.
    m_chart->setMessage(built.error.isEmpty() ? QString() : QStringLiteral("No history: ") + built.error);
    fillPickers();
    applyFilter();
    m_heading->setText(title());
    if (!built.error.isEmpty())
        m_summary->setText(QStringLiteral("No history: ") + built.error.toHtmlEscaped());
    const std::vector<std::string> notes = built.history ? built.history->notes() : std::vector<std::string>();
    QStringList noteLines;
    for (const std::string &note : notes)
        noteLines << QStringLiteral("Note: ") + qs(note);
    m_orderNote->setText(noteLines.join(QLatin1Char('\n')));
    m_orderNote->setVisible(!noteLines.isEmpty());
    emit historyChanged();
    emit titleChanged();
    emit ready();
}

QString HistoryPage::title() const
{
    const auto history = m_model->history();
    if (!history)
        return m_source.isEmpty() ? QStringLiteral("History") : QStringLiteral("History: ") + m_source;
    return QStringLiteral("History: %1 (%2 revisions)").arg(qs(history->suite().name())).arg(history->revisions().size());
}

void HistoryPage::showRevisions()
{
    const int current = m_revisions->currentRow();
    m_revisions->clear();
    std::vector<const bs::Capture *> ordered;
    for (std::size_t i : m_order)
        ordered.push_back(m_captures[i].get());
    const std::vector<std::string> names = bs::CaptureName::apart(ordered, true);
    for (std::size_t n = 0; n < ordered.size(); ++n) {
        const bs::Capture &c = *ordered[n];
        auto *item = new QListWidgetItem(qs(names[n]), m_revisions);
        item->setToolTip(PlainToolTip::of(qs(c.sourcePath) + QStringLiteral("\ncaptured ") + qs(c.capturedAt)));
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
            picker->addItem(ShortText::elided(label), qs(id));
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
    // Fitting measures every cell: over thousands of revisions, seconds of
    // formatting; the columns then keep their default width.
    if (m_model->columnCount() <= kMostFittedColumns)
        m_valuesTable->fitColumns();
    m_stepsPanel->fitColumns();
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
    m_summary->setToolTip(QStringLiteral("Change points: PELT cuts each series into segments; a boundary is a change "
                                         "point when the runs either side differ (Mann–Whitney p ≤ alpha after the "
                                         "Benjamini–Hochberg correction over the whole history) by at least the minimum "
                                         "change. The Steps table says why the others are none. Click a step for its diff."));
}

void HistoryPage::openStep(int from, int to)
{
    const auto history = m_model->history();
    const int revisionCount = m_model->revisionCount();
    if (!history || !m_model->metric() || from < 0 || to < 0 || from >= revisionCount || to >= revisionCount)
        return;
    const auto &revisions = history->revisions();
    const CapturePtr &before = m_captures[revisions[std::size_t(from)].input];
    const CapturePtr &after = m_captures[revisions[std::size_t(to)].input];
    if (holdsSummaries())
        loadStep(before, after, qs(m_model->metric()->id));
    else
        emit diffRequested(before, after, qs(m_model->metric()->id));
}

// The Diff page shows what summaries leave out (provenance, histograms,
// errors): the two captures are loaded from their files first.
void HistoryPage::loadStep(const CapturePtr &before, const CapturePtr &after, const QString &metricId)
{
    disconnect(m_stepLoader, nullptr, this, nullptr);
    m_stepLoader->cancel();
    struct Pair {
        int beforeJob = 0;
        CapturePtr before, after;
        QStringList errors;
    };
    auto pair = std::make_shared<Pair>();
    connect(m_stepLoader, &AsyncCaptureLoader::loaded, this, [pair](int job, const QString &, CapturePtr c) {
        (job == pair->beforeJob ? pair->before : pair->after) = std::move(c);
    });
    connect(m_stepLoader, &AsyncCaptureLoader::failed, this, [pair](int, const QString &, const bs::LoadError &e) {
        pair->errors << qs(e.toString());
    });
    connect(m_stepLoader, &AsyncCaptureLoader::idle, this, [this, pair, metricId] {
        disconnect(m_stepLoader, nullptr, this, nullptr);
        m_scanProgress->hide();
        if (!pair->errors.isEmpty() || !pair->before || !pair->after) {
            m_scanStatus->setText(QStringLiteral("No Diff of this step: ") + pair->errors.join(QStringLiteral("; ")));
            return;
        }
        m_scanStatus->setText(m_scanText);
        emit diffRequested(pair->before, pair->after, metricId);
    });
    m_scanStatus->setText(QStringLiteral("Loading %1 and %2 in full for the Diff…")
                              .arg(QFileInfo(qs(before->sourcePath)).fileName(), QFileInfo(qs(after->sourcePath)).fileName()));
    m_scanProgress->setRange(0, 0);
    m_scanProgress->show();
    pair->beforeJob = m_stepLoader->load(qs(before->sourcePath));
    m_stepLoader->load(qs(after->sourcePath));
}

QChart *HistoryPage::exportableChart() const
{
    return m_chart;
}

QTableView *HistoryPage::exportableTable() const
{
    return m_tabs->currentWidget() == m_valuesTable ? static_cast<QTableView *>(m_valuesTable) : m_stepsPanel->table();
}

QString HistoryPage::exportableTableTitle() const
{
    const bs::Metric *metric = m_model->metric();
    return title() + QStringLiteral(" — ") + (m_tabs->currentWidget() == m_valuesTable ? QStringLiteral("values") : QStringLiteral("steps"))
        + (metric ? QStringLiteral(" of ") + qs(metric->label) : QString());
}
