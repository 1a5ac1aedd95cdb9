#include "baselineset.h"

#include "capturelistmodel.h"
#include "qs.h"

#include <QFileInfo>

BaselineSet BaselineSet::fromMap(const QVariantMap &map)
{
    BaselineSet set;
    for (auto it = map.begin(); it != map.end(); ++it)
        if (!it.key().isEmpty() && !it.value().toString().isEmpty())
            set.m_bySuite.insert(it.key(), it.value().toString());
    return set;
}

QString BaselineSet::identity(const bs::Capture &capture)
{
    if (capture.revision.id.empty() && capture.capturedAt.empty())
        return QFileInfo(qs(capture.sourcePath)).absoluteFilePath();
    return qs(capture.revision.id) + QStringLiteral(" @ ") + qs(capture.capturedAt);
}

bool BaselineSet::isBaseline(const bs::Capture &capture) const
{
    const auto it = m_bySuite.constFind(qs(CaptureListModel::suiteKey(capture)));
    return it != m_bySuite.constEnd() && it.value().toString() == identity(capture);
}

bool BaselineSet::hasBaseline(const std::string &suiteKey) const
{
    return m_bySuite.contains(qs(suiteKey));
}

void BaselineSet::set(const bs::Capture &capture)
{
    m_bySuite.insert(qs(CaptureListModel::suiteKey(capture)), identity(capture));
}

void BaselineSet::clear(const std::string &suiteKey)
{
    m_bySuite.remove(qs(suiteKey));
}
