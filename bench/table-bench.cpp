// table-bench: how long a 100,000-row result table takes to build, sort and
// filter through the proxy the views use, against a peer doing the same with
// Qt's stock classes in the same run: a QStandardItemModel holding the same
// texts and values, under a plain QSortFilterProxyModel (sort role = the
// value, filter = a regular expression over the same lower-case texts).
// Prints one line per step: our time, the peer's, and how many times faster
// ours is. Times are this thread's CPU time (on a busy machine wall time
// mostly measures the other processes), with our wall time beside it; each
// is the median over the runs. Every step ends with rowCount(), so the
// proxy's mapping is really built inside the timing.
//
//   build-gui/bin/table-bench [ROWS] [--runs N] [--no-peer]
#include "allcasesmodel.h"
#include "casetablemodel.h"
#include "participantcell.h"
#include "participantfilterproxy.h"
#include "resultcell.h"
#include "summarizer.h"
#include "tablebuilder.h"
#include "tableroles.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

// Synthetic on purpose: the point is the row count, not the figures. The
// first participant of each runtime is its marked baseline.
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
        c.participants.push_back({id, "Participant " + std::to_string(i), runtimes[i % 3], "1.0", i < 3, {"tag" + std::to_string(i % 17)}});
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

struct Time {
    double cpuMs, wallMs;
};

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

Time timeMs(const std::function<void()> &f)
{
    QElapsedTimer timer;
    timer.start();
    const double cpu = threadCpuMs();
    f();
    return {threadCpuMs() - cpu, double(timer.nsecsElapsed()) / 1e6};
}

// One step of the scenario, done by us and by the peer. Each returns the
// rows its table shows afterwards (asked inside the timing).
struct Step {
    const char *name;
    std::function<int()> ours;
    std::function<int()> peer; // empty: no counterpart
};

// The peer's roles: what its proxy sorts and filters by.
constexpr int kPeerSortRole = Qt::UserRole;
constexpr int kPeerFilterRole = Qt::UserRole + 1;

QStandardItem *peerParticipantItem(const bs::Participant &p)
{
    auto *item = new QStandardItem(ParticipantCell::label(p));
    item->setData(ParticipantCell::label(p).toLower(), kPeerSortRole);
    item->setData(ParticipantCell::filterText(p), kPeerFilterRole);
    return item;
}

// A value cell as a plain item model must hold it: its text formatted up
// front (the core's, so both sides show the same), its value (or status
// text) to sort by.
QStandardItem *peerValueItem(const bs::Table &table, std::size_t row, std::size_t column)
{
    auto *item = new QStandardItem(QString::fromStdString(table.text(row, column)));
    const bs::TableColumn &c = table.columns[column];
    item->setData(ResultCell::sortValue(table.result(row, column), *c.metric), kPeerSortRole);
    return item;
}

// The peer's filter: every word must appear, as a regular expression.
QRegularExpression peerFilter(const QString &text)
{
    QString pattern;
    for (const QString &word : text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        pattern += QStringLiteral("(?=.*") + QRegularExpression::escape(word) + QLatin1Char(')');
    return QRegularExpression(pattern.isEmpty() ? QString() : QLatin1Char('^') + pattern);
}

// Both sides' state for one run of the scenario.
struct Tables {
    std::shared_ptr<const bs::Capture> capture;
    std::unique_ptr<CaseTableModel> model;
    std::unique_ptr<ParticipantFilterProxy> proxy;
    std::unique_ptr<AllCasesModel> all;
    std::unique_ptr<ParticipantFilterProxy> allProxy;

    std::unique_ptr<QStandardItemModel> peerModel;
    std::unique_ptr<QSortFilterProxyModel> peerProxy;
    std::unique_ptr<QStandardItemModel> peerAll;
    std::unique_ptr<QSortFilterProxyModel> peerAllProxy;

    std::unique_ptr<QSortFilterProxyModel> makePeerProxy(QStandardItemModel *source)
    {
        auto proxy = std::make_unique<QSortFilterProxyModel>();
        proxy->setSortRole(kPeerSortRole);
        proxy->setFilterRole(kPeerFilterRole);
        proxy->setFilterKeyColumn(0);
        proxy->setSourceModel(source);
        return proxy;
    }

    int buildPeerCaseTable()
    {
        const bs::Capture &c = *capture;
        peerModel = std::make_unique<QStandardItemModel>(int(c.participants.size()), int(c.metrics.size()) + 2);
        // makeCapture() lists the results participant by participant, case
        // "a" first.
        const bs::Table table = bs::TableBuilder::caseTable(c, "a");
        for (std::size_t row = 0; row < c.participants.size(); ++row) {
            peerModel->setItem(int(row), 0, peerParticipantItem(c.participants[row]));
            for (std::size_t m = 0; m < c.metrics.size(); ++m)
                peerModel->setItem(int(row), int(m) + 1, peerValueItem(table, row, m + 1));
            const bs::Result *r = &c.results[row * c.cases.size()];
            auto *n = new QStandardItem(r && r->status == bs::ResultStatus::Ok ? QString::number(r->repetitions.size()) : QString());
            n->setData(r && r->status == bs::ResultStatus::Ok ? QVariant(double(r->repetitions.size())) : QVariant(QString()), kPeerSortRole);
            peerModel->setItem(int(row), int(c.metrics.size()) + 1, n);
        }
        peerProxy = makePeerProxy(peerModel.get());
        return peerProxy->rowCount();
    }

    // Participants × cases for the primary metric, as the peer would hold it.
    int buildPeerAllCases()
    {
        const bs::Capture &c = *capture;
        peerAll = std::make_unique<QStandardItemModel>(int(c.participants.size()), int(c.cases.size()) + 1);
        const bs::Table table = bs::TableBuilder::allCases(c, {}, {});
        for (std::size_t k = 0; k < c.cases.size(); ++k)
            for (std::size_t row = 0; row < c.participants.size(); ++row)
                peerAll->setItem(int(row), int(k) + 1, peerValueItem(table, row, k + 1));
        for (std::size_t row = 0; row < c.participants.size(); ++row)
            peerAll->setItem(int(row), 0, peerParticipantItem(c.participants[row]));
        peerAllProxy = makePeerProxy(peerAll.get());
        return peerAllProxy->rowCount();
    }

    // A ratio column after each case column: value ÷ the first row's value.
    int addPeerRatios()
    {
        const bs::Capture &c = *capture;
        const bs::Metric &m = *c.primaryMetric();
        for (int k = int(c.cases.size()) - 1; k >= 0; --k) {
            QList<QStandardItem *> column;
            const auto base = ResultCell::value(&c.results[std::size_t(k)], m);
            for (std::size_t row = 0; row < c.participants.size(); ++row) {
                const auto v = ResultCell::value(&c.results[row * c.cases.size() + std::size_t(k)], m);
                const bool has = v && base && *base != 0;
                auto *item = new QStandardItem(has ? QString::number(qRound(*v / *base * 100)) + QLatin1Char('%') : QStringLiteral("—"));
                item->setData(has ? QVariant(*v / *base) : QVariant(QString()), kPeerSortRole);
                column << item;
            }
            peerAll->insertColumn(k + 2, column);
        }
        return peerAllProxy->rowCount();
    }
};

int readRows(const QAbstractItemModel &m, int count)
{
    for (int r = 0; r < count && r < m.rowCount(); ++r)
        for (int c = 0; c < m.columnCount(); ++c)
            m.index(r, c).data();
    return m.rowCount();
}

std::vector<Step> scenario(Tables &t)
{
    auto setFilter = [&t](const char *text) {
        return Step{nullptr,
                    [&t, text] {
                        t.proxy->setFilterText(QString::fromUtf8(text));
                        return t.proxy->rowCount();
                    },
                    [&t, text] {
                        t.peerProxy->setFilterRegularExpression(peerFilter(QString::fromUtf8(text)));
                        return t.peerProxy->rowCount();
                    }};
    };
    auto sortBy = [&t](int column, Qt::SortOrder order) {
        return Step{nullptr,
                    [&t, column, order] {
                        t.proxy->sort(column, order);
                        return t.proxy->rowCount();
                    },
                    [&t, column, order] {
                        t.peerProxy->sort(column, order);
                        return t.peerProxy->rowCount();
                    }};
    };
    auto named = [](const char *name, Step s) {
        s.name = name;
        return s;
    };
    return {
        {"CaseTableModel: build (+ proxy)",
         [&t] {
             t.model = std::make_unique<CaseTableModel>(t.capture, "a");
             t.proxy = std::make_unique<ParticipantFilterProxy>();
             t.proxy->setSourceModel(t.model.get());
             return t.proxy->rowCount();
         },
         [&t] { return t.buildPeerCaseTable(); }},
        named("sort by requests/s, descending", sortBy(1, Qt::DescendingOrder)),
        named("sort by requests/s, ascending", sortBy(1, Qt::AscendingOrder)),
        named("sort by p99 latency", sortBy(2, Qt::AscendingOrder)),
        named("sort by participant (text)", sortBy(0, Qt::AscendingOrder)),
        named("filter \"node\" (sorted by participant)", setFilter("node")),
        named("filter \"node tag3\"", setFilter("node tag3")),
        named("filter \"participant 99999\"", setFilter("participant 99999")),
        named("clear the filter (sorted by participant)", setFilter("")),
        {"sort by requests/s, then filter \"bun\"",
         [&t] {
             t.proxy->sort(1, Qt::DescendingOrder);
             t.proxy->setFilterText(QStringLiteral("bun"));
             return t.proxy->rowCount();
         },
         [&t] {
             t.peerProxy->sort(1, Qt::DescendingOrder);
             t.peerProxy->setFilterRegularExpression(peerFilter(QStringLiteral("bun")));
             return t.peerProxy->rowCount();
         }},
        {"read 50 rows of display text", [&t] { return readRows(*t.proxy, 50); }, [&t] { return readRows(*t.peerProxy, 50); }},
        {"AllCasesModel: build (+ proxy)",
         [&t] {
             t.all = std::make_unique<AllCasesModel>(t.capture);
             t.allProxy = std::make_unique<ParticipantFilterProxy>();
             t.allProxy->setSourceModel(t.all.get());
             return t.allProxy->rowCount();
         },
         [&t] { return t.buildPeerAllCases(); }},
        {"AllCasesModel: sort case B",
         [&t] {
             t.allProxy->sort(2, Qt::DescendingOrder);
             return t.allProxy->rowCount();
         },
         [&t] {
             t.peerAllProxy->sort(2, Qt::DescendingOrder);
             return t.peerAllProxy->rowCount();
         }},
        {"AllCasesModel: baseline p-0 (adds ratio columns)",
         [&t] {
             t.all->setBaseline(AllCasesModel::BaselineMode::Participant, "p-0");
             return t.allProxy->rowCount();
         },
         [&t] { return t.addPeerRatios(); }},
        {"AllCasesModel: sort a ratio column",
         [&t] {
             t.allProxy->sort(2, Qt::AscendingOrder);
             return t.allProxy->rowCount();
         },
         [&t] {
             t.peerAllProxy->sort(2, Qt::AscendingOrder);
             return t.peerAllProxy->rowCount();
         }},
        {"AllCasesModel: baseline marked on same runtime",
         [&t] {
             t.all->setBaseline(AllCasesModel::BaselineMode::MarkedSameRuntime);
             return t.allProxy->rowCount();
         },
         {}},
    };
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : (v[(v.size() - 1) / 2] + v[v.size() / 2]) / 2;
}

QString loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readLine()).section(QLatin1Char(' '), 0, 0) : QStringLiteral("?");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int rows = 100000, runs = 3;
    bool withPeer = true;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--no-peer"))
            withPeer = false;
        else if (argv[i][0] != '-')
            rows = std::max(1, std::atoi(argv[i]));
        else {
            std::fprintf(stderr, "usage: table-bench [ROWS] [--runs N] [--no-peer]\n");
            return 2;
        }
    }
    std::printf("table-bench: %d participants, 2 cases, 3 metrics, 3 repetitions; median of %d run(s); load average %s\n",
                rows, runs, qPrintable(loadAverage()));
    QElapsedTimer made;
    made.start();
    Tables tables;
    tables.capture = makeCapture(rows);
    std::printf("make the capture: %.1f ms (the bench's own cost)\n", double(made.nsecsElapsed()) / 1e6);
    if (withPeer)
        std::printf("peer: QStandardItemModel + QSortFilterProxyModel with the same texts and sort values\n");

    std::vector<std::vector<double>> ours, oursWall, peer;
    std::vector<int> oursRows, peerRows;
    bool rowsDiffer = false;
    for (int run = 0; run < runs; ++run) {
        Tables t;
        t.capture = tables.capture;
        const std::vector<Step> steps = scenario(t);
        ours.resize(steps.size());
        oursWall.resize(steps.size());
        peer.resize(steps.size());
        oursRows.assign(steps.size(), 0);
        peerRows.assign(steps.size(), -1);
        for (std::size_t s = 0; s < steps.size(); ++s) {
            const Time o = timeMs([&] { oursRows[s] = steps[s].ours(); });
            ours[s].push_back(o.cpuMs);
            oursWall[s].push_back(o.wallMs);
            if (withPeer && steps[s].peer)
                peer[s].push_back(timeMs([&] { peerRows[s] = steps[s].peer(); }).cpuMs);
        }
    }
    std::printf("\n%-48s %9s %9s %9s %9s %7s\n", "step (ms of CPU time)", "ours", "ours wall", "peer", "peer/ours", "rows");
    const std::vector<Step> names = scenario(tables);
    for (std::size_t s = 0; s < names.size(); ++s) {
        const double o = median(ours[s]);
        const double w = median(oursWall[s]);
        if (peer[s].empty()) {
            std::printf("%-48s %9.1f %9.1f %9s %9s %7d\n", names[s].name, o, w, "-", "-", oursRows[s]);
            continue;
        }
        const double p = median(peer[s]);
        const bool differ = peerRows[s] != oursRows[s];
        rowsDiffer = rowsDiffer || differ;
        std::printf("%-48s %9.1f %9.1f %9.1f %8.1fx %7d%s\n", names[s].name, o, w, p, o > 0 ? p / o : 0.0, oursRows[s],
                    differ ? qPrintable(QStringLiteral("  (peer shows %1)").arg(peerRows[s])) : "");
    }
    if (rowsDiffer)
        std::printf("\nwarning: the peer shows a different number of rows in some step\n");
    return rowsDiffer ? 1 : 0;
}
