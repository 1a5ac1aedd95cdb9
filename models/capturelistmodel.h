#pragma once

#include "baselineset.h"
#include "capture.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

// The open captures, grouped by suite (top level, in the order of their
// titles, case aside, then of their ids) and listed by revision under it
// (by revisionBefore), each named by CaptureLabels ("v1.2 · 2026-09-08"; the
// capture time, engine, machine or file where two would read alike:
// bs::CaptureName::apart; a title cut where two
// suites' titles share a long beginning). A capture is known by the id its
// owner gives it. A suite's baseline starts with "★", in bold; a partial or
// failed capture says so first, in colour.
class CaptureListModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Role { CaptureIdRole = Qt::UserRole + 1, PathRole, BaselineRole };

    explicit CaptureListModel(QObject *parent = nullptr);

    void addCapture(int id, std::shared_ptr<const bs::Capture> capture);
    void removeCapture(int id);
    QModelIndex indexOfCapture(int id) const;
    // -1 for a suite row or an invalid index.
    int captureId(const QModelIndex &index) const;
    int captureCount() const;
    // Marks each suite's baseline among the captures listed.
    void setBaselines(const BaselineSet &baselines);

    // How captures are grouped (by suite) and ordered within a suite (by
    // revision date, then label, then path); the Diff page follows the same.
    static std::string suiteKey(const bs::Capture &capture);
    static bool revisionBefore(const bs::Capture &a, const bs::Capture &b);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

private:
    struct Entry {
        int id;
        std::shared_ptr<const bs::Capture> capture;
        QString label;
    };
    struct Group {
        std::string suiteKey;
        QString title;
        QString shownTitle;
        std::vector<Entry> entries;
    };
    // Names every group and entry again (after one came or went).
    void relabel();
    int rowOf(const Group *group) const;
    const Group &groupOf(const QModelIndex &child) const;

    // Each group has its own address, which a child index keeps.
    std::vector<std::unique_ptr<Group>> m_groups;
    BaselineSet m_baselines;
};
