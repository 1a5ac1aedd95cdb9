#include "pagepublisher.h"

#include "capturewriter.h"
#include "fileio.h"
#include "htmlpage.h"
#include "reportcharts.h"
#include "reportcontentbuilder.h"
#include "sha256.h"
#include "sitefolder.h"
#include "slug.h"

#include <map>
#include <set>

namespace {

// The captures by suite, suites in first-seen order, captures as given.
std::vector<std::vector<std::shared_ptr<const bs::Capture>>>
bySuite(const std::vector<std::shared_ptr<const bs::Capture>> &captures)
{
    std::vector<std::vector<std::shared_ptr<const bs::Capture>>> suites;
    std::map<std::string, std::size_t> index;
    for (const auto &c : captures) {
        const auto [it, added] = index.emplace(c->suite.id, suites.size());
        if (added)
            suites.emplace_back();
        suites[it->second].push_back(c);
    }
    return suites;
}

// Writes a capture's summary and raw files into downloads/ of the site.
class Downloads {
public:
    explicit Downloads(const bs::SiteFolder &site)
        : m_site(site)
    {
    }

    std::vector<bs::ReportDownload> write(const bs::Capture &c)
    {
        if (!m_error.message.empty())
            return {};
        std::string stem = bs::Slug::fileName(c.suite.id + (c.revision.name().empty() ? "" : "-" + c.revision.name()));
        for (int n = 2; !m_stems.insert(stem).second; ++n)
            stem = bs::Slug::fileName(c.suite.id) + "-" + std::to_string(n);
        const std::string summary = "downloads/" + stem + ".json";
        const std::string path = m_site.path(summary, m_error);
        bs::CaptureWriter::Options split;
        split.splitRaw = true;
        if (path.empty() || !bs::CaptureWriter::write(c, path, split, m_error))
            return {};
        const std::string raw = bs::CaptureWriter::rawPathFor(summary);
        return {file("Summary and provenance (JSON)", summary), file("Every repetition (gzip JSON)", raw)};
    }

    const bs::LoadError &error() const { return m_error; }

private:
    bs::ReportDownload file(const std::string &label, const std::string &relative)
    {
        const std::string path = m_site.path(relative, m_error);
        const std::optional<std::string> bytes = path.empty() ? std::nullopt : bs::FileIO::readFile(path, m_error);
        if (!bytes)
            return {label, relative, 0, {}};
        return {label, relative, bytes->size(), bs::Sha256::hex(*bytes)};
    }

    const bs::SiteFolder &m_site;
    std::set<std::string> m_stems;
    bs::LoadError m_error;
};

// Every chart of the content drawn as SVG, in place.
void drawCharts(bs::ReportContent &content)
{
    ReportCharts charts(content);
    auto draw = [&](auto &self, std::vector<bs::ReportBlock> &blocks) -> void {
        for (bs::ReportBlock &b : blocks) {
            if (b.kind == bs::ReportBlock::Kind::Chart)
                b.chart.svg = charts.svg(b.chart);
            for (bs::ReportTab &tab : b.tabs)
                self(self, tab.blocks);
        }
    };
    for (bs::ReportSection &s : content.sections)
        draw(draw, s.blocks);
}

} // namespace

bool PagePublisher::publish(const std::vector<std::shared_ptr<const bs::Capture>> &captures, const Options &options,
                            Summary &summary, bs::LoadError &error)
{
    bs::SiteFolder site;
    if (!site.begin(options.out, options.force, options.inputs, error))
        return false;
    Downloads downloads(site);
    ReportContentBuilder::Options build;
    build.everyMetric = false;
    build.downloads = [&](const bs::Capture &c) { return downloads.write(c); };
    ReportContentBuilder builder(build);
    bs::ReportContent content;
    const auto suites = bySuite(captures);
    for (const auto &suite : suites) {
        std::string message;
        if (!builder.addSuite(content, suite, message)) {
            error = {suite.front()->sourcePath, {}, message};
            return false;
        }
        if (!downloads.error().message.empty()) {
            error = downloads.error();
            return false;
        }
    }
    content.title = !options.title.empty() ? options.title
        : suites.size() == 1                 ? captures.front()->suite.name()
                                             : std::string("Benchmarks");
    drawCharts(content);
    const std::string page = bs::HtmlPage::render(content);
    if (!site.write("index.html", page, error) || !site.write(bs::HtmlPage::kStylePath, bs::HtmlPage::style(), error)
        || !site.write(bs::HtmlPage::kScriptPath, bs::HtmlPage::script(), error) || !site.commit(error))
        return false;
    summary.suites = suites.size();
    summary.files = 3 + 2 * captures.size();
    summary.pageBytes = page.size();
    return true;
}
