#pragma once

#include "baselineset.h"
#include "capture.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

// The open captures, grouped by suite (top level) and listed by revision
// under it ("v1.2 · 2026-09-08 — web.json.gz"). A capture is known by the
// id its owner gives it. A suite's baseline starts with "★", in bold.
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
    };
    struct Group {
        std::string suiteKey;
        QString title;
        std::vector<Entry> entries;
    };
    std::vector<Group> m_groups;
    BaselineSet m_baselines;
};
