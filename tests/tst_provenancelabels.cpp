// Provenance as a person reads it: every condition key labelled (a table of
// known keys, any other humanised and escaped) for every capture and tool
// output under sample-data/ and tests/data/importers/, and the shared
// contract shown with its passes, not only its failures.
#include "captureloader.h"
#include "conditionlabels.h"
#include "contractsummary.h"
#include "provenancemodel.h"

#include <QColor>
#include <QDirIterator>
#include <QRegularExpression>
#include <QtTest>

using bs::ConditionLabels;

class TstProvenanceLabels : public QObject {
    Q_OBJECT
private slots:
    void humanisesUnknownKeys_data();
    void humanisesUnknownKeys();
    void knownKeysHaveTheirWords();
    void noRawKeyInAnySample();
    void contractPassesAreShown();
};

namespace {

QString source(const QString &relative)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QLatin1Char('/') + relative;
}

// Every file a user could open from these folders that loads.
std::vector<std::pair<QString, bs::Capture>> loadable(const QStringList &folders)
{
    std::vector<std::pair<QString, bs::Capture>> out;
    for (const QString &folder : folders) {
        QDirIterator it(source(folder), QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.contains(QStringLiteral("/node_modules/")) || path.contains(QStringLiteral("/suites/"))
                || path.endsWith(QStringLiteral(".raw.json.gz")) || path.endsWith(QStringLiteral(".md")))
                continue;
            bs::LoadError error;
            if (auto c = bs::CaptureLoader::load(path.toStdString(), error))
                out.emplace_back(path, std::move(*c));
        }
    }
    return out;
}

} // namespace

void TstProvenanceLabels::humanisesUnknownKeys_data()
{
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("shown");
    QTest::newRow("snake") << "keep_alive_count" << "Keep alive count";
    QTest::newRow("kebab") << "max-body-size" << "Max body size";
    QTest::newRow("camel") << "minIterationTime" << "Min iteration time";
    QTest::newRow("pascal") << "HasAttachedDebugger" << "Has attached debugger";
    QTest::newRow("acronym") << "OSVersion" << "OS version";
    QTest::newRow("unit seconds") << "idle_timeout_s" << "Idle timeout (s)";
    QTest::newRow("unit ms") << "intervalMs" << "Interval (ms)";
    QTest::newRow("one word") << "level" << "Level";
    QTest::newRow("escape") << "bad\x1b[31mkey" << "Bad\\x1b[31mkey";
    QTest::newRow("line break") << "two\nlines" << "Two\\x0alines";
}

void TstProvenanceLabels::humanisesUnknownKeys()
{
    QFETCH(QString, key);
    QFETCH(QString, shown);
    const QString label = QString::fromStdString(ConditionLabels::label(key.toStdString()));
    QCOMPARE(label, shown);
    for (QChar c : label)
        QVERIFY2(c.unicode() >= 0x20 && c.unicode() != 0x7f, qPrintable(label));
}

void TstProvenanceLabels::knownKeysHaveTheirWords()
{
    // The keys the issue names, as the runner writes them, not humanised.
    QCOMPARE(ConditionLabels::label("suite_file"), std::string("Suite file"));
    QCOMPARE(ConditionLabels::label("threads"), std::string("Load threads"));
    QCOMPARE(ConditionLabels::label("paired_with"), std::string("Paired with"));
    QCOMPARE(ConditionLabels::label("timeout_s"), std::string("Request timeout (s)"));
    QCOMPARE(ConditionLabels::label("gomaxprocs"), std::string("GOMAXPROCS"));
    QVERIFY(ConditionLabels::label("suite_sha256") != ConditionLabels::humanised("suite_sha256"));
}

void TstProvenanceLabels::noRawKeyInAnySample()
{
    const auto captures = loadable({QStringLiteral("sample-data"), QStringLiteral("tests/data/importers")});
    QVERIFY2(captures.size() > 40, qPrintable(QString::number(captures.size())));
    // A field is words: a capital first, no snake_case or camelCase key
    // (those that name a file, tool or participant carry its text after).
    const QRegularExpression raw(QStringLiteral("_|^[a-z]|[a-z][A-Z]"));
    int extras = 0;
    for (const auto &[path, capture] : captures) {
        extras += int(capture.provenance.conditions.extra.size());
        ProvenanceModel model(capture);
        for (int row = 0; row < model.rowCount(); ++row) {
            QString field = model.index(row, 0).data().toString();
            field = field.section(QStringLiteral(" ("), 0, 0).section(QStringLiteral(": "), 0, 0);
            QVERIFY2(!raw.match(field).hasMatch(), qPrintable(path + QStringLiteral(": ") + model.index(row, 0).data().toString()));
        }
    }
    QVERIFY(extras > 50); // the keys were there to label
}

void TstProvenanceLabels::contractPassesAreShown()
{
    int withContracts = 0;
    for (const auto &[path, capture] : loadable({QStringLiteral("sample-data/local"), QStringLiteral("sample-data/runner")})) {
        if (capture.contracts.empty())
            continue;
        ++withContracts;
        ProvenanceModel model(capture);
        const bs::ContractSummary summary = bs::ContractSummary::of(capture);
        QCOMPARE(summary.checks(), capture.contracts.size());
        int rows = 0;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QString field = model.index(row, 0).data().toString();
            if (!field.startsWith(QStringLiteral("Contract (")))
                continue;
            const bs::ContractSummary::Participant &p = summary.participants[std::size_t(rows++)];
            QCOMPARE(field, QStringLiteral("Contract (%1)").arg(QString::fromStdString(p.label)));
            const QString value = model.index(row, 1).data().toString();
            const QString checks = QStringLiteral("%1 check").arg(p.passed + p.failed);
            QVERIFY2(value.startsWith(checks), qPrintable(value));
            const bool red = model.index(row, 1).data(Qt::ForegroundRole).value<QColor>().red() > 0x90;
            if (p.failed) {
                QVERIFY2(value.contains(QStringLiteral("%1 failed, %2 passed").arg(p.failed).arg(p.passed)), qPrintable(value));
                QVERIFY(red);
            } else {
                QVERIFY2(value.contains(QStringLiteral("all passed")), qPrintable(value));
                QVERIFY(!red);
            }
            for (const std::string &what : p.checks)
                QVERIFY(value.contains(QString::fromStdString(what)));
        }
        QCOMPARE(std::size_t(rows), summary.participants.size());
    }
    QVERIFY(withContracts >= 3);
}

QTEST_MAIN(TstProvenanceLabels)
#include "tst_provenancelabels.moc"
