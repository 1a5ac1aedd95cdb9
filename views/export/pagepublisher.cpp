#include "pagepublisher.h"

#include "authoredcontent.h"
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
                charts.draw(b.chart);
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
    // A capture placed twice is written once.
    std::map<const bs::Capture *, std::vector<bs::ReportDownload>> written;
    ReportContentBuilder::Options build;
    build.everyMetric = false;
    build.csv = false;
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
        const std::vector<Suite> suites = PagePublisher::suites(captures, options.arguments);
        for (const Suite &suite : suites) {
            std::string message;
            if (!builder.addSuite(content, suite.captures, message, suite.orderStated)) {
                error = {suite.captures.front()->sourcePath, {}, message};
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
    summary.suites = suiteCount;
    return writePage(site, content, summary, error);
}

bool PagePublisher::writePage(bs::SiteFolder &site, bs::ReportContent &content, Summary &summary, bs::LoadError &error)
{
    drawCharts(content);
    const std::string page = bs::HtmlPage::render(content);
    if (!site.write("index.html", page, error) || !site.write(bs::HtmlPage::kStylePath, bs::HtmlPage::style(), error)
        || !site.write(bs::HtmlPage::kScriptPath, bs::HtmlPage::script(), error))
        return false;
    summary.files = site.files().size();
    summary.pageBytes = page.size();
    return site.commit(error);
}
