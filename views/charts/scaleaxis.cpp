#include "scaleaxis.h"

#include <QString>

#include <algorithm>
#include <cmath>

ScaleAxis::ScaleAxis(QObject *parent)
    : QCategoryAxis(parent)
{
    setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    // Qt Charts measures a category axis's labels once and cuts later, wider
    // ones to "..." (a live chart's labels grow as its rates come in).
    setTruncateLabels(false);
}

bool ScaleAxis::spansOrders(const std::vector<double> &values)
{
    if (values.empty())
        return false;
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    return *lo > 0 && std::isfinite(*hi) && *hi / *lo >= kLogRatio;
}

double ScaleAxis::coordinate(double value) const
{
    return m_log ? std::log10(value) : value;
}

std::vector<double> ScaleAxis::linearTicks(double hi, int &decimals)
{
    if (!(hi > 0) || !std::isfinite(hi))
        hi = 1;
    const double raw = hi / kLinearTicks;
    const double magnitude = std::pow(10, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * magnitude >= raw) {
            step = m * magnitude;
            break;
        }
    decimals = std::max(0, -int(std::floor(std::log10(step) + 1e-9)));
    std::vector<double> ticks;
    const int steps = int(std::ceil(hi / step - 1e-9));
    for (int i = 0; i <= steps; ++i)
        ticks.push_back(i * step);
    return ticks;
}

std::vector<double> ScaleAxis::logTicks(double lo, double hi)
{
    const int first = int(std::floor(std::log10(lo) + 1e-9));
    const int last = std::max(first + 1, int(std::ceil(std::log10(hi) - 1e-9)));
    const bool dense = last - first <= kDenseDecades;
    std::vector<double> ticks;
    for (int d = first; d <= last; ++d)
        for (double m : {1.0, 2.0, 5.0}) {
            if (!dense && m != 1.0)
                continue;
            if (d == last && m != 1.0)
                break;
            ticks.push_back(m * std::pow(10.0, d));
        }
    return ticks;
}

void ScaleAxis::setScale(bool log, double lo, double hi, const bs::UnitFormat::Scale &scale)
{
    m_log = log && lo > 0 && hi > 0;
    int decimals = 0;
    std::vector<double> ticks = m_log ? logTicks(lo, hi) : linearTicks(hi, decimals);
    if (ticks == m_ticks && !categoriesLabels().isEmpty())
        return;
    m_ticks = std::move(ticks);
    for (const QString &label : categoriesLabels())
        remove(label);
    setStartValue(coordinate(m_ticks.front()));
    setRange(coordinate(m_ticks.front()), coordinate(m_ticks.back()));
    for (double tick : m_ticks) {
        bs::UnitFormat::Scale format = scale;
        format.divisor = 1;
        // A log axis's labels each as precise as they need ("0.02", "500").
        format.decimals = m_log ? std::max(0, -int(std::floor(std::log10(tick) + 1e-9))) : decimals;
        append(QString::fromStdString(bs::UnitFormat::number(tick, format)), coordinate(tick));
    }
}
