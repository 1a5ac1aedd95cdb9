#pragma once

// Every text a chart lays out as rich text: its title, axis titles, axis
// and category labels, legend entries.
#include "benchchart.h"

#include <QBarCategoryAxis>
#include <QCategoryAxis>
#include <QLegend>
#include <QLegendMarker>
#include <QStringList>

namespace charttexts {

inline QStringList richTexts(const BenchChart *chart)
{
    QStringList out{chart->title()};
    for (QAbstractAxis *axis : chart->axes()) {
        out << axis->titleText();
        if (auto *columns = qobject_cast<QBarCategoryAxis *>(axis))
            out << columns->categories();
        else if (auto *rows = qobject_cast<QCategoryAxis *>(axis))
            out << rows->categoriesLabels();
    }
    for (QLegendMarker *marker : chart->legend()->markers())
        out << marker->label();
    return out;
}

} // namespace charttexts
