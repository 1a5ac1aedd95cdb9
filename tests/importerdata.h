#pragma once

// The importer tests' shared pieces: paths of the real samples under
// tests/data/importers/, a result found by labels, a caveat found by part of
// its text, malformed variants made from a sample, and the checks of a value
// row and of an error row (checkValueRow, checkErrorRow).
#include "captureloader.h"
#include "fileio.h"
#include "tempfolder.h"

#include <QtTest>

#include <cmath>
#include <initializer_list>
#include <string>

namespace importerdata {

inline std::string dataPath(const std::string &relative)
{
    return qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR").toStdString() + "/tests/data/importers/" + relative;
}
inline std::string dataPath(const QString &relative) { return dataPath(relative.toStdString()); }
inline std::string dataPath(const char *relative) { return dataPath(std::string(relative)); }

// A sample's text; a missing sample is fatal.
inline std::string readData(const std::string &relative)
{
    bs::LoadError e;
    auto text = bs::FileIO::readFile(dataPath(relative), e);
    if (!text)
        qFatal("cannot read %s", e.toString().c_str());
    return *text;
}
inline std::string readData(const QString &relative) { return readData(relative.toStdString()); }
inline std::string readData(const char *relative) { return readData(std::string(relative)); }

// A capture loaded through CaptureLoader (a file or a folder); one that does not load is fatal.
inline bs::Capture loadPath(const std::string &path)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(path, error);
    if (!c)
        qFatal("%s", error.toString().c_str());
    return *c;
}
// A sample under tests/data/importers/, loaded; one that does not load is fatal.
inline bs::Capture loadSample(const QString &relative) { return loadPath(dataPath(relative)); }

inline const bs::Result *resultByLabels(const bs::Capture &c, const std::string &participant, const std::string &caseLabel)
{
    for (const bs::Participant &p : c.participants)
        for (const bs::CaseInfo &ci : c.cases)
            if (p.label == participant && ci.label == caseLabel)
                return c.result(p.id, ci.id);
    return nullptr;
}
inline const bs::Result *resultByLabels(const bs::Capture &c, const QString &participant, const QString &caseLabel)
{
    return resultByLabels(c, participant.toStdString(), caseLabel.toStdString());
}
inline const bs::Result *resultByLabels(const bs::Capture &c, const char *participant, const char *caseLabel)
{
    return resultByLabels(c, std::string(participant), std::string(caseLabel));
}

// Whether a caveat of the capture contains `part`.
inline bool hasCaveat(const bs::Capture &c, const std::string &part)
{
    for (const std::string &cv : c.provenance.caveats)
        if (cv.find(part) != std::string::npos)
            return true;
    return false;
}

// A sample with its first `find` replaced; a missing fixture text is fatal.
inline QByteArray replaced(const QString &file, const std::string &find, const std::string &replace)
{
    std::string t = readData(file);
    const auto at = t.find(find);
    if (at == std::string::npos)
        qFatal("fixture text not found: %s", find.c_str());
    t.replace(at, find.size(), replace);
    return QByteArray::fromStdString(t);
}

// A sample cut just before the first `until`; a missing fixture text is fatal.
inline QByteArray cutBefore(const QString &file, const std::string &until)
{
    const std::string t = readData(file);
    const auto at = t.find(until);
    if (at == std::string::npos)
        qFatal("fixture text not found: %s", until.c_str());
    return QByteArray::fromStdString(t.substr(0, at));
}

// The columns of a values table (checkValue) and of an error table (checkError).
inline void addValueColumns()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("participant");
    QTest::addColumn<QString>("caseLabel");
    QTest::addColumn<QString>("metric");
    QTest::addColumn<QString>("stat");
    QTest::addColumn<double>("expected");
}
inline void addErrorColumns()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("place");   // expected LoadError.place (substring)
    QTest::addColumn<QString>("message"); // expected substring of the message
}

// Rows of a values table for one file and participant, each named by its
// case, metric and statistic: {case, metric, expected[, stat]}.
struct ValueRow {
    const char *caseLabel;
    const char *metric;
    double expected;
    const char *stat = "value";
};
inline void addValueRows(const QString &file, const QString &participant, std::initializer_list<ValueRow> rows)
{
    for (const ValueRow &r : rows)
        QTest::newRow(qPrintable(file.section(u'/', -1) + QStringLiteral(": ") + QString::fromUtf8(r.caseLabel) + QStringLiteral(" ")
                                 + QString::fromUtf8(r.metric) + QStringLiteral(" ") + QString::fromUtf8(r.stat)))
            << file << participant << QString::fromUtf8(r.caseLabel) << QString::fromUtf8(r.metric)
            << QString::fromUtf8(r.stat) << r.expected;
}

// One row of a values table: the statistic ("value" of the representative
// repetition, "median", "max", "n") of a metric of participant × case.
inline void checkValue(const QString &file, const QString &participant, const QString &caseLabel,
                       const QString &metric, const QString &stat, double expected)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(dataPath(file), error);
    QVERIFY2(c, error.toString().c_str());
    const bs::Result *r = resultByLabels(*c, participant, caseLabel);
    QVERIFY2(r, qPrintable(QStringLiteral("no result for ") + participant + QStringLiteral(" / ") + caseLabel));
    auto it = r->summary.find(metric.toStdString());
    QVERIFY2(it != r->summary.end(), qPrintable(QStringLiteral("no metric ") + metric));
    const bs::MetricSummary &s = it->second;
    const double actual = stat == QStringLiteral("value") ? s.value
        : stat == QStringLiteral("median")               ? s.median
        : stat == QStringLiteral("max")                  ? s.max
                                                         : double(s.n);
    QVERIFY2(std::abs(actual - expected) <= 1e-9 * std::abs(expected),
             qPrintable(QStringLiteral("%1 != %2").arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    QVERIFY(c->metric(metric.toStdString())->unit.size() > 0);
}

// `path` is refused with an error naming `file` (a file inside a folder
// `path`), at `place`, saying `message` (substrings).
inline void checkError(const std::string &path, const std::string &file, const QString &place, const QString &message)
{
    bs::LoadError error;
    auto c = bs::CaptureLoader::load(path, error);
    QVERIFY(!c);
    QCOMPARE(QString::fromStdString(error.file), QString::fromStdString(file));
    QVERIFY2(QString::fromStdString(error.place).contains(place), error.toString().c_str());
    QVERIFY2(QString::fromStdString(error.message).contains(message), error.toString().c_str());
}
// `path` is refused with an error naming it.
inline void checkError(const std::string &path, const QString &place, const QString &message)
{
    checkError(path, path, place, message);
}

// The current row of a values table (addValueColumns), checked.
inline void checkValueRow()
{
    QFETCH(QString, file);
    QFETCH(QString, participant);
    QFETCH(QString, caseLabel);
    QFETCH(QString, metric);
    QFETCH(QString, stat);
    QFETCH(double, expected);
    checkValue(file, participant, caseLabel, metric, stat, expected);
}

// The current row of an error table (addErrorColumns): its content written
// into `folder` under its name, and refused there as the row says.
inline void checkErrorRow(const TempFolder &folder)
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, place);
    QFETCH(QString, message);
    checkError(folder.write(name, content.toStdString()), place, message);
}

} // namespace importerdata
