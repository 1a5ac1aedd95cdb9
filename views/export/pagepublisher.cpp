#include "pagepublisher.h"

#include "authoredcontent.h"
#include "capturedownloads.h"
#include "htmlpage.h"
#include "reportcharts.h"
#include "reportcontentbuilder.h"
#include "sitefolder.h"

#include <map>

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
    CaptureDownloads downloads([&site](const std::string &relative, bs::LoadError &e) { return site.path(relative, e); },
                               "downloads");
    // A capture placed twice is written once.
    std::map<const bs::Capture *, std::vector<bs::ReportDownload>> written;
    ReportContentBuilder::Options build;
    build.everyMetric = false;
    build.downloads = [&](const bs::Capture &c) {
        const auto it = written.find(&c);
        return it != written.end() ? it->second : written[&c] = downloads.write(c);
    };
    bs::ReportContent content;
    std::size_t suiteCount = 0;
    if (options.page) {
        AuthoredContent::Captures byFile;
        for (std::size_t i = 0; i < captures.size() && i < options.inputs.size(); ++i)
            byFile[options.inputs[i]] = captures[i];
        if (!AuthoredContent(*options.page, byFile, build).build(content, error))
            return false;
        suiteCount = options.page->blocks.size();
    } else {
        ReportContentBuilder builder(build);
        const auto suites = bySuite(captures);
        for (const auto &suite : suites) {
            std::string message;
            if (!builder.addSuite(content, suite, message)) {
                error = {suite.front()->sourcePath, {}, message};
                return false;
            }
        }
        suiteCount = suites.size();
        content.title = suites.size() == 1 ? captures.front()->suite.name() : std::string("Benchmarks");
    }
    if (!downloads.error().message.empty()) {
        error = downloads.error();
        return false;
    }
    if (!options.title.empty())
        content.title = options.title;
    else if (content.title.empty())
        content.title = "Benchmarks";
    drawCharts(content);
    const std::string page = bs::HtmlPage::render(content);
    if (!site.write("index.html", page, error) || !site.write(bs::HtmlPage::kStylePath, bs::HtmlPage::style(), error)
        || !site.write(bs::HtmlPage::kScriptPath, bs::HtmlPage::script(), error) || !site.commit(error))
        return false;
    summary.suites = suiteCount;
    summary.files = 3 + downloads.written().size();
    summary.pageBytes = page.size();
    return true;
}
