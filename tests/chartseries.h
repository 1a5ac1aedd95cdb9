#pragma once

// The chart tests' look at what a chart holds: its series of one kind.
#include <QAbstractSeries>
#include <QChart>
#include <QList>

template <typename T>
QList<T *> seriesOf(QChart &chart)
{
    QList<T *> out;
    for (QAbstractSeries *s : chart.series())
        if (auto *t = qobject_cast<T *>(s))
            out << t;
    return out;
}
