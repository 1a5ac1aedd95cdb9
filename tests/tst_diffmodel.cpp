#include "captureloader.h"
#include "diffcaptures.h"
#include "diffmodel.h"
#include "tableroles.h"

#include <QAbstractItemModelTester>
#include <QtTest>

#include <memory>

namespace {

std::shared_ptr<const bs::Capture> load(const QString &relative)
{
    const QString path = qEnvironmentVariable("BENCHSCOPE_SOURCE_DIR") + QLatin1Char('/') + relative;
    bs::LoadError error;
    auto capture = bs::CaptureLoader::load(path.toStdString(), error);
    if (!capture)
        qWarning("%s", error.toString().c_str());
    return capture ? std::make_shared<const bs::Capture>(std::move(*capture)) : nullptr;
}

// The row of a participant × case × metric, or -1.
int rowOf(const DiffModel &model, const QString &participant, const QString &caseId, const QString &metric)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex i = model.index(r, 0);
        if (i.data(TableRole::ParticipantIdRole).toString() == participant && i.data(TableRole::CaseIdRole).toString() == caseId
            && i.data(DiffModel::CellMetricRole).toString() == metric)
            return r;
    }
    return -1;
}

QString text(const DiffModel &model, int row, int column, int role = Qt::DisplayRole)
{
    return model.index(row, column).data(role).toString();
}

} // namespace

class TestDiffModel : public QObject {
    Q_OBJECT
    std::shared_ptr<const bs::Capture> m_fast, m_default;

private slots:
    void initTestCase()
    {
        m_fast = load(QStringLiteral("sample-data/measured/compressors-fast.json.gz"));
        m_default = load(QStringLiteral("sample-data/measured/compressors-default.json.gz"));
        QVERIFY(m_fast && m_default);
    }

    void passesModelTester()
    {
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setCaptures(m_fast, m_default, {});
        QCOMPARE(model.rowCount(), 4 * 2 * 6); // participants × cases × every metric
        bs::CaptureDiff::Options wall;
        wall.metrics = {"wall_time"};
        model.setCaptures(m_fast, m_default, wall);
        QCOMPARE(model.rowCount(), 8);
        model.setCaptures(nullptr, m_default, wall);
        QCOMPARE(model.rowCount(), 0);
    }

    // The default levels are slower: wall time is worse wherever the
    // ranges are apart (5 vs 5 fully separated: p = 2/252), and smaller
    // output is better.
    void samplePairVerdicts_data()
    {
        QTest::addColumn<QString>("participant");
        QTest::addColumn<QString>("caseId");
        QTest::addColumn<QString>("metric");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("verdictText");
        QTest::addColumn<QString>("p");
        QTest::addColumn<QString>("delta");
        QTest::addColumn<QString>("before");

        const int worse = int(bs::DiffVerdict::Worse),
                  none = int(bs::DiffVerdict::NoChange), tooFew = int(bs::DiffVerdict::TooFewSamples);
        QTest::newRow("gzip on text, wall time: worse") << "gzip" << "text" << "wall_time" << worse << "▼ worse"
                                                        << "0.0079" << "+152.6%" << "41.9 [41.4–69.2]";
        QTest::newRow("xz on binary, wall time: worse") << "xz" << "binary" << "wall_time" << worse << "▼ worse"
                                                        << "0.0079" << "+671.9%" << "160.1 [138.5–175.2]";
        QTest::newRow("zstd on text, wall time: ranges overlap")
            << "zstd" << "text" << "wall_time" << none << "= no change established (p = 0.69 > 0.05)" << "0.69"
            << "+12.9%" << "25.1 [22.9–52.7]";
        // Compressed size and ratio are the same on all 5 repetitions of each
        // side: a format 1.0 capture cannot tell that from one figure copied
        // onto every repetition, so no verdict is drawn (docs/diff.md).
        const QString copied = QStringLiteral("? too few samples (zero spread on both sides (all 5 vs all 5 equal): "
                                              "maybe one figure copied onto every repetition, not tested as many "
                                              "samples)");
        QTest::newRow("gzip on text, compressed size: zero spread on both sides")
            << "gzip" << "text" << "compressed_size" << tooFew << copied << "0.0079" << "-22.0%"
            << "926 [926–926]";
        QTest::newRow("gzip on text, ratio: zero spread on both sides")
            << "gzip" << "text" << "ratio" << tooFew << copied << "0.0079" << "+28.2%" << "3.32 [3.32–3.32]";
        QTest::newRow("gzip on text, peak RSS: identical samples")
            << "gzip" << "text" << "peak_rss" << none << "= no change established (p = 1 > 0.05)" << "1" << "+0.0%"
            << "34.00 [34.00–34.00]";
    }

    void samplePairVerdicts()
    {
        QFETCH(QString, participant);
        QFETCH(QString, caseId);
        QFETCH(QString, metric);
        QFETCH(int, verdict);
        QFETCH(QString, verdictText);
        QFETCH(QString, p);
        QFETCH(QString, delta);
        QFETCH(QString, before);

        DiffModel model;
        model.setCaptures(m_fast, m_default, {});
        const int row = rowOf(model, participant, caseId, metric);
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, DiffModel::Verdict).data(DiffModel::VerdictRole).toInt(), verdict);
        QCOMPARE(model.index(row, DiffModel::Participant).data(DiffModel::VerdictRole).toInt(), verdict);
        QCOMPARE(text(model, row, DiffModel::Verdict), verdictText);
        QCOMPARE(text(model, row, DiffModel::P), p);
        QCOMPARE(text(model, row, DiffModel::N), QStringLiteral("5 vs 5"));
        QCOMPARE(text(model, row, DiffModel::Delta), delta);
        // The median shows, the range is drawn after it; copy takes both.
        QCOMPARE(text(model, row, DiffModel::Before, TableRole::CellTextRole), before);
        QCOMPARE(text(model, row, DiffModel::Before) + QLatin1Char(' ') + text(model, row, DiffModel::Before, TableRole::RangeRole),
                 before);

        // Colour repeats the verdict, never replaces it: the symbol and word are in the text.
        const bs::DiffVerdict v = bs::DiffVerdict(verdict);
        QCOMPARE(model.index(row, DiffModel::Verdict).data(Qt::BackgroundRole).value<QColor>(), DiffModel::verdictTint(v));
        QVERIFY(verdictText.startsWith(QString::fromUtf8(bs::verdictSymbol(v))));
        QVERIFY(verdictText.contains(QString::fromUtf8(bs::verdictWord(v))));

        const QString tip = text(model, row, DiffModel::Before, Qt::ToolTipRole);
        QVERIFY2(tip.contains(QStringLiteral("p = ") + p), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("Mann–Whitney U = ")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("n = 5")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("the smallest p 5 vs 5 repetitions can give is 0.0079")), qPrintable(tip));
    }

    void worseTooltipNamesTheRule()
    {
        DiffModel model;
        model.setCaptures(m_fast, m_default, {});
        const int row = rowOf(model, QStringLiteral("gzip"), QStringLiteral("text"), QStringLiteral("wall_time"));
        const QString tip = text(model, row, DiffModel::Verdict, Qt::ToolTipRole);
        QVERIFY2(tip.contains(QStringLiteral("p = 0.0079 ≤ 0.05, so the change is established")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("lower is better")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("U = 0 ")), qPrintable(tip)); // no before value above an after value
        QVERIFY2(tip.contains(QStringLiteral("(exact)")), qPrintable(tip));
    }

    // Sorting: numbers as numbers, the verdict column findings first.
    void sortRoles()
    {
        DiffModel model;
        model.setCaptures(m_fast, m_default, {});
        for (int column : {int(DiffModel::Before), int(DiffModel::After), int(DiffModel::Delta), int(DiffModel::P),
                           int(DiffModel::N), int(DiffModel::Verdict)})
            QCOMPARE(model.index(0, column).data(TableRole::SortRole).typeId(), int(QMetaType::Double));
        const int worse = rowOf(model, QStringLiteral("gzip"), QStringLiteral("text"), QStringLiteral("wall_time"));
        const int same = rowOf(model, QStringLiteral("zstd"), QStringLiteral("text"), QStringLiteral("wall_time"));
        QVERIFY(model.index(worse, DiffModel::Verdict).data(TableRole::SortRole).toDouble()
                < model.index(same, DiffModel::Verdict).data(TableRole::SortRole).toDouble());
        QCOMPARE(model.index(worse, DiffModel::Delta).data(TableRole::SortRole).toDouble(),
                 *model.cellAt(worse).deltaPct);
    }

    void headersCarryTheUnitOfOneMetric()
    {
        DiffModel model;
        bs::CaptureDiff::Options wall;
        wall.metrics = {"wall_time"};
        model.setCaptures(m_fast, m_default, wall);
        QCOMPARE(model.headerData(DiffModel::Before, Qt::Horizontal).toString(), QStringLiteral("Before (ms)"));
        QCOMPARE(model.headerData(DiffModel::Verdict, Qt::Horizontal).toString(), QStringLiteral("Verdict"));
        model.setCaptures(m_fast, m_default, {});
        QCOMPARE(model.headerData(DiffModel::Before, Qt::Horizontal).toString(), QStringLiteral("Before"));
        QCOMPARE(model.summaryLines().size(), 6);
    }

    void summaryAndLabels()
    {
        DiffModel model;
        bs::CaptureDiff::Options wall;
        wall.metrics = {"wall_time"};
        model.setCaptures(m_fast, m_default, wall);
        QCOMPARE(model.summaryLines(),
                 QStringList{QStringLiteral("Wall time (lower is better), overall: after is 2.96× slower over 7 established cells of 8 compared")});
        QVERIFY(model.beforeLabel().startsWith(QStringLiteral("fast levels")));
        QCOMPARE(DiffModel::shortName(*model.after()), QStringLiteral("default"));
        QCOMPARE(model.cells("text", "wall_time").size(), std::size_t(4));
        QCOMPARE(model.notes().size(), 2);
    }

    // Cells the sample pair does not have, built in code.
    void handMadeVerdicts_data()
    {
        QTest::addColumn<QString>("participant");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("verdictText");
        QTest::addColumn<QString>("tipPart");
        QTest::addColumn<bool>("tinted");

        QTest::newRow("clear improvement") << "gzip" << int(bs::DiffVerdict::Better) << "▲ better"
                                           << "p = 0.0079 ≤ 0.05, so the change is established" << true;
        QTest::newRow("three against three")
            << "zstd" << int(bs::DiffVerdict::TooFewSamples)
            << "? too few samples (n=3 vs 3 cannot reach p<0.05; minimum p = 0.1)"
            << "No test of 3 vs 3 repetitions can reach p ≤ 0.05: even fully separated samples give p = 0.1" << false;
        QTest::newRow("participant only in after")
            << "brotli" << int(bs::DiffVerdict::NotComparable)
            << "— not comparable (only in after (added participant))" << "Not compared: only in after (added participant)."
            << false;
    }

    void handMadeVerdicts()
    {
        QFETCH(QString, participant);
        QFETCH(int, verdict);
        QFETCH(QString, verdictText);
        QFETCH(QString, tipPart);
        QFETCH(bool, tinted);

        bs::Capture before = diffcaptures::suite(), after = diffcaptures::suite();
        after.revision = {"r2", "level 9", "2026-01-02"};
        after.participants.push_back({"brotli", "brotli", "", "1.0", false, {}});
        diffcaptures::setResult(before, "gzip", "text", {{"wall", {2.0, 2.1, 2.2, 2.05, 2.15}}});
        diffcaptures::setResult(after, "gzip", "text", {{"wall", {1.0, 1.1, 1.2, 1.05, 1.15}}});
        diffcaptures::setResult(before, "zstd", "text", {{"wall", {2.0, 2.1, 2.2}}});
        diffcaptures::setResult(after, "zstd", "text", {{"wall", {1.0, 1.1, 1.2}}});
        diffcaptures::setResult(after, "brotli", "text", {{"wall", {1.0, 1.1, 1.2}}});
        DiffModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        bs::CaptureDiff::Options wall;
        wall.metrics = {"wall"};
        model.setCaptures(std::make_shared<const bs::Capture>(before), std::make_shared<const bs::Capture>(after), wall);
        const int row = rowOf(model, participant, QStringLiteral("text"), QStringLiteral("wall"));
        QVERIFY(row >= 0);
        QCOMPARE(model.index(row, 0).data(DiffModel::VerdictRole).toInt(), verdict);
        QCOMPARE(text(model, row, DiffModel::Verdict), verdictText);
        const QString tip = text(model, row, DiffModel::Verdict, Qt::ToolTipRole);
        QVERIFY2(tip.contains(tipPart.toHtmlEscaped()), qPrintable(tip));
        QCOMPARE(model.index(row, DiffModel::Verdict).data(Qt::BackgroundRole).isValid(), tinted);
        if (!tinted) // too few samples and not comparable read grey
            QCOMPARE(model.index(row, DiffModel::Verdict).data(Qt::ForegroundRole).value<QColor>(), QColor(0x6E, 0x6E, 0x6E));
    }

    void paletteIsOkabeIto()
    {
        QCOMPARE(DiffModel::verdictColor(bs::DiffVerdict::Better), QColor(0x00, 0x72, 0xB2));
        QCOMPARE(DiffModel::verdictColor(bs::DiffVerdict::Worse), QColor(0xD5, 0x5E, 0x00));
        QVERIFY(!DiffModel::verdictColor(bs::DiffVerdict::NotComparable).isValid());
    }
};

QTEST_MAIN(TestDiffModel) // fonts and colours need a QGuiApplication
#include "tst_diffmodel.moc"
