// table-bench: how long a 100,000-row result table takes to build, sort and
// filter through the proxy the views use. Prints one line per step.
//
//   build-gui/bin/table-bench [ROWS]
#include "casetablemodel.h"
#include "allcasesmodel.h"
#include "participantfilterproxy.h"
#include "summarizer.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <cstdio>
#include <functional>
#include <memory>
#include <random>

namespace {

// Synthetic on purpose: the point is the row count, not the figures.
std::shared_ptr<const bs::Capture> makeCapture(int rows)
{
    bs::Capture c;
    c.suite = {"table-bench", "table-bench"};
    c.metrics = {{"rps", "Requests/s", "req/s", bs::Direction::HigherIsBetter, true, ""},
                 {"p99", "p99 latency", "s", bs::Direction::LowerIsBetter, false, ""},
                 {"rss", "Memory", "B", bs::Direction::LowerIsBetter, false, ""}};
    c.cases = {{"a", "Case A", "", ""}, {"b", "Case B", "", ""}};
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> rps(1000, 200000), lat(1e-4, 1e-2), rss(1e7, 1e9);
    const char *runtimes[] = {"bun 1.3", "node v26", "deno 2.9"};
    for (int i = 0; i < rows; ++i) {
        const std::string id = "p-" + std::to_string(i);
        c.participants.push_back({id, "Participant " + std::to_string(i), runtimes[i % 3], "1.0", false, {"tag" + std::to_string(i % 17)}});
        for (const bs::CaseInfo &k : c.cases) {
            bs::Result r;
            r.participant = id;
            r.caseId = k.id;
            if (i % 50 == 7) {
                r.status = bs::ResultStatus::Unsupported;
            } else {
                for (int rep = 0; rep < 3; ++rep)
                    r.repetitions.push_back({{{"rps", rps(rng)}, {"p99", lat(rng)}, {"rss", rss(rng)}}, {}, {}, {}, {}});
            }
            c.results.push_back(std::move(r));
        }
    }
    bs::Summarizer::summarize(c);
    return std::make_shared<const bs::Capture>(std::move(c));
}

double timeMs(const std::function<void()> &f)
{
    QElapsedTimer timer;
    timer.start();
    f();
    return double(timer.nsecsElapsed()) / 1e6;
}

// Runs the step, then prints its time and how many rows the proxy shows.
void report(const char *step, const QAbstractItemModel &shown, const std::function<void()> &f)
{
    const double ms = timeMs(f);
    std::printf("%-44s %9.1f ms  (%d rows shown)\n", step, ms, shown.rowCount());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    std::printf("table-bench: %d participants, 2 cases, 3 metrics, 3 repetitions\n", rows);
    QElapsedTimer made;
    made.start();
    const std::shared_ptr<const bs::Capture> capture = makeCapture(rows);
    std::printf("%-44s %9.1f ms  (the bench's own cost)\n", "make the capture", double(made.nsecsElapsed()) / 1e6);

    std::unique_ptr<CaseTableModel> model;
    std::printf("%-44s %9.1f ms\n", "CaseTableModel: build",
                timeMs([&] { model = std::make_unique<CaseTableModel>(capture, "a"); }));
    ParticipantFilterProxy proxy;
    proxy.setSourceModel(model.get());
    report("sort by requests/s, descending", proxy, [&] { proxy.sort(1, Qt::DescendingOrder); });
    report("sort by requests/s, ascending", proxy, [&] { proxy.sort(1, Qt::AscendingOrder); });
    report("sort by p99 latency", proxy, [&] { proxy.sort(2, Qt::AscendingOrder); });
    report("sort by participant (text)", proxy, [&] { proxy.sort(0, Qt::AscendingOrder); });
    report("filter \"node\" (sorted by participant)", proxy, [&] { proxy.setFilterText(QStringLiteral("node")); });
    report("filter \"node tag3\"", proxy, [&] { proxy.setFilterText(QStringLiteral("node tag3")); });
    report("filter \"participant 99999\"", proxy, [&] { proxy.setFilterText(QStringLiteral("participant 99999")); });
    report("clear the filter (sorted by participant)", proxy, [&] { proxy.setFilterText(QString()); });
    report("sort by requests/s, then filter \"bun\"", proxy, [&] {
        proxy.sort(1, Qt::DescendingOrder);
        proxy.setFilterText(QStringLiteral("bun"));
    });
    report("read 50 rows of display text", proxy, [&] {
        for (int r = 0; r < 50 && r < proxy.rowCount(); ++r)
            for (int c = 0; c < proxy.columnCount(); ++c)
                proxy.index(r, c).data();
    });

    std::unique_ptr<AllCasesModel> all;
    std::printf("%-44s %9.1f ms\n", "AllCasesModel: build", timeMs([&] { all = std::make_unique<AllCasesModel>(capture); }));
    ParticipantFilterProxy allProxy;
    allProxy.setSourceModel(all.get());
    report("AllCasesModel: sort case B", allProxy, [&] { allProxy.sort(2, Qt::DescendingOrder); });
    report("AllCasesModel: add baseline ratios (re-sorts)", allProxy, [&] {
        all->setBaseline(AllCasesModel::BaselineMode::Participant, "p-0");
    });
    report("AllCasesModel: sort a ratio column", allProxy, [&] { allProxy.sort(2, Qt::AscendingOrder); });
    return 0;
}
