#pragma once

#include "unitformat.h"

#include <QCategoryAxis>

#include <vector>

// A value axis labelled by the one formatter (bs::UnitFormat: "100,000",
// "2.5", "<0.001"), never by printf, on a linear scale or, where the values
// span an order of magnitude or more, a log10 scale, so that a series of
// 1,000 beside one of 70,000 (or 2 KiB beside 140 KiB) is not a flat line
// at the bottom. Labels sit at round values: on a linear axis every step of
// 1, 2 or 5 × 10^k; on a log axis 1, 2 and 5 of each decade (only the
// decades when there are more than kDenseDecades), with a grid line at
// each. Values are plotted at coordinate(v): v itself on a linear axis,
// log10(v) on a log one. Values are in the scale's unit (divided by its
// divisor), as the chart plots them.
class ScaleAxis : public QCategoryAxis {
    Q_OBJECT
public:
    // Values spanning this ratio or more (largest over smallest, all
    // positive) are drawn on a log scale.
    static constexpr double kLogRatio = 10;
    static constexpr int kDenseDecades = 3;
    static constexpr int kLinearTicks = 5;

    explicit ScaleAxis(QObject *parent = nullptr);

    // Whether these values want a log scale: all above zero (a log axis has
    // no zero) and spanning kLogRatio.
    static bool spansOrders(const std::vector<double> &values);

    // Lays the axis out over [lo, hi] (a linear axis starts at zero, as a
    // bar or a rate is read from zero); `scale` formats the labels.
    void setScale(bool log, double lo, double hi, const bs::UnitFormat::Scale &scale);
    bool isLog() const { return m_log; }
    double coordinate(double value) const;
    // The round values labelled, in the scale's unit.
    const std::vector<double> &ticks() const { return m_ticks; }

private:
    static std::vector<double> linearTicks(double hi, int &decimals);
    static std::vector<double> logTicks(double lo, double hi);

    bool m_log = false;
    std::vector<double> m_ticks;
};
