#include "pagepublisher.h"

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
