#pragma once

// Runs the built benchscope-cli as a user would, for the CLI tests.
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

struct CliRun {
    int exitCode = -1; // -1: did not finish, or ended by a signal
    QProcess::ExitStatus status = QProcess::CrashExit;
    QString out;
    QString err;

    // `headless`: without DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM, as CI
    // runs it, so a command that draws must pick the offscreen platform.
    static CliRun run(const QStringList &args, bool headless = false, int timeoutMs = 120000)
    {
        QProcess p;
        if (headless) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
                env.remove(QString::fromLatin1(name));
            p.setProcessEnvironment(env);
        }
        p.start(qEnvironmentVariable("BENCHSCOPE_BIN_DIR") + QStringLiteral("/benchscope-cli"), args);
        CliRun r;
        if (!p.waitForFinished(timeoutMs))
            return r;
        r.status = p.exitStatus();
        if (r.status == QProcess::NormalExit)
            r.exitCode = p.exitCode();
        r.out = QString::fromUtf8(p.readAllStandardOutput());
        r.err = QString::fromUtf8(p.readAllStandardError());
        return r;
    }
};
