#include "reportwriter.h"

#include "benchchart.h"
#include "capturemodels.h"
#include "capturetables.h"
#include "chartexporter.h"
#include "chartfactory.h"
#include "difftable.h"
#include "qs.h"
#include "diffmodel.h"
#include "historychart.h"
#include "historymodel.h"
#include "historytable.h"
#include "pairedrangechart.h"
#include "participantfilterproxy.h"
#include "tableexporter.h"
#include "tablerenderer.h"
#include "textescape.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace {

// Text from a capture on one line of Markdown: no HTML tag survives it.
QString mdText(const std::string &text)
{
    return qs(bs::TextEscape::markdown(text));
}

QString mdText(const QString &text)
{
    return mdText(text.toStdString());
}

QString md(const bs::TextTable &table)
{
    return qs(bs::TableRenderer::render(table, bs::TableRenderer::Format::Markdown));
}

// Links to a table written as <stem>.md and <stem>.csv.
QString tableLinks(const QString &stem)
{
    return QStringLiteral("[Markdown](%1.md) · [CSV](%1.csv)\n\n").arg(stem);
}

QString captureTitle(const bs::Capture &c)
{
    QString title = mdText(c.suite.name());
    const std::string &revision = c.revision.name();
    if (!revision.empty())
        title += QStringLiteral(" — ") + mdText(revision);
    return title;
}

// Whether some result of the case has the metric, once or in a repetition.
bool measures(const bs::Capture &c, const std::string &caseId, const std::string &metricId)
{
    for (const bs::Result &r : c.results)
        if (r.caseId == caseId && r.once.count(metricId))
            return true;
    for (const bs::Result &r : c.results)
        if (r.caseId == caseId)
            for (const bs::Repetition &rep : r.repetitions)
                if (rep.metrics.count(metricId))
                    return true;
    return false;
}

} // namespace

ReportWriter::ReportWriter(const QString &folder)
    : m_folder(folder)
{
}

QString ReportWriter::slug(const QString &text)
{
    QString s = text.toLower();
    s.replace(QRegularExpression(QStringLiteral("[^a-z0-9._]+")), QStringLiteral("-"));
    s.remove(QRegularExpression(QStringLiteral("^[-.]+|-+$")));
    return s.isEmpty() ? QStringLiteral("x") : s.left(80);
}

bool ReportWriter::writeText(const QString &relativePath, const QByteArray &bytes)
{
    const QString path = QDir(m_folder).filePath(relativePath);
    if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
        m_error = QFileInfo(path).absolutePath() + QStringLiteral(": cannot create the folder");
        return false;
    }
    if (!TableExporter::writeFile(path, bytes, &m_error))
        return false;
    m_files << relativePath;
    return true;
}

bool ReportWriter::writeChart(const QString &prefix, BenchChart *chart, QString &markdown)
{
    const QString stem = QStringLiteral("charts/") + slug(chart->fileStem());
    const QSize size = chart->reportSize();
    ChartExporter::Options options;
    options.size = size;
    for (const char *ext : {"svg", "png"}) {
        const QString relative = stem + QLatin1Char('.') + QLatin1String(ext);
        const QString path = QDir(m_folder).filePath(prefix + relative);
        if (!QDir().mkpath(QFileInfo(path).absolutePath())) {
            m_error = QFileInfo(path).absolutePath() + QStringLiteral(": cannot create the folder");
            return false;
        }
        if (!ChartExporter::save(chart, path, options, &m_error))
            return false;
        m_files << prefix + relative;
    }
    markdown += QStringLiteral("![%1](%2.png)\n\n[SVG](%2.svg) · [PNG](%2.png)\n\n")
                    .arg(mdText(chart->title()), stem);
    return true;
}

bool ReportWriter::write(std::shared_ptr<const bs::Capture> capture)
{
    return writeCapture(QString(), std::move(capture), QString());
}

bool ReportWriter::writeCapture(const QString &prefix, std::shared_ptr<const bs::Capture> capture, const QString &heading)
{
    const bs::Capture &c = *capture;
    CaptureModels models(capture);
    QString index;
    index += QStringLiteral("# ") + (heading.isEmpty() ? captureTitle(c) : heading + QStringLiteral(": ") + captureTitle(c))
        + QStringLiteral("\n\n");
    if (!c.sourcePath.empty())
        index += QStringLiteral("Capture: `") + QFileInfo(qs(c.sourcePath)).fileName() + QStringLiteral("`");
    if (!c.capturedAt.empty())
        index += QStringLiteral(", captured ") + mdText(c.capturedAt);
    index += QStringLiteral(". Values are the representative repetition's (the median run); brackets and bars are "
                            "the [min–max] range across repetitions, not confidence intervals.\n\n");

    auto write = [&](const QString &relative, const QString &text) {
        return writeText(prefix + relative, text.toUtf8());
    };
    auto table = [&](const QString &stem, const bs::TextTable &t) {
        for (const auto format : {bs::TableRenderer::Format::Markdown, bs::TableRenderer::Format::Csv})
            if (!write(stem + QLatin1Char('.') + TableExporter::extension(format),
                       qs(bs::TableRenderer::render(t, format))))
                return false;
        index += md(t) + QLatin1Char('\n') + tableLinks(stem);
        return true;
    };
    auto chart = [&](BenchChart *ch) {
        std::unique_ptr<BenchChart> owned(ch);
        return writeChart(prefix, ch, index);
    };

    // Contents.
    index += QStringLiteral("## Contents\n\n- [Provenance](#provenance)\n");
    if (c.cases.size() > 1)
        index += QStringLiteral("- [All cases](#all-cases)\n");
    for (const bs::CaseInfo &k : c.cases)
        index += QStringLiteral("- [%1](#case-%2)\n").arg(mdText(k.label), slug(qs(k.id)));
    index += QLatin1Char('\n');

    index += QStringLiteral("## Provenance\n\n");
    if (!table(QStringLiteral("provenance"), bs::CaptureTables::provenance(c)))
        return false;

    if (c.cases.size() > 1) {
        index += QStringLiteral("## All cases\n\n");
        for (const bs::Metric &m : c.metrics) {
            index += QStringLiteral("### ") + mdText(bs::CaptureTables::metricTitle(m)) + QStringLiteral("\n\n");
            if (!chart(ChartFactory::create(ChartFactory::Kind::Bars, capture, {}, m.id, models.allCases(m.id))))
                return false;
            if (!table(QStringLiteral("tables/all-cases-") + slug(qs(m.id)), TableExporter::allCasesTable(models, m.id)))
                return false;
        }
    }

    const bs::Metric *primary = c.primaryMetric();
    for (const bs::CaseInfo &k : c.cases) {
        index += QStringLiteral("<a id=\"case-%1\"></a>\n\n## %2\n\n").arg(slug(qs(k.id)), mdText(k.label));
        if (!k.description.empty())
            index += mdText(k.description) + QStringLiteral("\n\n");
        QAbstractItemModel *rows = models.caseTable(k.id);
        for (const bs::Metric &m : c.metrics)
            if (measures(c, k.id, m.id)
                && !chart(ChartFactory::create(ChartFactory::Kind::Range, capture, k.id, m.id, rows)))
                return false;
        if (primary && ChartFactory::applies(ChartFactory::Kind::Box, c, k.id)
            && !chart(ChartFactory::create(ChartFactory::Kind::Box, capture, k.id, primary->id, rows)))
            return false;
        if (ChartFactory::applies(ChartFactory::Kind::Latency, c, k.id)
            && !chart(ChartFactory::create(ChartFactory::Kind::Latency, capture, k.id, {}, rows)))
            return false;
        if (!table(QStringLiteral("tables/case-") + slug(qs(k.id)), TableExporter::caseTable(models, k.id)))
            return false;
    }
    index += QStringLiteral("---\nMade with Benchscope (`benchscope-cli report`).\n");
    return write(QStringLiteral("index.md"), index);
}

bool ReportWriter::writeComparison(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after)
{
    DiffModel model;
    model.setCaptures(before, after);
    const bs::CaptureDiff &diff = model.diff();
    QString index;
    index += QStringLiteral("# Before/after: ") + mdText(after->suite.name())
        + QStringLiteral("\n\n");
    index += QStringLiteral("- before: **%1** (`%2`) — [its report](before/index.md)\n")
                 .arg(mdText(model.beforeLabel()), QFileInfo(qs(before->sourcePath)).fileName());
    index += QStringLiteral("- after: **%1** (`%2`) — [its report](after/index.md)\n\n")
                 .arg(mdText(model.afterLabel()), QFileInfo(qs(after->sourcePath)).fileName());

    index += QStringLiteral("## Provenance\n\n");
    if (diff.warnings().empty()) {
        index += QStringLiteral("Machine, tools and conditions are the same.\n\n");
    } else {
        index += QStringLiteral("Provenance differs; the numbers may not be comparable:\n\n");
        for (const bs::ProvenanceWarning &w : diff.warnings())
            index += QStringLiteral("- ") + mdText(w.text()) + QLatin1Char('\n');
        index += QLatin1Char('\n');
    }

    index += QStringLiteral("## Summary\n\n");
    for (const std::string &line : bs::DiffTable::summaryLines(diff))
        index += QStringLiteral("- ") + mdText(line) + QLatin1Char('\n');
    index += QLatin1Char('\n');

    // Paired range plots: one per case and compared metric.
    std::vector<bs::CaseInfo> cases = after->cases;
    for (const bs::CaseInfo &k : before->cases)
        if (!after->caseInfo(k.id))
            cases.push_back(k);
    for (const bs::CaseInfo &k : cases) {
        index += QStringLiteral("## ") + mdText(k.label) + QStringLiteral("\n\n");
        for (const bs::Metric &m : diff.metrics()) {
            if (model.cells(k.id, m.id).empty())
                continue;
            std::unique_ptr<PairedRangeChart> chart(new PairedRangeChart(&model, k.id, m.id));
            if (!writeChart(QString(), chart.get(), index))
                return false;
        }
    }

    index += QStringLiteral("## Every cell\n\n");
    const bs::TextTable table = bs::DiffTable::table(diff);
    for (const auto format : {bs::TableRenderer::Format::Markdown, bs::TableRenderer::Format::Csv})
        if (!writeText(QStringLiteral("diff.") + TableExporter::extension(format),
                       QByteArray::fromStdString(bs::TableRenderer::render(table, format))))
            return false;
    index += md(table) + QStringLiteral("\n[Markdown](diff.md) · [CSV](diff.csv)\n\n");

    if (!writeCapture(QStringLiteral("before/"), before, QStringLiteral("Before"))
        || !writeCapture(QStringLiteral("after/"), after, QStringLiteral("After")))
        return false;
    index += QStringLiteral("---\nMade with Benchscope (`benchscope-cli report BEFORE AFTER`).\n");
    return writeText(QStringLiteral("index.md"), index.toUtf8());
}

bool ReportWriter::writeHistory(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    std::vector<const bs::Capture *> raw;
    for (const auto &c : captures)
        raw.push_back(c.get());
    std::string error;
    std::optional<bs::History> built = bs::History::build(raw, {}, error);
    if (!built) {
        m_error = qs(error);
        return false;
    }
    const auto history = std::make_shared<const bs::History>(std::move(*built));
    QString index = QStringLiteral("# History: ") + mdText(history->suite().name()) + QStringLiteral("\n\n");
    index += QStringLiteral("%1 revisions, by revision date, then capture time:\n\n").arg(history->revisions().size());
    for (std::size_t i = 0; i < history->revisions().size(); ++i) {
        const bs::HistoryRevision &r = history->revisions()[i];
        index += QStringLiteral("%1. **%2** %3 (`%4`)\n")
                     .arg(i + 1)
                     .arg(mdText(bs::HistoryTable::revisionText(*history, i)), mdText(r.revision.date),
                          QFileInfo(qs(r.sourcePath)).fileName());
    }
    index += QStringLiteral("\nChange points are found over the revisions pooled on each side of a step "
                            "(docs/history.md); a step without one says why in the points table.\n\n");
    HistoryModel model;
    model.setHistory(history);
    for (const bs::Metric &m : history->metrics()) {
        model.setMetric(m.id);
        if (model.rowCount() == 0)
            continue;
        index += QStringLiteral("## ") + mdText(m.label) + QStringLiteral("\n\n");
        HistoryChart chart(&model);
        if (!writeChart(QString(), &chart, index))
            return false;
        index += md(bs::HistoryTable::changePoints(*history, model.shownSeries())) + QLatin1Char('\n');
        const QString stem = QStringLiteral("tables/history-") + slug(qs(m.id));
        const bs::TextTable points = bs::HistoryTable::points(*history, model.shownSeries());
        for (const auto format : {bs::TableRenderer::Format::Markdown, bs::TableRenderer::Format::Csv})
            if (!writeText(stem + QLatin1Char('.') + TableExporter::extension(format),
                           QByteArray::fromStdString(bs::TableRenderer::render(points, format))))
                return false;
        index += QStringLiteral("Every point and step: ") + tableLinks(stem) + QLatin1Char('\n');
    }
    index += QStringLiteral("---\nMade with Benchscope (`benchscope-cli report FILE... --out DIR`, three or more "
                            "captures of one suite).\n");
    return writeText(QStringLiteral("index.md"), index.toUtf8());
}
