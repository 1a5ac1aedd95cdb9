#include "runpage.h"

#include "liveratechart.h"

#include <QChartView>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {

using Kind = bs::ProgressEvent::Kind;

QString clock(double seconds)
{
    const int s = int(std::lround(std::max(0.0, seconds)));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QStandardItem *item(const QString &text, Qt::Alignment alignment = Qt::AlignLeft)
{
    auto *i = new QStandardItem(text);
    i->setEditable(false);
    i->setTextAlignment(alignment | Qt::AlignVCenter);
    return i;
}

QTableView *tableFor(QStandardItemModel *model, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setModel(model);
    view->verticalHeader()->hide();
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->setWordWrap(false);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    return view;
}

} // namespace

RunPage::RunPage(QWidget *parent)
    : Page(parent)
    , m_title(new QLabel(this))
    , m_command(new QLabel(this))
    , m_phase(new QLabel(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_time(new QLabel(this))
    , m_cancel(new QPushButton(QStringLiteral("Cancel Run"), this))
    , m_chart(new LiveRateChart)
    , m_repetitions(new QStandardItemModel(0, 7, this))
    , m_contracts(new QStandardItemModel(0, 5, this))
    , m_repetitionsView(tableFor(m_repetitions, this))
    , m_contractsView(tableFor(m_contracts, this))
    , m_log(new QPlainTextEdit(this))
{
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setWordWrap(true);
    m_command->setStyleSheet(QStringLiteral("font-family: monospace; color: palette(mid);"));
    m_phase->setStyleSheet(QStringLiteral("font-size: 14px; font-weight: 600;"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cancel->setToolTip(QStringLiteral("Stop the runner as Ctrl-C does: completed repetitions are kept in a partial capture"));
    connect(m_cancel, &QPushButton::clicked, this, &RunPage::cancelRequested);

    auto *chartView = new QChartView(m_chart, this);
    chartView->setRenderHint(QPainter::Antialiasing);
    chartView->setMinimumHeight(220);

    m_repetitions->setHorizontalHeaderLabels({QStringLiteral("Participant"), QStringLiteral("Case"), QStringLiteral("Rep."),
                                              QStringLiteral("Req/s"), QStringLiteral("p99"), QStringLiteral("Errors"),
                                              QStringLiteral("Behind rate")});
    m_contracts->setHorizontalHeaderLabels({QStringLiteral("Participant"), QStringLiteral("Case"), QStringLiteral("Contract"),
                                            QStringLiteral("Expected"), QStringLiteral("Actual")});
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setStyleSheet(QStringLiteral("font-family: monospace;"));

    auto *tables = new QSplitter(Qt::Horizontal, this);
    tables->addWidget(m_repetitionsView);
    tables->addWidget(m_contractsView);
    tables->setStretchFactor(0, 3);
    tables->setStretchFactor(1, 2);
    auto *body = new QSplitter(Qt::Vertical, this);
    body->addWidget(chartView);
    body->addWidget(tables);
    body->addWidget(m_log);
    body->setSizes({300, 260, 140});

    auto *progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_time);
    progressRow->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_command);
    layout->addWidget(m_phase);
    layout->addLayout(progressRow);
    layout->addWidget(m_status);
    layout->addWidget(body, 1);
    setRunning(false);
}

QString RunPage::title() const
{
    return m_runTitle.isEmpty() ? QStringLiteral("Run") : QStringLiteral("Run: ") + m_runTitle;
}

void RunPage::begin(const QString &title, const QString &commandLine)
{
    m_runTitle = title;
    emit titleChanged();
    m_title->setText(QStringLiteral("<h3>%1</h3>").arg(title.toHtmlEscaped()));
    m_command->setText(commandLine);
    m_status->clear();
    m_log->clear();
    m_repetitions->removeRows(0, m_repetitions->rowCount());
    m_contracts->removeRows(0, m_contracts->rowCount());
    m_chart->clear();
    m_plannedSeconds = m_doneSeconds = m_currentSeconds = m_pendingWarmup = m_repetitionSeconds = m_plannedWarmup = 0;
    m_plannedSteps = m_doneSteps = m_plannedRepetitions = 0;
    m_elapsed = 0;
    setPhase(QStringLiteral("Starting benchscope-run…"));
    m_progress->setRange(0, 0);
    setRunning(true);
}

void RunPage::setRunning(bool running)
{
    m_cancel->setEnabled(running);
}

void RunPage::apply(const bs::ProgressEvent &e, double atSeconds)
{
    const QString who = QString::fromStdString(e.participant);
    const QString what = QString::fromStdString(e.caseId);
    switch (e.kind) {
    case Kind::Plan:
        m_plannedSeconds = e.estimatedSeconds;
        m_plannedSteps = e.steps;
        m_plannedRepetitions = e.repetitions;
        m_repetitionSeconds = e.durationSeconds;
        m_plannedWarmup = e.warmupSeconds;
        m_progress->setRange(0, 1000);
        setPhase(QStringLiteral("Plan: %1 participants × %2 cases, %3 repetitions of %4 s")
                     .arg(e.participants.size()).arg(e.cases.size()).arg(e.repetitions).arg(e.durationSeconds));
        break;
    case Kind::Start:
        setPhase(QStringLiteral("Starting %1").arg(who));
        break;
    case Kind::Ready:
        setPhase(e.startupSeconds ? QStringLiteral("%1 ready after %2 ms").arg(who, number(*e.startupSeconds * 1000, 1))
                                  : QStringLiteral("%1 ready").arg(who));
        break;
    case Kind::Contract:
        setPhase(QStringLiteral("Checking the contract: %1 · %2").arg(who, what));
        addContract(e);
        break;
    case Kind::Warmup:
        setPhase(QStringLiteral("Warming up: %1 · %2 (%3 s)").arg(who, what, number(e.durationSeconds, 1)));
        m_pendingWarmup = e.durationSeconds;
        m_currentSeconds = 0;
        break;
    case Kind::Run:
        setPhase(QStringLiteral("Measuring: %1 · %2 · repetition %3 of %4").arg(who, what).arg(e.repetition).arg(e.repetitions)
                 + (e.engine == "locust" ? QStringLiteral(" · Locust, %1 workers connected").arg(e.workers) : QString()));
        m_doneSeconds += std::exchange(m_pendingWarmup, 0.0);
        m_currentSeconds = e.elapsedSeconds;
        addRate(e, atSeconds);
        break;
    case Kind::Repetition:
        setPhase(QStringLiteral("Measured: %1 · %2 · repetition %3 of %4").arg(who, what).arg(e.repetition).arg(e.repetitions));
        m_doneSeconds += std::exchange(m_pendingWarmup, 0.0) + (e.wallTimeSeconds ? 0.0 : m_repetitionSeconds);
        m_currentSeconds = 0;
        ++m_doneSteps;
        addRepetition(e);
        if (e.rps)
            addRate(e, atSeconds);
        break;
    case Kind::Stop:
        setPhase(QStringLiteral("Stopped %1").arg(who));
        break;
    case Kind::Error:
        appendLog(QStringLiteral("error: ") + QString::fromStdString(e.message));
        break;
    case Kind::Log:
        appendLog(QString::fromStdString(e.message));
        break;
    case Kind::Done:
        setPhase(e.complete ? QStringLiteral("Done") : QStringLiteral("Done: partial capture"));
        m_doneSeconds = m_plannedSeconds;
        m_doneSteps = m_plannedSteps;
        break;
    case Kind::Malformed:
    case Kind::Truncated:
        break;
    }
    updateProgress();
}

void RunPage::addRepetition(const bs::ProgressEvent &e)
{
    const Qt::Alignment right = Qt::AlignRight;
    QList<QStandardItem *> row {item(QString::fromStdString(e.participant)), item(QString::fromStdString(e.caseId)),
                                item(QStringLiteral("%1 of %2").arg(e.repetition).arg(e.repetitions), right)};
    if (e.wallTimeSeconds) {
        row << item(QStringLiteral("%1 s wall").arg(number(*e.wallTimeSeconds, 3)), right) << item({}) << item({}) << item({});
    } else {
        row << item(e.rps ? number(*e.rps, 0) : QString(), right)
            << item(e.latencyP99Seconds ? QStringLiteral("%1 ms").arg(number(*e.latencyP99Seconds * 1000, 2)) : QString(), right)
            << item(e.errors ? number(*e.errors, 0) : QString(), right)
            << item(e.behindRate ? QStringLiteral("behind") : QString());
    }
    m_repetitions->appendRow(row);
    m_repetitionsView->resizeColumnsToContents();
    m_repetitionsView->scrollToBottom();
}

void RunPage::addContract(const bs::ProgressEvent &e)
{
    auto *result = item(e.passed ? QStringLiteral("passed") : QStringLiteral("failed: %1").arg(QString::fromStdString(e.what)));
    result->setForeground(e.passed ? QColor(0x2e7d32) : QColor(0xc62828));
    m_contracts->appendRow({item(QString::fromStdString(e.participant)), item(QString::fromStdString(e.caseId)), result,
                            item(QString::fromStdString(e.expected)), item(QString::fromStdString(e.actual))});
    m_contractsView->resizeColumnsToContents();
    if (!e.passed)
        m_doneSeconds += m_plannedWarmup + m_plannedRepetitions * m_repetitionSeconds;
}

void RunPage::addRate(const bs::ProgressEvent &e, double atSeconds)
{
    m_chart->add(e.participant, e.caseId, atSeconds, *e.rps);
}

int RunPage::liveSeriesCount() const
{
    return m_chart->lineCount();
}

void RunPage::setElapsed(double seconds)
{
    m_elapsed = seconds;
    updateProgress();
}

void RunPage::updateProgress()
{
    double fraction = -1;
    double remaining = -1;
    if (m_plannedSeconds > 0) {
        const double done = std::min(m_plannedSeconds, m_doneSeconds + m_currentSeconds);
        fraction = done / m_plannedSeconds;
        remaining = m_plannedSeconds - done;
    } else if (m_plannedSteps > 0) {
        fraction = std::min(1.0, double(m_doneSteps) / m_plannedSteps);
        if (m_doneSteps > 0)
            remaining = m_elapsed / m_doneSteps * (m_plannedSteps - std::min(m_doneSteps, m_plannedSteps));
    }
    if (fraction >= 0 && m_progress->maximum() > 0)
        m_progress->setValue(int(std::lround(fraction * 1000)));
    QString text = QStringLiteral("elapsed %1").arg(clock(m_elapsed));
    if (remaining >= 0)
        text += QStringLiteral(" · about %1 left").arg(clock(remaining));
    m_time->setText(text);
}

void RunPage::appendLog(const QString &line)
{
    m_log->appendPlainText(line);
    m_log->verticalScrollBar()->setValue(m_log->verticalScrollBar()->maximum());
}

void RunPage::finish(const QString &summary, bool ok)
{
    setRunning(false);
    if (m_progress->maximum() == 0)
        m_progress->setRange(0, 1000);
    m_status->setStyleSheet(ok ? QString() : QStringLiteral("color: #c62828;"));
    m_status->setText(summary);
    updateProgress();
}

void RunPage::setPhase(const QString &text)
{
    m_phase->setText(text);
}

QString RunPage::phaseText() const
{
    return m_phase->text();
}

QString RunPage::statusText() const
{
    return m_status->text();
}

QString RunPage::logText() const
{
    return m_log->toPlainText();
}

int RunPage::progressValue() const
{
    return m_progress->value();
}
