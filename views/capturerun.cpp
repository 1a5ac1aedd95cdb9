#include "capturerun.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <csignal>

namespace {
const char *kRunnerVariable = "BENCHSCOPE_RUNNER";
}

CaptureRun::CaptureRun(QObject *parent) : QObject(parent)
{
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &CaptureRun::readOutput);
    connect(&m_process, &QProcess::readyReadStandardError, this, &CaptureRun::readErrors);
    connect(&m_process, &QProcess::finished, this, &CaptureRun::onFinished);
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(QStringLiteral("benchscope-run could not be started (%1): %2")
                     .arg(m_process.program(), m_process.errorString()));
    });
}

CaptureRun::~CaptureRun()
{
    m_done = true;
    stopAndWait(30000);
}

QString CaptureRun::findRunner(QStringList *looked)
{
    const QString fromEnvironment = qEnvironmentVariable(kRunnerVariable);
    QStringList candidates;
    if (!fromEnvironment.isEmpty())
        candidates << fromEnvironment;
    else
        candidates << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("benchscope-run"));
    if (looked)
        *looked = candidates;
    for (const QString &path : std::as_const(candidates)) {
        const QFileInfo info(path);
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

QStringList CaptureRun::arguments(const QString &suitePath, const QStringList &options, const QString &outPath)
{
    return QStringList {suitePath, QStringLiteral("--out"), outPath} + options;
}

QString CaptureRun::commandLine(const QString &program, const QStringList &arguments)
{
    QStringList words {program};
    words += arguments;
    for (QString &word : words)
        if (word.isEmpty() || word.contains(QRegularExpression(QStringLiteral("[^\\w@%+=:,./-]"))))
            word = u'\'' + QString(word).replace(u'\'', QStringLiteral("'\\''")) + u'\'';
    return words.join(u' ');
}

bool CaptureRun::start(const QString &suitePath, const QStringList &options, const QString &outPath)
{
    m_suitePath = suitePath;
    m_outPath = outPath;
    m_outcome = Outcome();
    m_outcome.outPath = outPath;
    m_parser = bs::ProgressParser();
    m_done = false;
    QStringList looked;
    const QString program = findRunner(&looked);
    if (program.isEmpty()) {
        const QString where = qEnvironmentVariableIsSet(kRunnerVariable)
            ? QStringLiteral("%1 (from %2)").arg(looked.join(QStringLiteral(", ")), QLatin1String(kRunnerVariable))
            : looked.join(QStringLiteral(", "));
        fail(QStringLiteral("benchscope-run was not found: looked for %1. Set %2 to the runner's path.")
                 .arg(where, QLatin1String(kRunnerVariable)));
        return false;
    }
    QDir().mkpath(QFileInfo(outPath).absolutePath());
    // A suite's relative commands ("./nginx-static.sh") are relative to its folder.
    m_process.setWorkingDirectory(QFileInfo(suitePath).absolutePath());
    m_clock.start();
    m_process.start(program, arguments(suitePath, options, outPath));
    return true;
}

void CaptureRun::cancel()
{
    if (!isRunning())
        return;
    m_outcome.cancelled = true;
    ::kill(pid_t(m_process.processId()), SIGINT);
}

void CaptureRun::stopAndWait(int msecs)
{
    if (!isRunning())
        return;
    cancel();
    if (!m_process.waitForFinished(msecs))
        m_process.kill();
}

bool CaptureRun::isRunning() const
{
    return m_process.state() != QProcess::NotRunning;
}

void CaptureRun::readOutput()
{
    const QByteArray bytes = m_process.readAllStandardOutput();
    for (const bs::ProgressEvent &e : m_parser.feed(bytes.constData(), std::size_t(bytes.size())))
        handle(e);
}

void CaptureRun::readErrors()
{
    const QByteArray bytes = m_process.readAllStandardError();
    m_errorTail = QByteArray(m_errorTail + bytes).right(2000);
    for (const QByteArray &line : bytes.split('\n'))
        if (!line.isEmpty())
            emit logLine(QString::fromUtf8(line));
}

void CaptureRun::handle(const bs::ProgressEvent &e)
{
    using Kind = bs::ProgressEvent::Kind;
    const QString who = QString::fromStdString(e.participant);
    const QString what = QString::fromStdString(e.caseId);
    if (e.kind == Kind::Contract && !e.passed)
        m_outcome.problems << QStringLiteral("%1 failed its contract on %2: %3 expected %4, actual %5")
                                  .arg(who, what, QString::fromStdString(e.what), QString::fromStdString(e.expected),
                                       QString::fromStdString(e.actual));
    else if (e.kind == Kind::Error && !who.isEmpty())
        m_outcome.problems << QStringLiteral("%1 could not be measured: %2").arg(who, QString::fromStdString(e.message));
    else if (e.kind == Kind::Error)
        m_outcome.problems << QString::fromStdString(e.message);
    else if (e.kind == Kind::Done)
        m_outcome.complete = e.complete;
    else if (e.kind == Kind::Malformed || e.kind == Kind::Truncated)
        emit logLine(QString::fromStdString(e.message));
    emit progress(e);
}

void CaptureRun::onFinished(int exitCode, QProcess::ExitStatus status)
{
    readOutput();
    readErrors();
    for (const bs::ProgressEvent &e : m_parser.finish())
        handle(e);
    m_outcome.exitCode = status == QProcess::NormalExit ? exitCode : -1;
    m_outcome.captureWritten = status == QProcess::NormalExit && (exitCode == 0 || exitCode == 3)
        && QFileInfo::exists(m_outPath);
    if (status != QProcess::NormalExit)
        m_outcome.problems << QStringLiteral("benchscope-run crashed or was killed; its last output: %1")
                                  .arg(QString::fromUtf8(m_errorTail.right(300)).trimmed());
    else if (exitCode == 2) {
        const QString why = m_outcome.problems.isEmpty()
            ? QString::fromUtf8(m_errorTail).section(u'\n', 0, 0).remove(QStringLiteral("benchscope-run: "))
            : m_outcome.problems.takeFirst();
        m_outcome.problems.prepend(QStringLiteral("The suite or its options are not valid: ") + why);
    } else if (exitCode != 0 && exitCode != 3)
        m_outcome.problems << QStringLiteral("benchscope-run exited with status %1: %2")
                                  .arg(exitCode)
                                  .arg(QString::fromUtf8(m_errorTail.right(300)).trimmed());
    if (m_done)
        return;
    m_done = true;
    emit finished(m_outcome);
}

void CaptureRun::fail(const QString &problem)
{
    m_outcome.problems << problem;
    if (m_done)
        return;
    m_done = true;
    emit finished(m_outcome);
}
