#pragma once

#include "reportcontent.h"

#include <map>
#include <memory>
#include <string>
#include <utility>

class BenchChart;
class CaptureModels;
class DiffModel;
class HistoryModel;

// Draws the charts a bs::ReportContent names, through ChartFactory, each
// following the model of its table (a capture's CaptureModels, a pair's
// DiffModel, a history's HistoryModel), made once per content and kept (a
// capture's until release()).
class ReportCharts {
public:
    explicit ReportCharts(const bs::ReportContent &content);
    ~ReportCharts();

    // Null when the chart's kind or captures are not in the content.
    std::unique_ptr<BenchChart> create(const bs::ReportChart &chart);
    // Draws `chart` for the page: its SVG and its values' marks, in place
    // (both empty when it cannot be drawn).
    void draw(bs::ReportChart &chart);
    // Drops the captures' table models made so far: each table holds every
    // name it shows (a 1 MiB name in each), and a capture's next chart makes
    // its own cheaply. No chart made by create() may be alive.
    void release();

private:
    const bs::ReportContent &m_content;
    std::map<std::size_t, std::unique_ptr<CaptureModels>> m_models;
    std::map<std::size_t, std::unique_ptr<DiffModel>> m_diffs;
    std::map<std::pair<std::size_t, std::string>, std::unique_ptr<HistoryModel>> m_histories;
};
