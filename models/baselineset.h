#pragma once

#include "capture.h"

#include <QString>
#include <QVariantMap>

// The capture each suite compares against by default: at most one per
// suite, named by the suite's key (CaptureListModel::suiteKey) and the
// capture's identity, so it is found again when the file is reopened,
// moved or renamed. Kept in the settings as a map.
class BaselineSet {
public:
    BaselineSet() = default;
    static BaselineSet fromMap(const QVariantMap &map);
    QVariantMap toMap() const { return m_bySuite; }

    // The revision id and capture time ("abc123 @ 2026-09-08T12:00:00Z"),
    // or the file's path when the capture records neither.
    static QString identity(const bs::Capture &capture);

    bool isBaseline(const bs::Capture &capture) const;
    bool hasBaseline(const std::string &suiteKey) const;
    // Makes `capture` its suite's baseline, replacing the one before.
    void set(const bs::Capture &capture);
    void clear(const std::string &suiteKey);

    bool operator==(const BaselineSet &o) const { return m_bySuite == o.m_bySuite; }

private:
    QVariantMap m_bySuite; // suite key → identity
};
