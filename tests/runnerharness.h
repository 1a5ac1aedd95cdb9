#pragma once

// Starts benchscope-testserver and benchscope-run for the runner's tests, on
// 127.0.0.1 with ephemeral ports, and reads what the runner wrote.
#include "capturereader.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <optional>
#include <vector>

class RunnerHarness {
public:
    struct Run {
        int exitCode = -1;
        QList<QJsonObject> events; // stdout: one JSON object per line
        QStringList badLines;      // stdout lines that were not a JSON object with a "phase"
        std::optional<bs::Capture> capture;
        QString errors;            // stderr, or why the capture could not be read
    };

    RunnerHarness() : m_bin(qEnvironmentVariable("BENCHSCOPE_BIN_DIR")) {}
    ~RunnerHarness() { stopServers(); }

    bool valid() const { return m_dir.isValid() && QFileInfo::exists(m_bin + QStringLiteral("/benchscope-run")); }
    QString bin(const QString &name) const { return m_bin + QLatin1Char('/') + name; }
    QString path(const QString &name) const { return m_dir.filePath(name); }

    // Starts a test server on an ephemeral port; 0 when it did not come up.
    quint16 startServer(const QStringList &args)
    {
        auto p = std::make_unique<QProcess>();
        p->start(bin(QStringLiteral("benchscope-testserver")), QStringList {QStringLiteral("--port"), QStringLiteral("0")} + args);
        if (!p->waitForReadyRead(5000))
            return 0;
        const quint16 port = quint16(p->readLine().trimmed().toUInt());
        m_servers.push_back(std::move(p));
        return port;
    }

    void stopServers()
    {
        for (auto &p : m_servers) {
            p->kill();
            p->waitForFinished(2000);
        }
        m_servers.clear();
    }

    // Binds an ephemeral port and lets it go: a participant the runner starts takes it next.
    static quint16 freePort()
    {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof a;
        bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a);
        getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len);
        close(fd);
        return ntohs(a.sin_port);
    }

    QString writeSuite(const QJsonObject &suite)
    {
        const QString file = path(QStringLiteral("suite%1.json").arg(++m_suiteCount));
        QFile f(file);
        f.open(QIODevice::WriteOnly);
        f.write(QJsonDocument(suite).toJson());
        return file;
    }

    // Where the runner writes the capture of the last suite written.
    QString outPath() const { return path(QStringLiteral("capture%1.json.gz").arg(m_suiteCount)); }

    Run run(const QString &suitePath, const QStringList &args = {}, int timeoutMs = 60000)
    {
        return runUnder(QString(), suitePath, args, timeoutMs);
    }

    // The same, with benchscope-run started by `wrapper`, a program that
    // runs its arguments as a command (none: started directly).
    Run runUnder(const QString &wrapper, const QString &suitePath, const QStringList &args = {}, int timeoutMs = 60000)
    {
        Run run;
        QProcess p;
        QStringList argv = QStringList {bin(QStringLiteral("benchscope-run")), suitePath, QStringLiteral("--out"), outPath()} + args;
        const QString program = wrapper.isEmpty() ? argv.takeFirst() : wrapper;
        p.start(program, argv);
        if (!p.waitForFinished(timeoutMs))
            p.kill();
        run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        run.errors = QString::fromUtf8(p.readAllStandardError());
        for (const QByteArray &line : p.readAllStandardOutput().split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonDocument doc = QJsonDocument::fromJson(line);
            if (doc.isObject() && doc.object().contains(QStringLiteral("phase")))
                run.events.push_back(doc.object());
            else
                run.badLines << QString::fromUtf8(line);
        }
        bs::LoadError error;
        run.capture = bs::CaptureReader::readFile(outPath().toStdString(), error);
        if (!run.capture)
            run.errors += QString::fromStdString(error.toString());
        return run;
    }

    // The number a test server answers at one of its counting paths (/__count, /__connections).
    static long ask(quint16 port, const char *what)
    {
        const int fd = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a {};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(port);
        if (::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
            close(fd);
            return -1;
        }
        const std::string request = std::string("GET ") + what + " HTTP/1.1\r\nHost: x\r\n\r\n";
        (void)!write(fd, request.data(), request.size());
        std::string got;
        char buf[512];
        std::size_t body = std::string::npos;
        long length = -1;
        while (body == std::string::npos || long(got.size() - body) < length) {
            const ssize_t n = read(fd, buf, sizeof buf);
            if (n <= 0)
                break;
            got.append(buf, std::size_t(n));
            if (body == std::string::npos && (body = got.find("\r\n\r\n")) != std::string::npos) {
                body += 4;
                const auto cl = got.find("Content-Length: ");
                length = cl == std::string::npos ? 0 : std::atol(got.c_str() + cl + 16);
            }
        }
        close(fd);
        return body == std::string::npos ? -1 : std::atol(got.c_str() + body);
    }

private:
    QString m_bin;
    QTemporaryDir m_dir;
    std::vector<std::unique_ptr<QProcess>> m_servers;
    int m_suiteCount = 0;
};
