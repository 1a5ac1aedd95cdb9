#pragma once

#include "capture.h"
#include "unitformat.h"

#include <QAbstractTableModel>

#include <memory>
#include <optional>
#include <vector>

// Every case at once for one metric: participants as rows, cases as columns,
// so a participant that wins one case and loses another shows at a glance.
// The best value per column is bold and every value has a rank. With a
// baseline, each case gets a ratio column beside it ("against raw").
class AllCasesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum class BaselineMode {
        None,
        // Each participant against the participant marked as baseline on
        // the same runtime (raw Bun.serve for Bun apps, raw node:http for
        // Node apps, as the Suku page compares them).
        MarkedSameRuntime,
        // Every participant against one chosen participant.
        Participant,
    };

    explicit AllCasesModel(std::shared_ptr<const bs::Capture> capture, QObject *parent = nullptr);

    // Without QAbstractTableModel's virtual rowCount()/columnCount() calls:
    // a sort asks for two indexes per comparison.
    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Empty id: the primary metric.
    void setMetric(const std::string &metricId);
    const std::string &metricId() const { return m_metricId; }
    void setBaseline(BaselineMode mode, const std::string &participantId = {});
    BaselineMode baselineMode() const { return m_baselineMode; }

    bool isRatioColumn(int column) const;
    // The case a value or ratio column belongs to, or -1.
    int caseIndex(int column) const;
    // The participant a row is compared with, or null.
    const bs::Participant *baselineFor(int row) const;

    // Ranges overlapping, or single values within this fraction, read as parity.
    static constexpr double kParityTolerance = 0.02;

private:
    struct Column {
        int caseIndex = -1; // -1: the participant column
        bool ratio = false;
    };
    // Values, ranks and scales of the metric; then the baseline rows and the
    // columns (a baseline change leaves the values alone).
    void rebuildValues();
    void rebuildBaseline();
    QVariant valueData(int row, const Column &column, int role) const;
    QVariant ratioData(int row, const Column &column, int role) const;
    std::optional<double> ratio(int row, int caseIndex) const;
    bool parity(int row, int caseIndex) const;
    const bs::Result *result(int row, int caseIndex) const;

    std::shared_ptr<const bs::Capture> m_capture;
    std::string m_metricId;
    const bs::Metric *m_metric = nullptr;
    BaselineMode m_baselineMode = BaselineMode::None;
    std::string m_baselineId;

    std::vector<Column> m_columns;
    std::vector<std::vector<const bs::Result *>> m_results; // per case, per row
    std::vector<std::vector<std::optional<double>>> m_values; // per case, per row
    std::vector<std::vector<int>> m_ranks;                   // per case, per row
    std::vector<bs::UnitFormat::Scale> m_scales;             // per case
    std::vector<int> m_baselineRows;                         // per row, -1 for none
    // Per row, made on the first filter or sort by participant.
    mutable std::vector<QString> m_filterTexts;
    mutable std::vector<QString> m_sortKeys; // lower-case labels
};
