#include "newcapturedialog.h"

#include "capturediff.h"
#include "capturerun.h"
#include "filedialogfolder.h"
#include "mannwhitney.h"
#include "qs.h"
#include "runplan.h"
#include "suitefile.h"
#include "suitetemplates.h"
#include "unitformat.h"

#include <algorithm>

#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSpinBox>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>

namespace {

QString fileSafe(QString text)
{
    text.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    return text.left(40);
}

QString number(double value)
{
    return QString::number(value, 'g', 10);
}

QDoubleSpinBox *seconds(QWidget *parent)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setRange(0, 86400);
    box->setDecimals(3);
    box->setSuffix(QStringLiteral(" s"));
    return box;
}

} // namespace

NewCaptureDialog::NewCaptureDialog(const QStringList &recentSuites, const QStringList &sampleSuites, QWidget *parent)
    : QDialog(parent)
    , m_suite(new QComboBox(this))
    , m_error(new QLabel(this))
    , m_participants(new QListWidget(this))
    , m_cases(new QListWidget(this))
    , m_command(new QPlainTextEdit(this))
    , m_estimate(new QLabel(this))
    , m_out(new QLineEdit(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_git(new QProcess(this))
{
    setWindowTitle(QStringLiteral("New Capture"));
    m_suite->setObjectName(QStringLiteral("suite"));
    // Recent suites first, then the samples; or a path typed in.
    m_suite->setEditable(true);
    m_suite->setInsertPolicy(QComboBox::NoInsert);
    m_suite->lineEdit()->setPlaceholderText(QStringLiteral("a suite file (.json): pick one, type its path or Browse…"));
    for (const QString &path : recentSuites + sampleSuites)
        if (m_suite->findData(QFileInfo(path).absoluteFilePath()) < 0)
            m_suite->addItem(QDir::toNativeSeparators(path), QFileInfo(path).absoluteFilePath());
    auto *browse = new QPushButton(QStringLiteral("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &NewCaptureDialog::browseSuite);
    auto *fromTemplate = new QToolButton(this);
    fromTemplate->setText(QStringLiteral("From Template"));
    fromTemplate->setPopupMode(QToolButton::InstantPopup);
    auto *templates = new QMenu(fromTemplate);
    for (const QString &name : SuiteTemplates::names())
        templates->addAction(name + QStringLiteral("…"), this, [this, name] { newFromTemplate(name); });
    fromTemplate->setMenu(templates);
    auto *suiteRow = new QHBoxLayout;
    suiteRow->addWidget(m_suite, 1);
    suiteRow->addWidget(browse);
    suiteRow->addWidget(fromTemplate);
    m_error->setWordWrap(true);
    m_error->setTextFormat(Qt::PlainText);
    m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *lists = new QHBoxLayout;
    for (auto [list, title] : {std::pair {m_participants, "Participants"}, std::pair {m_cases, "Cases"}}) {
        auto *box = new QGroupBox(QLatin1String(title), this);
        (new QVBoxLayout(box))->addWidget(list);
        lists->addWidget(box, 1); // as wide as their ids, beside the settings
        connect(list, &QListWidget::itemChanged, this, &NewCaptureDialog::update);
    }
    m_participants->setObjectName(QStringLiteral("participants"));
    m_cases->setObjectName(QStringLiteral("cases"));
    auto *settingsBox = new QGroupBox(QStringLiteral("Settings (a changed value overrides the suite file)"), this);
    auto *form = new QFormLayout(settingsBox);
    buildSettings(form);
    lists->addWidget(settingsBox, 2);

    m_command->setReadOnly(true);
    m_command->setObjectName(QStringLiteral("commandLine"));
    m_command->setMaximumHeight(60);
    m_command->setStyleSheet(QStringLiteral("font-family: monospace;"));
    auto *outBrowse = new QPushButton(QStringLiteral("Change…"), this);
    connect(outBrowse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Capture File"), outPath(),
                                                          QStringLiteral("Captures (*.json.gz)"));
        if (!path.isEmpty())
            setOutPath(path);
    });
    connect(m_out, &QLineEdit::textEdited, this, [this] {
        m_outEdited = true;
        update();
    });
    auto *outRow = new QHBoxLayout;
    outRow->addWidget(m_out, 1);
    outRow->addWidget(outBrowse);

    QPushButton *start = m_buttons->addButton(QStringLiteral("Start"), QDialogButtonBox::AcceptRole);
    start->setDefault(true);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(QStringLiteral("Suite file:"), this));
    layout->addLayout(suiteRow);
    layout->addWidget(m_error);
    layout->addLayout(lists, 1);
    layout->addWidget(new QLabel(QStringLiteral("Command line:"), this));
    layout->addWidget(m_command);
    layout->addWidget(m_estimate);
    layout->addWidget(new QLabel(QStringLiteral("Capture file:"), this));
    layout->addLayout(outRow);
    layout->addWidget(m_buttons);

    connect(m_suite, &QComboBox::currentIndexChanged, this, &NewCaptureDialog::loadSuite);
    connect(m_suite->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        // A typed path, shown whole (as the working directory reads it now).
        const QString path = suitePath();
        if (!path.isEmpty() && m_suite->currentText() != m_suite->itemText(m_suite->currentIndex()))
            m_suite->setEditText(QDir::toNativeSeparators(path));
        if (path != m_loadedPath)
            loadSuite();
    });
    connect(m_git, &QProcess::finished, this, [this] {
        const QString revision = QString::fromUtf8(m_git->readAllStandardOutput()).trimmed();
        if (!m_outEdited && m_spec && !revision.isEmpty())
            m_out->setText(defaultOutPath(QString::fromStdString(m_spec->id), revision));
        update();
    });
    resize(900, 620);
    loadSuite();
}

NewCaptureDialog::~NewCaptureDialog()
{
    // A `git describe` still running must not report to a dialog half gone.
    m_git->disconnect(this);
}

void NewCaptureDialog::buildSettings(QFormLayout *form)
{
    QWidget *box = form->parentWidget();
    m_mode = new QComboBox(box);
    m_mode->addItems({QStringLiteral("saturation"), QStringLiteral("fixed-rate")});
    m_rate = new QDoubleSpinBox(box);
    m_rate->setRange(0, 1e9);
    m_rate->setDecimals(0);
    m_rate->setSuffix(QStringLiteral(" req/s"));
    m_connections = new QSpinBox(box);
    m_connections->setRange(1, 100000);
    m_warmup = seconds(box);
    m_duration = seconds(box);
    m_duration->setMinimum(0.001);
    m_repetitions = new QSpinBox(box);
    m_repetitions->setRange(1, 10000);
    m_minimumP = new QLabel(box);
    m_minimumP->setObjectName(QStringLiteral("repetitionsMinimumP"));
    m_minimumP->setWordWrap(true);
    m_runOrder = new QComboBox(box);
    m_runOrder->addItems({QStringLiteral("sequential"), QStringLiteral("abba")});
    m_engine = new QComboBox(box);
    m_engine->addItem(QStringLiteral("benchscope-run (native)"), QStringLiteral("native"));
    m_engine->addItem(QStringLiteral("Locust (master and workers)"), QStringLiteral("locust"));
    m_workers = new QSpinBox(box);
    m_workers->setRange(1, 64);
    m_workers->setSuffix(QStringLiteral(" local workers"));
    m_cpuServer = new QLineEdit(box);
    m_cpuClient = new QLineEdit(box);
    m_cpuServer->setPlaceholderText(QStringLiteral("not pinned"));
    m_cpuClient->setPlaceholderText(QStringLiteral("not pinned"));
    form->addRow(QStringLiteral("Mode"), m_mode);
    form->addRow(QStringLiteral("Rate"), m_rate);
    form->addRow(QStringLiteral("Connections"), m_connections);
    form->addRow(QStringLiteral("Warm-up"), m_warmup);
    form->addRow(QStringLiteral("Duration"), m_duration);
    form->addRow(QStringLiteral("Repetitions"), m_repetitions);
    form->addRow(QString(), m_minimumP); // under the repetitions, wrapped to the column
    form->addRow(QStringLiteral("Run order"), m_runOrder);
    form->addRow(QStringLiteral("Load engine"), m_engine);
    form->addRow(QStringLiteral("Locust workers"), m_workers);
    form->addRow(QStringLiteral("CPU set, servers"), m_cpuServer);
    form->addRow(QStringLiteral("CPU set, client"), m_cpuClient);
    m_duration->setObjectName(QStringLiteral("duration"));
    m_repetitions->setObjectName(QStringLiteral("repetitions"));
    m_warmup->setObjectName(QStringLiteral("warmup"));
    m_engine->setObjectName(QStringLiteral("engine"));
    m_workers->setObjectName(QStringLiteral("locustWorkers"));
    for (QComboBox *c : {m_mode, m_runOrder, m_engine})
        connect(c, &QComboBox::currentIndexChanged, this, &NewCaptureDialog::update);
    for (QDoubleSpinBox *s : {m_rate, m_warmup, m_duration})
        connect(s, &QDoubleSpinBox::valueChanged, this, &NewCaptureDialog::update);
    for (QSpinBox *s : {m_connections, m_repetitions, m_workers})
        connect(s, &QSpinBox::valueChanged, this, &NewCaptureDialog::update);
    connect(m_repetitions, &QSpinBox::valueChanged, this, &NewCaptureDialog::showMinimumP);
    showMinimumP();
    for (QLineEdit *e : {m_cpuServer, m_cpuClient})
        connect(e, &QLineEdit::textChanged, this, &NewCaptureDialog::update);
}

void NewCaptureDialog::setSuite(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    int index = m_suite->findData(absolute);
    if (index < 0) {
        m_suite->insertItem(0, QDir::toNativeSeparators(absolute), absolute);
        index = 0;
    }
    if (index == m_suite->currentIndex())
        loadSuite();
    else
        m_suite->setCurrentIndex(index);
}

QString NewCaptureDialog::suitePath() const
{
    const QString text = m_suite->currentText().trimmed();
    if (m_suite->currentIndex() >= 0 && m_suite->itemText(m_suite->currentIndex()) == m_suite->currentText())
        return m_suite->currentData().toString();
    if (text.isEmpty())
        return {};
    const QString path = text == QStringLiteral("~") || text.startsWith(QStringLiteral("~/"))
        ? QDir::homePath() + text.mid(1)
        : QDir::fromNativeSeparators(text);
    return QFileInfo(path).absoluteFilePath();
}

void NewCaptureDialog::browseSuite()
{
    const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Suite File"),
                                                      FileDialogFolder::start(FileDialogFolder::Kind::Suite),
                                                      QStringLiteral("Suite files (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::Suite, path);
    setSuite(path);
}

void NewCaptureDialog::newFromTemplate(const QString &name)
{
    // Beside the last suite file opened or made, else under the app's data
    // folder (the sample suites may be read-only).
    const QString folder = FileDialogFolder::remembered(FileDialogFolder::Kind::Suite);
    const QString suggested = QDir(folder.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
                                                          + QStringLiteral("/suites")
                                                    : folder)
                                  .filePath(fileSafe(name.toLower()) + QStringLiteral(".json"));
    QDir().mkpath(QFileInfo(suggested).absolutePath());
    const QString path = QFileDialog::getSaveFileName(this, QStringLiteral("Save the New Suite File"), suggested,
                                                      QStringLiteral("Suite files (*.json)"));
    if (path.isEmpty())
        return;
    FileDialogFolder::remember(FileDialogFolder::Kind::Suite, path);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(SuiteTemplates::text(name)) < 0 || !file.commit()) {
        m_error->setText(QStringLiteral("Could not write %1: %2").arg(path, file.errorString()));
        return;
    }
    setSuite(path);
}

void NewCaptureDialog::loadSuite()
{
    m_spec.reset();
    m_error->clear();
    const QString path = m_loadedPath = suitePath();
    const QFileInfo info(path);
    if (!path.isEmpty() && !info.isFile()) {
        m_error->setText(info.isDir() ? QStringLiteral("%1 is a folder: a suite is one .json file in it.").arg(QDir::toNativeSeparators(path))
                                      : QStringLiteral("No suite file at %1: pick one of the list, Browse… or type the path "
                                                       "of a suite file (.json).").arg(QDir::toNativeSeparators(path)));
    } else if (!path.isEmpty()) {
        bs::LoadError error;
        m_spec = bs::SuiteFile::read(path.toStdString(), error);
        if (!m_spec)
            m_error->setText(QStringLiteral("This suite file is not valid: ") + QString::fromStdString(error.toString()));
    }
    fillLists();
    fillSettings();
    if (m_spec && !m_outEdited) {
        const bs::RevisionSpec &r = m_spec->revision;
        const std::string revision = !r.label.empty() ? r.label : r.id.substr(0, 12);
        m_out->setText(defaultOutPath(QString::fromStdString(m_spec->id), QString::fromStdString(revision)));
        lookUpRevision();
    }
    update();
}

void NewCaptureDialog::lookUpRevision()
{
    if (!m_spec->revision.label.empty() || m_spec->revision.gitDirectory.empty())
        return;
    m_git->kill();
    m_git->waitForFinished(100);
    m_git->start(QStringLiteral("git"), {QStringLiteral("-C"), QString::fromStdString(m_spec->revision.gitDirectory),
                                         QStringLiteral("describe"), QStringLiteral("--always"), QStringLiteral("--dirty")});
}

void NewCaptureDialog::fillLists()
{
    m_filling = true;
    m_participants->clear();
    m_cases->clear();
    if (m_spec) {
        auto add = [](QListWidget *list, const std::string &id, const std::string &label) {
            auto *item = new QListWidgetItem(QString::fromStdString(label == id ? id : id + "  (" + label + ")"), list);
            item->setData(Qt::UserRole, QString::fromStdString(id));
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
        };
        for (const bs::ParticipantSpec &p : m_spec->participants)
            add(m_participants, p.id, p.label);
        for (const bs::CaseSpec &c : m_spec->cases)
            add(m_cases, c.id, c.label);
    }
    m_filling = false;
}

void NewCaptureDialog::fillSettings()
{
    m_filling = true;
    const bs::RunSettings s = m_spec ? m_spec->settings : bs::RunSettings();
    m_mode->setCurrentText(QString::fromStdString(s.mode));
    m_rate->setValue(s.rate);
    m_connections->setValue(s.connections);
    m_warmup->setValue(s.warmupSeconds);
    m_duration->setValue(s.durationSeconds);
    m_repetitions->setValue(s.repetitions);
    m_runOrder->setCurrentText(QString::fromStdString(s.runOrder));
    m_engine->setCurrentIndex(m_engine->findData(QString::fromStdString(s.engine)));
    m_workers->setValue(std::max(1, s.locustWorkers));
    m_cpuServer->setText(QString::fromStdString(s.cpuSetServer));
    m_cpuClient->setText(QString::fromStdString(s.cpuSetClient));
    m_filling = false;
}

QStringList NewCaptureDialog::checkedIds(QListWidget *list) const
{
    QStringList ids;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked)
            ids << list->item(i)->data(Qt::UserRole).toString();
    return ids;
}

QStringList NewCaptureDialog::options() const
{
    if (!m_spec)
        return {};
    const bs::RunSettings &s = m_spec->settings;
    QStringList o;
    const bool fixedRate = m_mode->currentText() == QStringLiteral("fixed-rate");
    if (fixedRate && m_rate->value() > 0 && (s.mode != "fixed-rate" || m_rate->value() != s.rate))
        o << QStringLiteral("--rate") << number(m_rate->value());
    else if (!fixedRate && s.mode == "fixed-rate")
        o << QStringLiteral("--rate") << QStringLiteral("0");
    if (m_connections->value() != s.connections)
        o << QStringLiteral("--connections") << QString::number(m_connections->value());
    if (m_warmup->value() != s.warmupSeconds)
        o << QStringLiteral("--warmup") << number(m_warmup->value());
    if (m_duration->value() != s.durationSeconds)
        o << QStringLiteral("--duration") << number(m_duration->value());
    if (m_repetitions->value() != s.repetitions)
        o << QStringLiteral("--repetitions") << QString::number(m_repetitions->value());
    if (m_runOrder->currentText().toStdString() != s.runOrder)
        o << QStringLiteral("--run-order") << m_runOrder->currentText();
    const QString engine = m_engine->currentData().toString();
    if (engine.toStdString() != s.engine)
        o << QStringLiteral("--engine") << engine;
    if (engine == QStringLiteral("locust") && m_workers->value() != s.locustWorkers)
        o << QStringLiteral("--workers") << QString::number(m_workers->value());
    if (!m_cpuServer->text().isEmpty() && m_cpuServer->text().toStdString() != s.cpuSetServer)
        o << QStringLiteral("--cpu-set-server") << m_cpuServer->text();
    if (!m_cpuClient->text().isEmpty() && m_cpuClient->text().toStdString() != s.cpuSetClient)
        o << QStringLiteral("--cpu-set-client") << m_cpuClient->text();
    const QStringList participants = checkedIds(m_participants);
    if (participants.size() < m_participants->count())
        o << QStringLiteral("--only") << participants.join(u',');
    const QStringList cases = checkedIds(m_cases);
    if (cases.size() < m_cases->count())
        o << QStringLiteral("--case") << cases.join(u',');
    return o;
}

bs::SuiteSpec NewCaptureDialog::effectiveSuite() const
{
    bs::SuiteSpec suite = *m_spec;
    bs::RunSettings &s = suite.settings;
    s.mode = m_mode->currentText().toStdString();
    s.rate = m_rate->value();
    s.warmupSeconds = m_warmup->value();
    s.durationSeconds = m_duration->value();
    s.repetitions = m_repetitions->value();
    const QStringList participants = checkedIds(m_participants);
    const QStringList cases = checkedIds(m_cases);
    suite.participants.clear();
    suite.cases.clear();
    for (const bs::ParticipantSpec &p : m_spec->participants)
        if (participants.contains(QString::fromStdString(p.id)))
            suite.participants.push_back(p);
    for (const bs::CaseSpec &c : m_spec->cases)
        if (cases.contains(QString::fromStdString(c.id)))
            suite.cases.push_back(c);
    return suite;
}

void NewCaptureDialog::showMinimumP()
{
    // What a diff of two such captures can show at best (fully separated
    // runs), by the same test the Diff page runs.
    const auto n = std::size_t(m_repetitions->value());
    const double p = bs::MannWhitney::minimumP(n, n);
    const double alpha = bs::CaptureDiff::Options().alpha;
    const QString shown = qs(bs::CaptureDiff::pText(p)); // "0.0079", "<0.0001"
    QString text = QStringLiteral("%1 vs %1 can reach p %2 at best")
                       .arg(n)
                       .arg(shown.startsWith(QLatin1Char('<')) ? QStringLiteral("< ") + shown.mid(1) : QStringLiteral("= ") + shown);
    if (p > alpha)
        text = QStringLiteral("⚠ ") + text + QStringLiteral(": a diff can never establish a change at %1")
                                                  .arg(qs(bs::UnitFormat::plain(alpha)));
    m_minimumP->setText(text);
    m_minimumP->setToolTip(QStringLiteral("The smallest two-sided Mann–Whitney p of %1 repetitions against %1, "
                                          "when every run of one side is above every run of the other "
                                          "(HTTP cases; command cases have their own runs).").arg(n));
}

void NewCaptureDialog::update()
{
    if (m_filling)
        return;
    m_rate->setEnabled(m_mode->currentText() == QStringLiteral("fixed-rate"));
    m_workers->setEnabled(m_engine->currentData().toString() == QStringLiteral("locust"));
    const bool chosen = m_spec && !checkedIds(m_participants).isEmpty() && !checkedIds(m_cases).isEmpty();
    const QString program = CaptureRun::findRunner();
    m_command->setPlainText(m_spec ? CaptureRun::commandLine(program.isEmpty() ? QStringLiteral("benchscope-run") : program,
                                                             CaptureRun::arguments(suitePath(), options(), outPath()))
                                   : QString());
    if (chosen) {
        const bs::SuiteSpec suite = effectiveSuite();
        const int total = int(std::lround(bs::RunPlan::estimatedSeconds(suite)));
        const int steps = bs::RunPlan::steps(suite);
        m_estimate->setText(total > 0 ? QStringLiteral("Estimate: about %1 min %2 s of load in %3 repetitions; starting "
                                                       "servers, contract checks and command runs come on top.")
                                            .arg(total / 60).arg(total % 60).arg(steps)
                                      : QStringLiteral("Estimate: %1 timed command runs; how long each takes is not "
                                                       "known before the first.").arg(steps));
    } else {
        m_estimate->setText(m_spec ? QStringLiteral("Choose at least one participant and one case.") : QString());
    }
    for (QAbstractButton *b : m_buttons->buttons())
        if (m_buttons->buttonRole(b) == QDialogButtonBox::AcceptRole)
            b->setEnabled(chosen && !outPath().isEmpty());
}

QString NewCaptureDialog::outPath() const
{
    return m_out->text();
}

void NewCaptureDialog::setOutPath(const QString &path)
{
    m_out->setText(path);
    m_outEdited = true;
    update();
}

QString NewCaptureDialog::commandLine() const
{
    return m_command->toPlainText();
}

QString NewCaptureDialog::estimateText() const
{
    return m_estimate->text();
}

QString NewCaptureDialog::suiteError() const
{
    return m_error->text();
}

QString NewCaptureDialog::defaultOutPath(const QString &suiteId, const QString &revision)
{
    const QString dir = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("captures"));
    QString name = fileSafe(suiteId.isEmpty() ? QStringLiteral("suite") : suiteId);
    if (!revision.isEmpty())
        name += u'-' + fileSafe(revision);
    name += u'-' + QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss")) + QStringLiteral(".json.gz");
    return QDir(dir).filePath(name);
}
