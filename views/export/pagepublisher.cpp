#include "pagepublisher.h"

#include "capturedownloads.h"
#include "htmlpage.h"
#include "reportcharts.h"
#include "reportcontentbuilder.h"
#include "sitefolder.h"

#include <map>
#include <set>

namespace {

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

std::vector<PagePublisher::Suite> PagePublisher::suites(const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                                                        const std::vector<std::size_t> &arguments)
{
    std::vector<Suite> out;
    std::vector<std::set<std::size_t>> named; // per suite, the arguments that named its captures
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < captures.size(); ++i) {
        const auto [it, added] = index.emplace(captures[i]->suite.id, out.size());
        if (added) {
            out.emplace_back();
            named.emplace_back();
        }
        Suite &suite = out[it->second];
        suite.captures.push_back(captures[i]);
        suite.orderStated = suite.orderStated && i < arguments.size() && named[it->second].insert(arguments[i]).second;
    }
    return out;
}

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
    const std::vector<Suite> suites = PagePublisher::suites(captures, options.arguments);
    for (const Suite &suite : suites) {
        std::string message;
        if (!builder.addSuite(content, suite.captures, message, suite.orderStated)) {
            error = {suite.captures.front()->sourcePath, {}, message};
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
