#pragma once

#include "diffcell.h"

#include <QCommandLineParser>

#include <string>
#include <vector>

struct CommandContext;

// How every benchscope-cli command reads its arguments: a QCommandLineParser
// with the options the command names, each option defined once (in
// commandline.cpp) for all commands; what is not an option is a FILE. A
// usage error prints "COMMAND: what is wrong" and the command's usage, and
// the command exits 2. `COMMAND --help` prints the usage and the options.
class CommandLine {
public:
    enum class Option {
        Format, Metric, Case, Out, Alpha, Map, Title, SplitRaw, Chart, Table, Size, PixelRatio,
        Participant, Suite, MinChange, FailOn, Threshold, Force, Rule, Match, NoIndex,
        Page, Correct, Store, Commit, Branch, Keep, Base, PageUrl, RepoUrl,
    };

    CommandLine(CommandContext &ctx, const char *command, const char *usage, std::vector<Option> options);

    // False when the arguments are not usable (the error is printed) or
    // --help was asked for (the help is printed); `exitCode` says which.
    bool parse();
    int exitCode() const { return m_exitCode; }

    bool isSet(Option option) const;
    std::string value(Option option, const std::string &fallback = {}) const;
    std::vector<std::string> files() const;
    // Reads a number option into `out`, left as it is when the option is
    // not given. False when the value is not a number that `valid` accepts:
    // then "--NAME expects EXPECTED, found ..." and the usage are printed
    // and exitCode() is 2.
    bool number(Option option, double &out, bool (*valid)(double), const char *expected);
    static bool isProbability(double v) { return v > 0 && v < 1; } // --alpha
    static bool isPercent(double v) { return v >= 0 && v < 1e9; }  // --min-change, --threshold

    // Reads --rule (u-test or disjoint) into `out`, left as it is when not
    // given; false on another value (usage error, exit code 2).
    bool rule(bs::DiffRule &out);
    // Reads --correct (none or bh) likewise.
    bool correction(bs::DiffCorrection &out);

    // Prints "COMMAND: what" and the usage; returns 2, the usage exit code.
    int usageError(const std::string &what) const;

private:
    std::string toStd(const QString &text) const;
    std::string help() const;

    CommandContext &m_ctx;
    const char *m_command;
    const char *m_usage;
    std::vector<Option> m_options;
    QCommandLineParser m_parser;
    int m_exitCode = 0;
};
