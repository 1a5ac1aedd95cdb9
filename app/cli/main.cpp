// benchscope-cli: the headless face of Benchscope.
#include "command.h"
#include "commentcommand.h"
#include "convertcommand.h"
#include "diffcommand.h"
#include "historycommand.h"
#include "inspectcommand.h"
#include "rendercommand.h"
#include "storecommand.h"
#include "version.h"

#include <cstring>
#include <iostream>
#include <map>

namespace {

const char *kCliUsage =
    "usage: benchscope-cli COMMAND [ARGS]\n"
    "\n"
    "commands:\n"
    "  inspect FILE... [--format text|markdown|csv|json] [--metric ID]\n"
    "      print each capture's provenance and its all-cases table (of the\n"
    "      primary metric, the metric ID, or every metric with --metric all)\n"
    "  diff BEFORE AFTER [--format text|markdown|csv|json] [--metric ID|all] [--alpha P]\n"
    "       [--rule u-test|disjoint] [--fail-on worse [--threshold PCT]]\n"
    "      compare two captures: provenance differences, then per cell the\n"
    "      before and after median [min–max], Mann–Whitney p, n and a verdict\n"
    "      (better, worse, no change established), and a geometric-mean\n"
    "      summary; exit 0 whatever the verdicts, or with --fail-on worse\n"
    "      exit 4 when a cell is an established regression (see docs/diff.md)\n"
    "  history FILE|DIR... [--suite ID] [--metric ID|all] [--participant ID] [--case ID]\n"
    "          [--min-change PCT] [--alpha P] [--rule u-test|disjoint] [--format text|markdown|csv|json]\n"
    "      the captures of one suite in revision order: every participant ×\n"
    "      case across the revisions and the change points, better or worse,\n"
    "      with why nothing is established at every other step (docs/history.md)\n"
    "  store add --store DIR CAPTURE... [--commit SHA] [--branch NAME]\n"
    "  store list --store DIR [--format text|markdown|csv]\n"
    "  store prune --store DIR --keep N\n"
    "      a results store for CI: captures kept under content-addressed names\n"
    "      with a manifest keying each by suite, revision, commit, branch,\n"
    "      machine and capture time; prune keeps the newest N of each suite and\n"
    "      branch (see docs/continuous.md)\n"
    "  comment --store DIR --base BRANCH|REV HEAD_CAPTURE [--page-url URL] [diff's options]\n"
    "  comment BASE_CAPTURE HEAD_CAPTURE [--page-url URL] [diff's options]\n"
    "      a pull-request comment (Markdown under 65,536 characters): the counts\n"
    "      on top, provenance differences, regressions first, the rest folded;\n"
    "      --fail-on worse [--threshold PCT] exits 4 as diff does\n"
    "  convert IN... --out CAPTURE.json.gz [--map MAP.json] [--title TITLE] [--split-raw]\n"
    "      import other tools' outputs (oha, autocannon, k6, hyperfine, Google\n"
    "      Benchmark, wrk/wrk2, ...) or a results folder into a capture; several\n"
    "      INs combine as one run per file (see docs/importers.md)\n"
    "  export FILE... --chart range|box|bars|latency|history [--case ID] [--metric ID]\n"
    "         --out PATH.png|svg|pdf [--size WxH] [--pixel-ratio R]\n"
    "  export FILE --table all-cases|case [--case ID] [--metric ID] --format csv|md|html [--out PATH]\n"
    "      draw a chart or write a table as the explorer shows it; two FILEs\n"
    "      with --chart range make a before/after plot, three or more of a suite\n"
    "      with --chart history its history (see docs/export.md)\n"
    "  report FILE... --out DIR\n"
    "      write a report folder: every case's charts (SVG and PNG), every\n"
    "      table (Markdown and CSV), the provenance and an index.md; two FILEs\n"
    "      make a before/after report, three or more of one suite a history\n"
    "      report.\n"
    "  publish FILE|DIR... --out SITE [--title TITLE] [--force]\n"
    "      write a web page of the captures (SITE/index.html, its assets and the\n"
    "      downloads, all local): a section per suite with its tables, charts,\n"
    "      contract, before/after or history (see docs/publish.md).\n"
    "  publish --store DIR --out SITE [--repo-url URL] [--base BRANCH]\n"
    "      the page that grows: a history per suite of a results store, every\n"
    "      revision's branch and commit, and a badge per suite in SITE/badges/\n"
    "      (see docs/continuous.md). export, report and publish need no display.\n"
    "\n"
    "FILE is a Benchscope capture (.json or .json.gz), another tool's output or\n"
    "a results folder (imported on the fly). Exit status: 0 success,\n"
    "1 bad input (the error names the file and the place), 2 wrong usage,\n"
    "4 diff or comment --fail-on worse found a regression.\n"
    "The GUI is `benchscope [FILE...]`; `benchscope-cli --version` prints the version.\n";

} // namespace

int main(int argc, char **argv)
{
    std::ios::sync_with_stdio(false);
    if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        (argc < 2 ? std::cerr : std::cout) << kCliUsage;
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "--version")) {
        std::cout << "benchscope-cli " << bs::kVersion << "\n";
        return 0;
    }
    const std::map<std::string, int (*)(CommandContext &)> commands = {
        {"inspect", &InspectCommand::run},
        {"diff", &DiffCommand::run},
        {"convert", &ConvertCommand::run},
        {"history", &HistoryCommand::run},
        {"store", &StoreCommand::run},
        {"comment", &CommentCommand::run},
    };
    if (!std::strcmp(argv[1], "export") || !std::strcmp(argv[1], "report") || !std::strcmp(argv[1], "publish"))
        return RenderCommand::exec(argv);
    auto it = commands.find(argv[1]);
    if (it == commands.end()) {
        std::cerr << "benchscope-cli: unknown command \"" << argv[1] << "\"\n\n" << kCliUsage;
        return 2;
    }
    CommandContext ctx{std::vector<std::string>(argv + 2, argv + argc), std::cout, std::cerr};
    return it->second(ctx);
}
