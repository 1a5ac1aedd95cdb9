#include "exportcommand.h"

#include "benchchart.h"
#include "capturemodels.h"
#include "chartexporter.h"
#include "chartfactory.h"
#include "commandline.h"
#include "headlessgui.h"
#include "historymodel.h"
#include "diffmodel.h"
#include "tablebuilder.h"
#include "participantfilterproxy.h"
#include "tableexporter.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <ostream>

namespace {

using Option = CommandLine::Option;

const char *kExportUsage =
    "usage: benchscope-cli export FILE... --chart range|box|bars|latency|history [--case ID] [--metric ID]\n"
    "                             --out PATH.png|svg|pdf [--size WxH] [--pixel-ratio R]\n"
    "       benchscope-cli export FILE --table all-cases|case [--case ID] [--metric ID]\n"
    "                             --format csv|md|html [--out PATH]\n";

struct Options {
    std::vector<std::string> files;
    std::string chart, table, caseId, metricId, out, size, format, pixelRatio;
};

bool parseSize(const std::string &text, QSize &size)
{
    const QStringList parts = QString::fromStdString(text).split(QLatin1Char('x'));
    bool okW = false, okH = false;
    if (parts.size() == 2)
        size = QSize(parts[0].toInt(&okW), parts[1].toInt(&okH));
    return okW && okH && size.width() >= 100 && size.height() >= 100 && size.width() <= 20000 && size.height() <= 20000;
}

// Makes the chart through ChartFactory and saves it, at its report size
// unless --size fixed one.
bool saveChart(CommandContext &ctx, ChartFactory::Kind kind, std::shared_ptr<const bs::Capture> capture,
               const std::string &caseId, const std::string &metricId, QAbstractItemModel *rows,
               const std::string &out, ChartExporter::Options options, bool fixedSize)
{
    const std::unique_ptr<BenchChart> chart(ChartFactory::create(kind, std::move(capture), caseId, metricId, rows));
    if (!fixedSize)
        options.size = chart->reportSize();
    QString error;
    if (!ChartExporter::save(chart.get(), QString::fromStdString(out), options, &error)) {
        ctx.err << "benchscope-cli: " << error.toStdString() << "\n";
        return false;
    }
    ctx.out << "wrote " << out << " (" << options.size.width() << "x" << options.size.height() << ")\n";
    return true;
}

// Two captures: the before/after paired range plot of one case and metric.
int exportPaired(CommandContext &ctx, const Options &o, std::vector<bs::Capture> &captures,
                 ChartExporter::Options options, bool fixedSize)
{
    auto before = std::make_shared<const bs::Capture>(std::move(captures[0]));
    auto after = std::make_shared<const bs::Capture>(std::move(captures[1]));
    const bs::Metric *metric = o.metricId.empty() ? after->primaryMetric() : after->metric(o.metricId);
    if (!metric) {
        ctx.err << "benchscope-cli: " << after->sourcePath << ": no metric \"" << o.metricId << "\"\n";
        return 1;
    }
    const std::string caseId = o.caseId.empty() && !after->cases.empty() ? after->cases.front().id : o.caseId;
    if (!after->caseInfo(caseId) && !before->caseInfo(caseId)) {
        ctx.err << "benchscope-cli: no case \"" << caseId << "\" in either capture\n";
        return 1;
    }
    DiffModel model;
    model.setCaptures(before, after);
    return saveChart(ctx, ChartFactory::Kind::Paired, {}, caseId, metric->id, &model, o.out, options, fixedSize) ? 0 : 1;
}

// Captures of one suite: the history chart of one metric (the primary by
// default), every participant, one case with --case.
int exportHistory(CommandContext &ctx, const Options &o, const std::vector<bs::Capture> &captures,
                  ChartExporter::Options options, bool fixedSize)
{
    std::vector<const bs::Capture *> raw;
    for (const bs::Capture &c : captures)
        raw.push_back(&c);
    std::string error;
    std::optional<bs::History> built = bs::History::build(raw, {}, error);
    if (!built) {
        ctx.err << "benchscope-cli: " << error << "\n";
        return 1;
    }
    if (!o.metricId.empty() && !built->metric(o.metricId)) {
        ctx.err << "benchscope-cli: no metric \"" << o.metricId << "\" in these captures\n";
        return 1;
    }
    HistoryModel model;
    model.setHistory(std::make_shared<const bs::History>(std::move(*built)));
    model.setMetric(o.metricId);
    model.setFilter({}, o.caseId, {});
    if (model.rowCount() == 0) {
        ctx.err << "benchscope-cli: no series of case \"" << o.caseId << "\" in these captures\n";
        return 1;
    }
    return saveChart(ctx, ChartFactory::Kind::History, {}, {}, {}, &model, o.out, options, fixedSize) ? 0 : 1;
}

int exportChart(CommandContext &ctx, const Options &o, std::vector<bs::Capture> &captures)
{
    const std::optional<ChartFactory::Kind> kind = ChartFactory::kindFromName(QString::fromStdString(o.chart));
    if (!kind || *kind == ChartFactory::Kind::Paired) {
        ctx.err << "export: unknown chart \"" << o.chart << "\" (expected range, box, bars, latency or history)\n";
        return 2;
    }
    if (o.out.empty() || !ChartExporter::formatFor(QString::fromStdString(o.out))) {
        ctx.err << "export: --out PATH.png, PATH.svg or PATH.pdf is needed for a chart\n" << kExportUsage;
        return 2;
    }
    ChartExporter::Options options;
    const bool fixedSize = !o.size.empty();
    if (fixedSize && !parseSize(o.size, options.size)) {
        ctx.err << "export: --size takes WIDTHxHEIGHT in pixels, e.g. 1200x700\n";
        return 2;
    }
    if (!o.pixelRatio.empty()) {
        bool ok = false;
        options.pixelRatio = QString::fromStdString(o.pixelRatio).toDouble(&ok);
        // Written so that NaN (which compares false with everything) fails too.
        if (!ok || !(options.pixelRatio >= 0.5 && options.pixelRatio <= 4)) {
            ctx.err << "export: --pixel-ratio takes a number from 0.5 to 4\n";
            return 2;
        }
    }
    if (*kind == ChartFactory::Kind::History)
        return exportHistory(ctx, o, captures, options, fixedSize);
    if (captures.size() == 2 && *kind == ChartFactory::Kind::Range)
        return exportPaired(ctx, o, captures, options, fixedSize);
    if (captures.size() != 1) {
        ctx.err << "export: a chart is drawn from one capture (two only for a before/after range plot)\n";
        return 2;
    }
    auto capture = std::make_shared<const bs::Capture>(std::move(captures.front()));
    if (!ctx.hasMetric(*capture, o.metricId))
        return 1;
    if (capture->cases.empty()) {
        ctx.err << "benchscope-cli: " << capture->sourcePath << ": the capture has no cases\n";
        return 1;
    }
    const std::string caseId = o.caseId.empty() ? capture->cases.front().id : o.caseId;
    if (!capture->caseInfo(caseId)) {
        ctx.err << "benchscope-cli: " << capture->sourcePath << ": no case \"" << caseId << "\"\n";
        return 1;
    }
    if (!ChartFactory::applies(*kind, *capture, caseId)) {
        ctx.err << "benchscope-cli: " << capture->sourcePath << ": case \"" << caseId << "\" has nothing for a "
                << o.chart << " chart"
                << (*kind == ChartFactory::Kind::Box ? " (no result has 5 or more repetitions)\n"
                                                     : " (no latency histograms)\n");
        return 1;
    }

    CaptureModels models(capture);
    QAbstractItemModel *rows = *kind == ChartFactory::Kind::Bars
        ? static_cast<QAbstractItemModel *>(models.allCases(o.metricId))
        : static_cast<QAbstractItemModel *>(models.caseTable(caseId));
    return saveChart(ctx, *kind, capture, caseId, o.metricId, rows, o.out, options, fixedSize) ? 0 : 1;
}

int exportTable(CommandContext &ctx, const Options &o, std::vector<bs::Capture> &captures)
{
    if (o.table != "all-cases" && o.table != "case") {
        ctx.err << "export: unknown table \"" << o.table << "\" (expected all-cases or case)\n";
        return 2;
    }
    bs::TableRenderer::Format format = bs::TableRenderer::Format::Csv;
    if (!o.format.empty()) {
        if (!bs::TableRenderer::parseFormat(o.format, format)) {
            ctx.err << "export: unknown format \"" << o.format << "\" (expected csv, md or html)\n";
            return 2;
        }
    } else if (const auto f = TableExporter::formatFor(QString::fromStdString(o.out))) {
        format = *f;
    } else {
        ctx.err << "export: --format csv|md|html is needed for a table\n";
        return 2;
    }
    if (captures.size() != 1) {
        ctx.err << "export: a table is written from one capture\n";
        return 2;
    }
    auto capture = std::make_shared<const bs::Capture>(std::move(captures.front()));
    if (!ctx.hasMetric(*capture, o.metricId))
        return 1;
    bs::Table table;
    if (o.table == "case") {
        const std::string caseId = o.caseId.empty() && !capture->cases.empty() ? capture->cases.front().id : o.caseId;
        if (!capture->caseInfo(caseId)) {
            ctx.err << "benchscope-cli: " << capture->sourcePath << ": no case \"" << caseId << "\"\n";
            return 1;
        }
        table = bs::TableBuilder::caseTable(*capture, caseId);
    } else {
        table = bs::TableBuilder::allCases(*capture, o.metricId);
    }
    const bs::TextTable text = bs::TableRenderer::textFor(table, format);
    if (o.out.empty() || o.out == "-") {
        ctx.out << bs::TableRenderer::render(text, format);
        return 0;
    }
    QString error;
    if (!TableExporter::save(text, QString::fromStdString(o.out), format, &error)) {
        ctx.err << "benchscope-cli: " << error.toStdString() << "\n";
        return 1;
    }
    ctx.out << "wrote " << o.out << " (" << text.rows.size() << " rows)\n";
    return 0;
}

} // namespace

int ExportCommand::run(CommandContext &ctx)
{
    CommandLine cl(ctx, "export", kExportUsage,
                   {Option::Chart, Option::Table, Option::Case, Option::Metric, Option::Out, Option::Size,
                    Option::Format, Option::PixelRatio});
    if (!cl.parse())
        return cl.exitCode();
    Options o;
    o.files = cl.files();
    o.chart = cl.value(Option::Chart);
    o.table = cl.value(Option::Table);
    o.caseId = cl.value(Option::Case);
    o.metricId = cl.value(Option::Metric);
    o.out = cl.value(Option::Out);
    o.size = cl.value(Option::Size);
    o.format = cl.value(Option::Format);
    o.pixelRatio = cl.value(Option::PixelRatio);
    if (o.files.empty() || o.chart.empty() == o.table.empty())
        return cl.usageError(o.files.empty() ? "a FILE is needed" : "one of --chart and --table is needed");
    if (!o.out.empty() && o.out != "-" && !ctx.keepsInputs({o.out}, o.files))
        return 1;
    std::vector<bs::Capture> captures;
    if (!ctx.loadAll(o.files, captures))
        return 1;
    HeadlessGui gui;
    return o.chart.empty() ? exportTable(ctx, o, captures) : exportChart(ctx, o, captures);
}
