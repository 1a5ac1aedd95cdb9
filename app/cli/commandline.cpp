#include "commandline.h"

#include "command.h"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <ostream>

namespace {

struct OptionSpec {
    const char *name;
    const char *valueName; // nullptr: a flag
    const char *help;
};

// Every option of benchscope-cli, indexed by CommandLine::Option.
const OptionSpec kOptions[] = {
    {"format", "FORMAT", "output format: text, markdown, csv or json; tables csv, md or html"},
    {"metric", "ID", "the metric to show (default: the primary one; all: every metric)"},
    {"case", "ID", "the case (default: the first; history: every case)"},
    {"out", "PATH", "the file or folder to write"},
    {"alpha", "P", "significance level of the Mann-Whitney test, between 0 and 1 (default 0.05)"},
    {"map", "MAP.json", "participant and case of each file when several are combined"},
    {"title", "TITLE", "convert: the suite's title (default: imported); publish: the page's"},
    {"split-raw", nullptr, "write the repetitions to a second file beside the summary"},
    {"chart", "KIND", "range, box, bars or latency"},
    {"table", "KIND", "all-cases or case"},
    {"size", "WxH", "chart size in pixels, e.g. 1200x700 (default: sized for a report)"},
    {"pixel-ratio", "R", "device pixel ratio of a PNG, 0.5 to 4 (default 1)"},
    {"participant", "ID", "only this participant"},
    {"suite", "ID", "the suite id of imported runs (history: and the suite followed when the captures are of several)"},
    {"min-change", "PCT", "the smallest change marked as a change point, in percent (default 5)"},
    {"fail-on", "worse", "exit 4 when a cell is an established regression (see --threshold)"},
    {"threshold", "PCT", "with --fail-on: only regressions larger than PCT percent fail (default 0)"},
    {"force", nullptr, "write into an --out folder that holds other files and is no earlier report or publish output"},
    {"rule", "RULE", "u-test: better or worse when p <= alpha (default); disjoint: and the ranges apart"},
    {"match", "id|name", "pair participants by id (default), or by name: each capture's one participant is the same, "
                         "as compare.py compares two builds of one benchmark program"},
    {"no-index", nullptr, "read every capture from its file, not from the summary index (see docs/history.md)"},
    {"page", "PAGE.md", "publish: the page's Markdown, its prose and where its captures stand (see docs/publish.md)"},
    {"correct", "none|bh", "bh: verdicts from p adjusted by Benjamini-Hochberg over the diff's tested rows (default none)"},
    {"store", "DIR", "the results store: a folder of captures and their manifest (see docs/continuous.md)"},
    {"commit", "SHA", "store add: the commit the captures measured (default: what each records, else its revision id)"},
    {"branch", "NAME", "store add: the branch the captures are of (default: what each records)"},
    {"keep", "N", "store prune: how many captures of each suite and branch to keep, newest by capture time"},
    {"base", "BRANCH|REV", "comment: the store's newest capture of this branch, revision or commit is the base; "
                           "publish --store: the branch the badges follow (default main)"},
    {"page-url", "URL", "comment: the published page, linked when rows are left out"},
    {"repo-url", "URL", "publish --store: the repository (http or https); each commit links to URL/commit/SHA"},
};

const OptionSpec &spec(CommandLine::Option option)
{
    return kOptions[static_cast<int>(option)];
}

QString optionName(CommandLine::Option option)
{
    return QString::fromLatin1(spec(option).name);
}

} // namespace

CommandLine::CommandLine(CommandContext &ctx, const char *command, const char *usage, std::vector<Option> options)
    : m_ctx(ctx)
    , m_command(command)
    , m_usage(usage)
    , m_options(std::move(options))
{
    for (Option o : m_options) {
        const OptionSpec &s = spec(o);
        m_parser.addOption(s.valueName ? QCommandLineOption(optionName(o), QString::fromUtf8(s.help),
                                                            QString::fromLatin1(s.valueName))
                                       : QCommandLineOption(optionName(o), QString::fromUtf8(s.help)));
    }
    m_parser.addOption(QCommandLineOption({QStringLiteral("h"), QStringLiteral("help")}, QStringLiteral("show this help")));
}

bool CommandLine::parse()
{
    QStringList args{QString::fromLatin1(m_command)};
    for (const std::string &a : m_ctx.args)
        args << QString::fromStdString(a);
    if (!m_parser.parse(args)) {
        m_exitCode = usageError(m_parser.errorText().toStdString());
        return false;
    }
    if (m_parser.isSet(QStringLiteral("help"))) {
        m_ctx.out << m_usage << help();
        m_exitCode = 0;
        return false;
    }
    return true;
}

bool CommandLine::isSet(Option option) const
{
    return m_parser.isSet(optionName(option));
}

std::string CommandLine::value(Option option, const std::string &fallback) const
{
    return isSet(option) ? toStd(m_parser.value(optionName(option))) : fallback;
}

std::vector<std::string> CommandLine::files() const
{
    std::vector<std::string> files;
    for (const QString &f : m_parser.positionalArguments())
        files.push_back(toStd(f));
    return files;
}

bool CommandLine::number(Option option, double &out, bool (*valid)(double), const char *expected)
{
    if (!isSet(option))
        return true;
    const std::string v = value(option);
    char *end = nullptr;
    const double parsed = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !valid(parsed)) {
        m_exitCode = usageError(std::string("--") + spec(option).name + " expects " + expected + ", found \"" + v + "\"");
        return false;
    }
    out = parsed;
    return true;
}

bool CommandLine::rule(bs::DiffRule &out)
{
    if (!isSet(Option::Rule) || bs::parseRule(value(Option::Rule), out))
        return true;
    m_exitCode = usageError("--rule expects u-test or disjoint, found \"" + value(Option::Rule) + "\"");
    return false;
}

bool CommandLine::correction(bs::DiffCorrection &out)
{
    if (!isSet(Option::Correct) || bs::parseCorrection(value(Option::Correct), out))
        return true;
    m_exitCode = usageError("--correct expects none or bh, found \"" + value(Option::Correct) + "\"");
    return false;
}

int CommandLine::usageError(const std::string &what) const
{
    m_ctx.err << m_command << ": " << what << "\n" << m_usage;
    return 2;
}

// The argument as it was given, so a file name that is not valid UTF-8
// reaches the loader byte for byte.
std::string CommandLine::toStd(const QString &text) const
{
    for (const std::string &a : m_ctx.args)
        if (QString::fromStdString(a) == text)
            return a;
    return text.toStdString();
}

std::string CommandLine::help() const
{
    std::string text = "\noptions:\n";
    for (Option o : m_options) {
        const OptionSpec &s = spec(o);
        std::string name = std::string("  --") + s.name + (s.valueName ? std::string(" ") + s.valueName : "");
        name.resize(std::max<std::size_t>(name.size() + 2, 24), ' ');
        text += name + s.help + "\n";
    }
    return text;
}
