#include "capturepage.h"

#include "allcaseswidget.h"
#include "boldlabel.h"
#include "capturename.h"
#include "capturereader.h"
#include "capturetables.h"
#include "casegroupwidget.h"
#include "casetablemodel.h"
#include "benchchart.h"
#include "chartpanel.h"
#include "participantfilterproxy.h"
#include "plaintooltip.h"
#include "provenancepanel.h"
#include "repetitionsmodel.h"
#include "resulttableview.h"
#include "shorttext.h"
#include "tableroles.h"
#include "wrappinglabel.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int kShownRepetitions = 10; // rows the Repetitions pane makes room for
constexpr int kHeadingName = 80;      // characters of a name in the one-line Repetitions heading
} // namespace

CapturePage::CapturePage(std::shared_ptr<const bs::Capture> capture, QWidget *parent)
    : Page(parent)
    , m_capture(std::move(capture))
    , m_filter(new QLineEdit(this))
    , m_tabs(new QTabWidget(this))
    , m_allCases(new AllCasesWidget(m_capture, this))
    , m_provenance(new ProvenancePanel(*m_capture, this))
    , m_repetitions(new RepetitionsModel(m_capture, this))
    , m_repetitionsProxy(new ParticipantFilterProxy(this))
    , m_repetitionsTable(new ResultTableView(this))
    , m_repetitionsTitle(new WrappingLabel(this))
    , m_sides(new QSplitter(Qt::Horizontal, this))
{
    m_filter->setPlaceholderText(QStringLiteral("Filter participants, runtimes, tags (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMinimumWidth(260);
    connect(m_filter, &QLineEdit::textChanged, this, &CapturePage::setFilterText);

    addTabs();
    addChartsTab();
    connect(m_tabs, &QTabWidget::currentChanged, this, &CapturePage::followCurrentCell);

    auto *bar = new QHBoxLayout;
    bar->addWidget(makeHeading(), 1);
    bar->addWidget(m_filter);
    bar->addWidget(makeColumnsButton());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addLayout(bar);
    layout->addWidget(makeSides(), 1);

    // Start on the first cell, so the pane shows what a repetition looks
    // like before anything is clicked.
    followCurrentCell();
}

QLabel *CapturePage::makeHeading()
{
    m_heading = new WrappingLabel(this);
    m_heading->setObjectName(QStringLiteral("heading"));
    m_heading->setTextFormat(Qt::PlainText); // the capture's names, never read as rich text
    BoldLabel::embolden(m_heading, 1.15);
    m_heading->setToolTip(PlainToolTip::of(path()));
    showHeading();
    return m_heading;
}

void CapturePage::showHeading()
{
    QString text = ShortText::elided(title());
    if (m_baseline)
        text += QStringLiteral("  ★ baseline of its suite");
    if (bs::CaptureReader::summaryOnly(*m_capture))
        text += QStringLiteral("  — stored summaries only: repetitions unavailable (raw file missing)");
    m_heading->setText(text);
}

void CapturePage::setBaseline(bool baseline)
{
    if (baseline == m_baseline)
        return;
    m_baseline = baseline;
    showHeading();
}

// The tabs over the Repetitions pane, beside the provenance panel (which
// keeps its width when the window grows).
QSplitter *CapturePage::makeSides()
{
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(m_tabs);
    vertical->addWidget(makeRepetitionsBox());
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 0);
    vertical->setChildrenCollapsible(false);
    vertical->setSizes({QWIDGETSIZE_MAX, 0}); // the pane at the height it makes room for, the tabs the rest

    m_sides->addWidget(vertical);
    m_sides->addWidget(m_provenance);
    m_sides->setStretchFactor(0, 1);
    m_sides->setStretchFactor(1, 0);
    m_sides->setChildrenCollapsible(false);
    setProvenanceWidth(m_provenanceWidth);
    connect(m_sides, &QSplitter::splitterMoved, this, [this] {
        m_provenanceWidth = m_sides->sizes().value(1);
        emit provenanceWidthChanged(m_provenanceWidth);
    });
    return m_sides;
}

void CapturePage::addTabs()
{
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_allCases, QStringLiteral("All cases"));
    m_tabs->setTabToolTip(0, QStringLiteral("Every case for one metric"));
    m_proxies.push_back(m_allCases->proxy());
    watchSelection(m_allCases->table());
    for (const std::string &group : m_capture->caseGroups()) {
        auto *widget = new CaseGroupWidget(m_capture, group, this);
        QStringList cases;
        for (const bs::CaseInfo &k : m_capture->cases)
            if (k.group == group)
                cases << QString::fromStdString(k.label);
        const QString name = group.empty() ? (cases.size() == 1 ? cases.front() : QStringLiteral("Cases"))
                                           : QString::fromStdString(group);
        const int tab = m_tabs->addTab(widget, ShortText::elided(name, 60));
        m_tabs->setTabToolTip(tab, PlainToolTip::of(cases.join(QLatin1Char('\n'))));
        m_groups.push_back(widget);
        for (ParticipantFilterProxy *proxy : widget->proxies())
            m_proxies.push_back(proxy);
        for (ResultTableView *table : widget->tables())
            watchSelection(table);
    }
    for (ResultTableView *table : allTables())
        if (table != m_repetitionsTable)
            table->setHideEmptyColumns(true);
}

void CapturePage::addChartsTab()
{
    // Charts read the proxies of the tables above, so they show who the
    // tables show; a selected cell brings its case into the chart.
    m_charts = new ChartPanel(
        m_capture,
        [this](const std::string &caseId) -> QAbstractItemModel * {
            for (CaseGroupWidget *group : m_groups)
                for (std::size_t i = 0; i < group->models().size(); ++i)
                    if (group->models()[i]->caseId() == caseId)
                        return group->proxies()[i];
            return nullptr;
        },
        m_allCases->proxy(), this);
    const int chartsTab = m_tabs->addTab(m_charts, QStringLiteral("Charts"));
    m_tabs->setTabToolTip(chartsTab, QStringLiteral("Range plot, box plot, bars across cases, latency percentiles"));
    connect(this, &CapturePage::resultSelected, m_charts,
            [this](const QString &, const QString &caseId) { m_charts->setCase(caseId); });
}

QWidget *CapturePage::makeRepetitionsBox()
{
    m_repetitionsProxy->setSourceModel(m_repetitions);
    m_repetitionsTable->setModel(m_repetitionsProxy);
    BoldLabel::embolden(m_repetitionsTitle);
    m_repetitionsTitle->setTextFormat(Qt::PlainText); // a participant named <img src=...> is text
    connect(m_repetitionsTable, &ResultTableView::metricVisibilityChanged, this, &CapturePage::setMetricVisible);
    // Room for every repetition up to ten, so the ★ row is seen.
    std::size_t most = 1;
    for (const bs::Result &r : m_capture->results)
        most = std::max(most, r.repetitions.size());
    const int rows = int(std::min<std::size_t>(most, kShownRepetitions));
    // The header counts as a row: it has no sections yet to measure.
    m_repetitionsTable->setMinimumHeight((rows + 1) * m_repetitionsTable->verticalHeader()->defaultSectionSize()
                                         + m_repetitionsTable->horizontalScrollBar()->sizeHint().height()
                                         + 2 * m_repetitionsTable->frameWidth());

    auto *box = new QWidget(this);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_repetitionsTitle);
    layout->addWidget(m_repetitionsTable, 1);
    return box;
}

QString CapturePage::path() const
{
    return QString::fromStdString(m_capture->sourcePath);
}

QString CapturePage::title() const
{
    return QString::fromStdString(bs::CaptureName::title(*m_capture));
}

void CapturePage::watchSelection(ResultTableView *table)
{
    connect(table->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        const QString participant = current.data(TableRole::ParticipantIdRole).toString();
        const QString caseId = current.data(TableRole::CaseIdRole).toString();
        if (!participant.isEmpty() && !caseId.isEmpty())
            showRepetitions(participant, caseId);
    });
    connect(table, &ResultTableView::metricVisibilityChanged, this, &CapturePage::setMetricVisible);
}

void CapturePage::showRepetitions(const QString &participantId, const QString &caseId)
{
    m_repetitions->setResult(participantId.toStdString(), caseId.toStdString());
    const bs::Participant *p = m_capture->participant(participantId.toStdString());
    const bs::CaseInfo *k = m_capture->caseInfo(caseId.toStdString());
    QString text = QStringLiteral("Repetitions — %1 · %2")
                       .arg(ShortText::elided(p ? QString::fromStdString(p->label) : participantId, kHeadingName),
                            ShortText::elided(k ? QString::fromStdString(k->label) : caseId, kHeadingName));
    const bs::Result *r = m_repetitions->result();
    if (!r)
        text += QStringLiteral(" (no result recorded)");
    else if (bs::CaptureReader::summaryOnly(*m_capture))
        text += QStringLiteral(" (unavailable: summary only, its raw-repetitions file is missing)");
    else if (r->repetitions.empty() && !r->once.empty())
        text += QStringLiteral(" (none: its figures were measured once for the whole result)");
    else if (r->repetitions.empty())
        text += QStringLiteral(" (none: ") + QString::fromUtf8(bs::statusName(r->status))
            + (r->reason.empty() ? QString() : QStringLiteral(" — ") + ShortText::elided(r->reason)) + QLatin1Char(')');
    else
        text += QStringLiteral("  ★ marks the representative repetition");
    m_repetitionsTitle->setText(text);
    m_repetitionsTable->setHiddenMetrics(m_hiddenMetrics);
    m_repetitionsTable->fitColumns();
    if (r && r->representative >= 0)
        m_repetitionsTable->scrollTo(m_repetitionsProxy->mapFromSource(m_repetitions->index(r->representative, 0)));
    emit resultSelected(participantId, caseId);
}

void CapturePage::clearRepetitions()
{
    m_repetitions->setResult({}, {});
    m_repetitionsTitle->setText(QStringLiteral("Repetitions — select a cell to see its repetitions"));
}

void CapturePage::followCurrentCell()
{
    const std::vector<ResultTableView *> tables = tablesOf(m_tabs->currentWidget());
    if (tables.empty())
        return; // the Charts tab shows the chosen case: keep it
    // A tab shown for the first time starts on its first cell.
    if (m_visitedTabs.insert(m_tabs->currentWidget()).second) {
        ResultTableView *first = tables.front();
        if (first->model()->rowCount() > 0 && first->model()->columnCount() > 1 && !first->currentIndex().isValid())
            first->setCurrentIndex(first->model()->index(0, 1));
    }
    for (ResultTableView *table : tables) {
        const QModelIndex current = table->currentIndex();
        const QString participant = current.data(TableRole::ParticipantIdRole).toString();
        const QString caseId = current.data(TableRole::CaseIdRole).toString();
        if (!participant.isEmpty() && !caseId.isEmpty()) {
            showRepetitions(participant, caseId);
            return;
        }
    }
    clearRepetitions();
}

std::vector<ResultTableView *> CapturePage::tablesOf(QWidget *tab) const
{
    if (tab == m_allCases)
        return {m_allCases->table()};
    for (CaseGroupWidget *group : m_groups)
        if (tab == group)
            return group->tables();
    return {};
}

QToolButton *CapturePage::makeColumnsButton()
{
    auto *button = new QToolButton(this);
    button->setText(QStringLiteral("Columns"));
    button->setToolTip(QStringLiteral("Show or hide metric columns"));
    button->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(button);
    for (const bs::Metric &m : bs::CaptureTables::tableMetrics(*m_capture)) {
        QAction *action = menu->addAction(QString::fromStdString(m.label));
        action->setCheckable(true);
        action->setChecked(true);
        action->setData(QString::fromStdString(m.id));
        connect(action, &QAction::toggled, this, [this, id = QString::fromStdString(m.id)](bool on) { setMetricVisible(id, on); });
    }
    menu->addSeparator();
    QAction *empty = menu->addAction(QStringLiteral("Show Columns &Without Values"));
    empty->setCheckable(true);
    empty->setToolTip(QStringLiteral("Metrics no row shown has a value for (all n/a) are hidden until shown here"));
    connect(empty, &QAction::toggled, this, &CapturePage::setEmptyColumnsShown);
    // Keep the menu's ticks in step with hiding from a header's menu.
    connect(menu, &QMenu::aboutToShow, this, [this, menu, empty] {
        for (QAction *action : menu->actions()) {
            const QSignalBlocker block(action);
            if (action == empty)
                action->setChecked(m_emptyColumnsShown);
            else if (!action->isSeparator())
                action->setChecked(!m_hiddenMetrics.contains(action->data().toString()));
        }
    });
    button->setMenu(menu);
    return button;
}

void CapturePage::setMetricVisible(const QString &metricId, bool visible)
{
    if (visible)
        m_hiddenMetrics.remove(metricId);
    else
        m_hiddenMetrics.insert(metricId);
    for (ResultTableView *table : allTables())
        table->setHiddenMetrics(m_hiddenMetrics);
}

void CapturePage::setEmptyColumnsShown(bool shown)
{
    m_emptyColumnsShown = shown;
    for (ResultTableView *table : allTables())
        if (table != m_repetitionsTable)
            table->setHideEmptyColumns(!shown);
}

void CapturePage::setFilterText(const QString &text)
{
    if (m_filter->text() != text)
        m_filter->setText(text); // comes back here through textChanged
    for (ParticipantFilterProxy *proxy : m_proxies)
        proxy->setFilterText(text);
    for (CaseGroupWidget *group : m_groups)
        for (ResultTableView *table : group->tables())
            table->updateGeometry();
    followCurrentCell();
}

int CapturePage::provenanceWidth() const
{
    return m_provenanceWidth;
}

void CapturePage::setProvenanceWidth(int width)
{
    // The splitter lays a new page out at the panel's size hint; later the
    // tables take what the window gains (the panel does not stretch).
    m_provenanceWidth = width;
    m_provenance->setPreferredWidth(width);
    if (m_sides->isVisible())
        m_sides->setSizes({std::max(m_sides->width() - width, 1), width});
}

void CapturePage::focusFilter()
{
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void CapturePage::nextTab()
{
    m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count());
}

void CapturePage::previousTab()
{
    m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
}

std::vector<ResultTableView *> CapturePage::allTables() const
{
    std::vector<ResultTableView *> tables{m_allCases->table()};
    for (CaseGroupWidget *group : m_groups)
        tables.insert(tables.end(), group->tables().begin(), group->tables().end());
    tables.push_back(m_repetitionsTable);
    return tables;
}

ResultTableView *CapturePage::currentTable() const
{
    for (ResultTableView *table : allTables())
        if (table->hasFocus())
            return table;
    if (m_tabs->currentWidget() == m_allCases)
        return m_allCases->table();
    for (CaseGroupWidget *group : m_groups)
        if (m_tabs->currentWidget() == group && !group->tables().empty())
            return group->tables().front();
    return nullptr;
}

QChart *CapturePage::exportableChart() const
{
    return m_tabs->currentWidget() == m_charts ? m_charts->chart() : nullptr;
}

QTableView *CapturePage::exportableTable() const
{
    return currentTable();
}

QString CapturePage::exportableTableTitle() const
{
    return currentTable() == m_allCases->table() ? m_allCases->title() : QString();
}
