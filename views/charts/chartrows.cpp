#include "chartrows.h"

#include "absencenote.h"
#include "capturetables.h"
#include "charttext.h"
#include "participantcell.h"
#include "resultcell.h"
#include "tableroles.h"

#include <QAbstractItemModel>

#include <algorithm>

std::vector<const bs::Participant *> ChartRows::participants(const QAbstractItemModel *model,
                                                             const bs::Capture &capture)
{
    std::vector<const bs::Participant *> out;
    if (!model)
        return out;
    for (int row = 0; row < model->rowCount(); ++row) {
        const QString id = model->index(row, 0).data(TableRole::ParticipantIdRole).toString();
        if (const bs::Participant *p = capture.participant(id.toStdString()))
            out.push_back(p);
    }
    return out;
}

QString ChartRows::status(const bs::Result *result)
{
    const std::string status = bs::CaptureTables::statusText(result);
    return status.empty() ? QStringLiteral("not measured")
        : status == "—"   ? QStringLiteral("unsupported")
                          : QString::fromStdString(status);
}

std::vector<ChartRow> ChartRows::read(const QAbstractItemModel *model, const bs::Capture &capture,
                                      const std::string &caseId, const bs::Metric &metric)
{
    std::vector<ChartRow> rows;
    for (const bs::Participant *p : participants(model, capture)) {
        ChartRow row;
        row.participant = p;
        row.label = ChartText::participant(*p);
        row.result = capture.result(p->id, caseId);
        row.value = ResultCell::value(row.result, metric);
        if (row.value) {
            const bs::MetricSummary &s = row.result->summary.at(metric.id);
            row.min = s.min;
            row.max = s.max;
            row.n = s.n;
        } else {
            row.status = status(row.result);
            row.reason = row.result ? ChartText::elided(row.result->reason, AbsenceNote::kMaxReason) : QString();
        }
        rows.push_back(row);
    }
    return rows;
}

void ChartRows::sortByValue(std::vector<ChartRow> &rows, bs::Direction direction)
{
    std::stable_sort(rows.begin(), rows.end(), [direction](const ChartRow &a, const ChartRow &b) {
        if (a.value.has_value() != b.value.has_value())
            return a.value.has_value();
        if (!a.value)
            return false;
        return direction == bs::Direction::HigherIsBetter ? *a.value > *b.value : *a.value < *b.value;
    });
}
