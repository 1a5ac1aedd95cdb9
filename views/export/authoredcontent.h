#pragma once

#include "capture.h"
#include "loaderror.h"
#include "pagesource.h"
#include "reportcontent.h"
#include "reportcontentbuilder.h"

#include <map>
#include <memory>
#include <string>

// The content of an authored page (`publish --page PAGE.md`): the author's
// prose in order, and at each ```benchscope block the part of Benchscope's
// sections it asks for, chosen from what ReportContentBuilder makes of its
// captures (so a table on an authored page is the one the plain page shows).
// Figures in the prose are computed here; one that cannot be is an error
// naming the page's line.
class AuthoredContent {
public:
    using Captures = std::map<std::string, std::shared_ptr<const bs::Capture>>; // by resolved file

    AuthoredContent(const bs::PageSource &page, const Captures &captures, ReportContentBuilder::Options options);

    bool build(bs::ReportContent &content, bs::LoadError &error);

private:
    bool addBlock(bs::ReportContent &content, const bs::PageBlock &block, const std::string &id, std::string &message);
    std::shared_ptr<const bs::Capture> capture(const std::string &reference) const;
    // The blocks of `block.show` out of the sections made from [first, end).
    bool pick(bs::ReportContent &content, std::size_t first, const bs::PageBlock &block, const std::string &id,
              std::string &message);

    const bs::PageSource &m_page;
    const Captures &m_captures;
    ReportContentBuilder m_builder;
    ReportContentBuilder m_everyMetric; // for a metric other than the primary, and charts
};
