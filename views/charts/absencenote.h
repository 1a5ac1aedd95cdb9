#pragma once

#include <QString>
#include <QStringList>

#include <vector>

// Why a chart has no value where it has a row or a bar, said in the image
// itself, so an exported chart that stands alone (no table beside it) tells
// a case the participant does not support (the table's dash) from one that
// is missing, one that failed (contract or run) and a metric its result
// does not record, each with the reason the capture gives. Entries of one
// participant with the same status and reason are said once, naming their
// cases.
class AbsenceNote {
public:
    enum class Kind { Unsupported, Missing, Failed, NotMeasured };

    // From a ChartRow's status text ("unsupported", "missing", "contract
    // failed", "error", "not measured", or another word of a failure).
    static Kind kindOf(const QString &status);
    // How the legend names a kind: "no value: unsupported", ...
    static QString legendName(Kind kind);

    // `where`: the case, for a chart of several cases; empty for one case.
    void add(const QString &participant, const QString &where, const QString &status, const QString &reason);
    bool isEmpty() const { return m_entries.empty(); }
    // One line per entry: "fastify in Static file: unsupported — fastify
    // core serves no files", at most kMaxLines (then how many more).
    QStringList lines() const;
    // The lines as HTML under a lead-in, escaped, for the chart's note.
    QString html() const;

    static constexpr int kMaxLines = 10;
    static constexpr int kMaxReason = 160; // characters of a reason kept

private:
    struct Entry {
        QString participant;
        QStringList where;
        QString status;
        QString reason;
    };
    std::vector<Entry> m_entries;
};
