#include "reportwriter.h"

#include "benchchart.h"
#include "capturedownloads.h"
#include "capturename.h"
#include "capturewriter.h"
#include "chartexporter.h"
#include "diffmodel.h"
#include "qs.h"
#include "reportcharts.h"
#include "reportcontentbuilder.h"
#include "slug.h"
#include "tableexporter.h"
#include "tablerenderer.h"
#include "textescape.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <functional>
#include <map>

namespace {

QString md(const bs::TextTable &table)
{
    return qs(bs::TableRenderer::render(table, bs::TableRenderer::Format::Markdown));
}

QString hashes(int level)
{
    return QString(std::min(level, 6), QLatin1Char('#')) + QLatin1Char(' ');
}

// Text from a capture on one line of Markdown: no HTML tag survives it,
// and a newline would end a list item or a heading.
QString line(const std::string &text)
{
    return qs(bs::TextEscape::markdown(text));
}

QString line(const QString &text)
{
    return line(text.toStdString());
}

// A fenced code block that no run of backticks in the text can close: the
// fence is one longer than the longest run (CommonMark).
QString codeBlock(const QString &text)
{
    int longest = 0, run = 0;
    for (QChar c : text)
        longest = std::max(longest, run = c == QLatin1Char('`') ? run + 1 : 0);
    const QString fence(std::max(3, longest + 1), QLatin1Char('`'));
    return fence + QLatin1Char('\n') + text + QLatin1Char('\n') + fence + QStringLiteral("\n\n");
}

ReportContentBuilder reportBuilder(std::function<std::vector<bs::ReportDownload>(const bs::Capture &)> downloads = {})
{
    ReportContentBuilder::Options options;
    options.everyMetric = true;
    options.downloads = std::move(downloads);
    return ReportContentBuilder(options);
}

} // namespace

ReportWriter::ReportWriter(const QString &folder)
    : m_folder(folder)
    , m_site(kManifest, "Benchscope report folder. Files the report wrote:")
{
}

QString ReportWriter::otherFiles(const QString &folder)
{
    const QDir dir(folder);
    const QStringList names = dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    if (names.isEmpty() || names.contains(QLatin1String(kManifest)))
        return QString();
    return QStringLiteral("%1 %2, such as %3").arg(names.size()).arg(QLatin1String(names.size() == 1 ? "entry" : "entries"), names.first());
}

bool ReportWriter::claimFolder(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    const QFileInfo info(m_folder);
    if (info.exists() && !info.isDir()) {
        m_error = m_folder + QStringLiteral(": is a file, not a folder: the report is not written");
        return false;
    }
    const QString others = otherFiles(m_folder);
    if (!m_force && !others.isEmpty()) {
        m_error = m_folder + QStringLiteral(": holds ") + others
            + QStringLiteral(" and is not an earlier report (it has no %1): the report is not written, so that they are "
                             "kept; choose a new or empty folder, or write beside them with --force")
                  .arg(QLatin1String(kManifest));
        return false;
    }
    std::vector<std::string> inputs;
    for (const auto &c : captures)
        if (!c->sourcePath.empty())
            inputs.insert(inputs.end(), {c->sourcePath, bs::CaptureWriter::rawPathFor(c->sourcePath)});
    bs::LoadError error;
    if (!m_site.begin(m_folder.toStdString(), true, inputs, error)) {
        m_error = qs(error.toString());
        return false;
    }
    return true;
}

bool ReportWriter::writeManifest()
{
    bs::LoadError error;
    if (!m_site.commit(error)) {
        m_error = qs(error.toString());
        return false;
    }
    return true;
}

QString ReportWriter::target(const QString &relative)
{
    bs::LoadError error;
    const std::string path = m_site.path(relative.toStdString(), error);
    if (path.empty())
        m_error = qs(error.toString());
    return qs(path);
}

bool ReportWriter::writeText(const QString &relativePath, const QByteArray &bytes)
{
    const QString path = target(relativePath);
    if (path.isEmpty() || !TableExporter::writeFile(path, bytes, &m_error))
        return false;
    m_files << relativePath;
    return true;
}

bool ReportWriter::writeChart(const QString &prefix, BenchChart *chart, QString &markdown)
{
    const QString stem = m_names.take(prefix, QStringLiteral("charts/") + qs(bs::Slug::fileName(chart->fileStem().toStdString())));
    const QSize size = chart->reportSize();
    ChartExporter::Options options;
    options.size = size;
    for (const char *ext : {"svg", "png"}) {
        const QString relative = stem + QLatin1Char('.') + QLatin1String(ext);
        const QString path = target(prefix + relative);
        if (path.isEmpty() || !ChartExporter::save(chart, path, options, &m_error))
            return false;
        m_files << prefix + relative;
    }
    markdown += QStringLiteral("![%1](%2.png)\n\n[SVG](%2.svg) · [PNG](%2.png)\n\n")
                    .arg(line(chart->title().toStdString()), stem);
    return true;
}


bool ReportWriter::writeTable(const QString &prefix, const bs::ReportTable &table, QString &markdown)
{
    const QString stem = m_names.take(prefix, qs(table.stem)); // unique ignoring case, like the charts'
    using Format = bs::TableRenderer::Format;
    const bs::TextTable &csv = table.machine.header.empty() ? table.table : table.machine;
    if (!writeText(prefix + stem + QStringLiteral(".md"), QByteArray::fromStdString(bs::TableRenderer::render(table.table, Format::Markdown)))
        || !writeText(prefix + stem + QStringLiteral(".csv"), QByteArray::fromStdString(bs::TableRenderer::render(csv, Format::Csv))))
        return false;
    markdown += md(table.table) + QStringLiteral("\n[Markdown](%1.md) · [CSV](%1.csv)\n\n").arg(stem);
    return true;
}

bool ReportWriter::writeBlocks(const QString &prefix, const std::vector<bs::ReportBlock> &blocks, int level,
                               ReportCharts &charts, QString &markdown)
{
    using Kind = bs::ReportBlock::Kind;
    for (const bs::ReportBlock &b : blocks) {
        switch (b.kind) {
        case Kind::Text: markdown += line(b.text) + QStringLiteral("\n\n"); break;
        case Kind::Notes:
        case Kind::List:
            if (!b.text.empty())
                markdown += (b.kind == Kind::Notes ? QStringLiteral("**%1:**\n\n") : QStringLiteral("%1\n\n")).arg(line(b.text));
            for (const std::string &item : b.items)
                markdown += QStringLiteral("- ") + line(item) + QLatin1Char('\n');
            markdown += QLatin1Char('\n');
            break;
        case Kind::Table:
            if (!writeTable(prefix, b.table, markdown))
                return false;
            break;
        case Kind::Chart: {
            const std::unique_ptr<BenchChart> chart = charts.create(b.chart);
            if (chart && !writeChart(prefix, chart.get(), markdown))
                return false;
            break;
        }
        case Kind::Tabs:
            for (const bs::ReportTab &tab : b.tabs) {
                markdown += QStringLiteral("<a id=\"%1\"></a>\n\n").arg(qs(tab.id)) + hashes(level) + line(tab.label)
                    + QStringLiteral("\n\n");
                if (!writeBlocks(prefix, tab.blocks, level + 1, charts, markdown))
                    return false;
            }
            break;
        case Kind::Downloads:
            if (!b.text.empty())
                markdown += line(b.text) + QStringLiteral("\n\n");
            for (const bs::ReportDownload &d : b.downloads)
                markdown += QStringLiteral("- [%1](%2)\n").arg(line(d.label), qs(d.path));
            markdown += QLatin1Char('\n');
            break;
        case Kind::Code: markdown += codeBlock(qs(b.text)); break;
        case Kind::Html: break; // an authored page's prose: the page's alone
        }
    }
    return true;
}

bool ReportWriter::writeIndex(const QString &prefix, const bs::ReportContent &content, const QString &intro,
                              const QString &footer)
{
    ReportCharts charts(content);
    QString index = QStringLiteral("# ") + line(content.title) + QStringLiteral("\n\n") + intro;
    index += QStringLiteral("## Contents\n\n");
    for (const bs::ReportSection &s : content.sections)
        index += QString((s.level - 2) * 2, QLatin1Char(' ')) + QStringLiteral("- [%1](#%2)\n").arg(line(s.heading), qs(s.id));
    index += QLatin1Char('\n');
    for (const bs::ReportSection &s : content.sections) {
        index += QStringLiteral("<a id=\"%1\"></a>\n\n").arg(qs(s.id)) + hashes(s.level) + line(s.heading)
            + QStringLiteral("\n\n");
        if (!writeBlocks(prefix, s.blocks, s.level + 1, charts, index))
            return false;
    }
    if (!content.reading.empty())
        index += QStringLiteral("**How to read these figures.** ") + line(content.reading) + QStringLiteral("\n\n");
    index += QStringLiteral("---\n") + footer;
    return writeText(prefix + QStringLiteral("index.md"), index.toUtf8());
}

bool ReportWriter::write(std::shared_ptr<const bs::Capture> capture)
{
    return claimFolder({capture}) && writeCapture(QString(), std::move(capture), QString()) && writeManifest();
}

bool ReportWriter::writeCapture(const QString &prefix, std::shared_ptr<const bs::Capture> capture, const QString &heading)
{
    const bs::Capture &c = *capture;
    bs::ReportContent content;
    const std::string title = bs::CaptureName::title(c);
    content.title = heading.isEmpty() ? title : heading.toStdString() + ": " + title;
    // The capture itself beside the report, linked from its Downloads section.
    CaptureDownloads downloads(
        [&](const std::string &relative, bs::LoadError &e) { return m_site.path(prefix.toStdString() + relative, e); },
        "capture");
    reportBuilder([&](const bs::Capture &of) { return downloads.write(of); })
        .addCapture(content, capture, bs::Slug::fileName(c.suite.id), title, 2);
    for (const std::string &file : downloads.written())
        m_files << prefix + qs(file);
    if (!downloads.error().message.empty()) {
        m_error = qs(downloads.error().toString());
        return false;
    }
    QString intro;
    if (!c.sourcePath.empty())
        intro += QStringLiteral("Capture: ") + line(QFileInfo(qs(c.sourcePath)).fileName());
    if (!c.capturedAt.empty())
        intro += QStringLiteral(", captured ") + line(c.capturedAt);
    intro += QStringLiteral(".\n\n");
    return writeIndex(prefix, content, intro, QStringLiteral("Made with Benchscope (`benchscope-cli report`).\n"));
}

bool ReportWriter::writeComparison(std::shared_ptr<const bs::Capture> before, std::shared_ptr<const bs::Capture> after)
{
    if (!claimFolder({before, after}))
        return false;
    DiffModel names;
    names.setCaptures(before, after);
    bs::ReportContent content;
    content.title = "Before/after: " + after->suite.name();
    reportBuilder().addComparison(content, before, after, bs::Slug::fileName(after->suite.id));
    QString intro;
    intro += QStringLiteral("- before: **%1** (%2) — [its report](before/index.md)\n")
                 .arg(line(names.beforeLabel()), line(QFileInfo(qs(before->sourcePath)).fileName()));
    intro += QStringLiteral("- after: **%1** (%2) — [its report](after/index.md)\n\n")
                 .arg(line(names.afterLabel()), line(QFileInfo(qs(after->sourcePath)).fileName()));
    return writeCapture(QStringLiteral("before/"), before, QStringLiteral("Before"))
        && writeCapture(QStringLiteral("after/"), after, QStringLiteral("After"))
        && writeIndex(QString(), content, intro,
                      QStringLiteral("Made with Benchscope (`benchscope-cli report BEFORE AFTER`).\n"))
        && writeManifest();
}

bool ReportWriter::writeHistory(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    if (!claimFolder(captures))
        return false;
    bs::ReportContent content;
    std::string error;
    CaptureDownloads downloads([&](const std::string &relative, bs::LoadError &e) { return m_site.path(relative, e); },
                               "capture");
    ReportContentBuilder builder = reportBuilder([&](const bs::Capture &of) { return downloads.write(of); });
    const std::string id = captures.empty() ? std::string() : bs::Slug::fileName(captures.back()->suite.id);
    if (captures.empty() || !builder.addHistory(content, captures, id, error)) {
        m_error = captures.empty() ? QStringLiteral("no captures") : qs(error);
        return false;
    }
    builder.addDownloads(content, captures, id, 3);
    for (const std::string &file : downloads.written())
        m_files << qs(file);
    if (!downloads.error().message.empty()) {
        m_error = qs(downloads.error().toString());
        return false;
    }
    content.title = "History: " + content.sections.front().heading;
    return writeIndex(QString(), content, {},
                      QStringLiteral("Made with Benchscope (`benchscope-cli report FILE... --out DIR`, three or more "
                                     "captures of one suite).\n"))
        && writeManifest();
}
