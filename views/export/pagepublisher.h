#pragma once

#include "capture.h"
#include "loaderror.h"
#include "pagesource.h"
#include "reportcontent.h"

#include <memory>
#include <string>
#include <vector>

namespace bs {
class SiteFolder;
}

// Publishes captures as a web page: SITE/index.html, its two assets and
// downloads/ (each capture's summary JSON and raw gzip JSON, split as
// `benchscope-run --split-raw` writes them), all local. A section per
// suite in the order the captures give (ReportContentBuilder), the charts
// inlined as SVG (ReportCharts), the HTML written by bs::HtmlPage. The site
// is built in a temporary folder beside `out` and moved into place
// (bs::SiteFolder): on any error nothing is written. With an authored page
// (Options::page), the page's prose and blocks decide what stands where
// (AuthoredContent).
class PagePublisher {
public:
    struct Options {
        std::string out;
        std::string title; // default: the suite's name, or "Benchmarks" for several
        bool force = false;
        std::vector<std::string> inputs; // never inside `out`
        // An authored page (`--page`): its prose and blocks place the
        // captures, which are then those it names (by resolved path).
        const bs::PageSource *page = nullptr;
        // Per capture, the argument that named it (captures found in one
        // folder share it): two of a suite named by separate arguments are
        // a before/after in that order (CapturePair). Empty: no order said.
        std::vector<std::size_t> arguments;
    };
    struct Summary {
        std::size_t suites = 0;
        std::size_t files = 0;
        std::uint64_t pageBytes = 0;
    };

    // The captures of one suite, as the page shows them together.
    struct Suite {
        std::vector<std::shared_ptr<const bs::Capture>> captures;
        bool orderStated = true; // each named by an argument of its own (Options::arguments)
    };
    // The captures by suite, suites in first-seen order, captures as given.
    static std::vector<Suite> suites(const std::vector<std::shared_ptr<const bs::Capture>> &captures,
                                     const std::vector<std::size_t> &arguments);

    static bool publish(const std::vector<std::shared_ptr<const bs::Capture>> &captures, const Options &options,
                        Summary &summary, bs::LoadError &error);
    // Draws the content's charts, writes index.html and its two assets into
    // `site` and commits it (the page of `publish` and of `publish --store`);
    // Summary::files and pageBytes filled.
    static bool writePage(bs::SiteFolder &site, bs::ReportContent &content, Summary &summary, bs::LoadError &error);
};
