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
#include <optional>

namespace {

std::string md(const bs::TextTable &table)
{
    return bs::TableRenderer::render(table, bs::TableRenderer::Format::Markdown);
}

std::string hashes(int level)
{
    return std::string(std::size_t(std::clamp(level, 0, 6)), '#') + ' ';
}

// Text from a capture on one line of Markdown: no HTML tag survives it,
// and a newline would end a list item or a heading.
std::string line(const std::string &text)
{
    return bs::TextEscape::markdown(text);
}

std::string line(const QString &text)
{
    return line(text.toStdString());
}

// A fenced code block that no run of backticks in the text can close: the
// fence is one longer than the longest run (CommonMark).
std::string codeBlock(const std::string &text)
{
    std::size_t longest = 0, run = 0;
    for (char c : text)
        longest = std::max(longest, run = c == '`' ? run + 1 : 0);
    const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
    return fence + '\n' + text + '\n' + fence + "\n\n";
}

// An HTML anchor a section or tab's link lands on.
std::string anchor(const std::string &id)
{
    return "<a id=\"" + id + "\"></a>\n\n";
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

bool ReportWriter::writeText(const QString &relativePath, const std::string &bytes)
{
    const QString path = target(relativePath);
    if (path.isEmpty() || !TableExporter::writeFile(path, bytes, &m_error))
        return false;
    m_files << relativePath;
    return true;
}

bool ReportWriter::writeChart(const QString &prefix, BenchChart *chart, std::string &markdown)
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
    const std::string file = stem.toStdString();
    markdown += "![" + line(chart->title()) + "](" + file + ".png)\n\n[SVG](" + file + ".svg) · [PNG](" + file + ".png)\n\n";
    return true;
}


bool ReportWriter::writeTable(const QString &prefix, const bs::ReportTable &table, std::string &markdown)
{
    const QString stem = m_names.take(prefix, qs(table.stem)); // unique ignoring case, like the charts'
    using Format = bs::TableRenderer::Format;
    const std::optional<bs::TextTable> machine = table.source ? std::optional(table.source->machine()) : std::nullopt;
    const bs::TextTable &csv = machine ? *machine : table.table;
    if (!writeText(prefix + stem + QStringLiteral(".md"), bs::TableRenderer::render(table.table, Format::Markdown))
        || !writeText(prefix + stem + QStringLiteral(".csv"), bs::TableRenderer::render(csv, Format::Csv)))
        return false;
    const std::string file = stem.toStdString();
    markdown += md(table.table) + "\n[Markdown](" + file + ".md) · [CSV](" + file + ".csv)\n\n";
    return true;
}

bool ReportWriter::writeBlocks(const QString &prefix, const std::vector<bs::ReportBlock> &blocks, int level,
                               ReportCharts &charts, std::string &markdown)
{
    using Kind = bs::ReportBlock::Kind;
    for (const bs::ReportBlock &b : blocks) {
        switch (b.kind) {
        case Kind::Text: markdown += line(b.text) + "\n\n"; break;
        case Kind::Notes:
        case Kind::List:
            if (!b.text.empty())
                markdown += b.kind == Kind::Notes ? "**" + line(b.text) + ":**\n\n" : line(b.text) + "\n\n";
            for (const std::string &item : b.items)
                markdown += "- " + line(item) + '\n';
            markdown += '\n';
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
                markdown += anchor(tab.id) + hashes(level) + line(tab.label) + "\n\n";
                if (!writeBlocks(prefix, tab.blocks, level + 1, charts, markdown))
                    return false;
            }
            break;
        case Kind::Downloads:
            if (!b.text.empty())
                markdown += line(b.text) + "\n\n";
            for (const bs::ReportDownload &d : b.downloads)
                markdown += "- [" + line(d.label) + "](" + d.path + ")\n";
            markdown += '\n';
            break;
        case Kind::Code: markdown += codeBlock(b.text); break;
        case Kind::Html: break; // an authored page's prose: the page's alone
        }
    }
    return true;
}

bool ReportWriter::writeIndex(const QString &prefix, const bs::ReportContent &content, const std::string &intro,
                              const std::string &footer)
{
    ReportCharts charts(content);
    std::string index;
    index.reserve(content.textBytes() + content.textBytes() / 8 + 64 * 1024); // Markdown's marks and escapes
    index += "# " + line(content.title) + "\n\n" + intro;
    index += "## Contents\n\n";
    for (const bs::ReportSection &s : content.sections)
        index += std::string(std::size_t(std::max(s.level - 2, 0) * 2), ' ') + "- [" + line(s.heading) + "](#" + s.id + ")\n";
    index += '\n';
    for (const bs::ReportSection &s : content.sections) {
        index += anchor(s.id) + hashes(s.level) + line(s.heading) + "\n\n";
        if (!writeBlocks(prefix, s.blocks, s.level + 1, charts, index))
            return false;
    }
    if (!content.reading.empty())
        index += "**How to read these figures.** " + line(content.reading) + "\n\n";
    index += "---\n" + footer;
    return writeText(prefix + QStringLiteral("index.md"), index);
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
    std::string intro;
    if (!c.sourcePath.empty())
        intro += "Capture: " + line(QFileInfo(qs(c.sourcePath)).fileName());
    if (!c.capturedAt.empty())
        intro += ", captured " + line(c.capturedAt);
    intro += ".\n\n";
    return writeIndex(prefix, content, intro, "Made with Benchscope (`benchscope-cli report`).\n");
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
    const std::string intro = "- before: **" + line(names.beforeLabel()) + "** ("
        + line(QFileInfo(qs(before->sourcePath)).fileName()) + ") — [its report](before/index.md)\n- after: **"
        + line(names.afterLabel()) + "** (" + line(QFileInfo(qs(after->sourcePath)).fileName())
        + ") — [its report](after/index.md)\n\n";
    return writeCapture(QStringLiteral("before/"), before, QStringLiteral("Before"))
        && writeCapture(QStringLiteral("after/"), after, QStringLiteral("After"))
        && writeIndex(QString(), content, intro, "Made with Benchscope (`benchscope-cli report BEFORE AFTER`).\n")
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
                      "Made with Benchscope (`benchscope-cli report FILE... --out DIR`, three or more captures of "
                      "one suite).\n")
        && writeManifest();
}
